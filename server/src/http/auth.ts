import type { FastifyInstance } from 'fastify';
import { actorOfToken, knownActor } from '../modules/session/service.js';
import { EXPIRED_VISITOR, VISITOR } from './actor.js';
import type { AppContext } from './context.js';

/**
 * Reads the bearer token (or, for plain browser loads, nothing) and makes the caller known as `request.actor`.
 * A token seen in the last seconds is answered at once (no promise on the hot path); others are looked up.
 */
export function registerAuthHook(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('actor', null as never);
  app.addHook('onRequest', (request, _reply, done) => {
    request.actor = VISITOR;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return done();
    const token = header.slice(7).trim();
    if (!token) return done();
    const known = knownActor(ctx, token);
    if (known) {
      request.actor = known;
      return done();
    }
    actorOfToken(ctx, token).then((actor) => {
      request.actor = actor ?? EXPIRED_VISITOR;
      done();
    }, done);
  });
}
