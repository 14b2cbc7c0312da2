import type { FastifyInstance } from 'fastify';
import { authorize } from './index.js';

/**
 * Staff routes under /api/admin answer 401/403 before they look at the body: a visitor or member learns nothing
 * about a staff route's payload. Handlers still call `authorize` themselves; this only runs the check earlier.
 */
export function authorizeAdminRoutesEarly(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/admin/')) authorize(request.actor, 'site.manage');
  });
}
