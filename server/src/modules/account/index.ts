/** The account module's public face: its routes and the services other modules (and the test routes) call. */
export { accountModule } from './routes.js';
export { createTestMember, switchCollege } from './service.js';
