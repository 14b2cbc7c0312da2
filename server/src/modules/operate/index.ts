/** Operating the platform from the admin console: online users, members, monitor, caches. */
export { operateModule } from './routes.js';
