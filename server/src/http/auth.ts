import type { FastifyInstance } from 'fastify';
import { actorOfToken } from '../modules/session/service.js';
import { EXPIRED_VISITOR, VISITOR } from './actor.js';
import type { AppContext } from './context.js';

/** Reads the bearer token (or, for plain browser loads, nothing) and makes the caller known as `request.actor`. */
export function registerAuthHook(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('actor', null as never);
  app.addHook('onRequest', async (request) => {
    request.actor = VISITOR;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice(7).trim();
    if (!token) return;
    request.actor = (await actorOfToken(ctx, token)) ?? EXPIRED_VISITOR;
  });
}
