import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorize, type Action, type policies } from './index.js';

/**
 * Staff routes under /api/admin answer 401/403 before they look at the body: a visitor or member learns nothing
 * about a staff route's payload. Handlers still call `authorize` themselves; this only runs the check earlier.
 */
export function authorizeAdminRoutesEarly(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/admin/')) authorize(request.actor, 'site.manage');
  });
}

type ThinglessAction = {
  [A in Action]: Parameters<(typeof policies)[A]>[1] extends undefined ? A : never;
}[Action];

/**
 * A route's `preValidation` that runs a thing-less policy before the body is validated, so a visitor is told
 * 401 (and staff 403) rather than a validation message. The handler's own `authorize` stays.
 */
export function authorizeEarly(action: ThinglessAction) {
  return async (request: FastifyRequest): Promise<void> => {
    (authorize as (actor: FastifyRequest['actor'], action: Action) => void)(request.actor, action);
  };
}
