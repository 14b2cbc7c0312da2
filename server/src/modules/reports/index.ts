/** The reports' public face: the member and staff modules (the figures come from `modules/rollups`). */
export { reportAdminModule, reportsModule } from './routes.js';
