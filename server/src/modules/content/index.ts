/** Site content (menus' items, members' writing and its audit, site images): its only public face. */
export { contentModule } from './routes.js';
export { IMAGE_ROUTE } from './images.js';
export { sanitizeRichText } from './sanitize.js';
export { readAgreement } from './service.js';
