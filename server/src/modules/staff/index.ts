/** The staff module's public face: its routes and the test-mode account maker (`testing/staff.ts`). */
export { staffModule } from './routes.js';
export { createTestStaff } from './service.js';
