/** The site shell (site info, menus, footer, links, client versions): its only public face. */
export { siteModule } from './routes.js';
export { siteAdminModule } from './manage-routes.js';
export { invalidateSiteCache } from './service.js';
