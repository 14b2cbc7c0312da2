/** The embedded single sign-on's public face: its routes. */
export { ssoModule } from './routes.js';
