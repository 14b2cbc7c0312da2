import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection.js';
import { resolveStaffToken, resolveToken, STAFF_TOKEN_PREFIX } from '../modules/session/service.js';
import { EXPIRED_VISITOR, VISITOR } from './actor.js';

/** Reads the bearer token (or, for plain browser loads, nothing) and makes the caller known as `request.actor`. */
export function registerAuthHook(app: FastifyInstance, db: Db): void {
  app.decorateRequest('actor', null as never);
  app.addHook('onRequest', async (request) => {
    request.actor = VISITOR;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice(7).trim();
    if (!token) return;
    const actor = token.startsWith(STAFF_TOKEN_PREFIX)
      ? await resolveStaffToken(db, token)
      : await resolveToken(db, token);
    request.actor = actor ?? EXPIRED_VISITOR;
  });
}
