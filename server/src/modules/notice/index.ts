/** The notice module's public face: its routes and `notify`, the one way other modules tell a member something. */
export { noticeModule } from './routes.js';
export { notify, page as noticePage } from './service.js';
export { busReady } from './bus.js';
