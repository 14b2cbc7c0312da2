/** Teacher certifications' public face (issue 19): the member's and the staff's modules. */
export { teacherCertAdminModule, teacherCertModule } from './routes.js';
