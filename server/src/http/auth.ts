import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '@textbook/contracts';
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
    const bearer = header?.startsWith('Bearer ');
    const token = bearer ? header!.slice(7).trim() : header ? '' : cookieToken(request);
    if (!token) return done();
    // An unknown cookie is no claim of a session: the caller is a plain visitor.
    const unknown = bearer ? EXPIRED_VISITOR : VISITOR;
    const known = knownActor(ctx, token);
    if (known) {
      request.actor = known;
      return done();
    }
    actorOfToken(ctx, token).then((actor) => {
      request.actor = actor ?? unknown;
      done();
    }, done);
  });
}

/**
 * The `Book-Token` cookie, for the GET routes that declare `cookieAuth` only (images inside a chapter are loaded
 * by the browser, which sends the cookie but no Authorization header). Such a route has no side effect.
 */
function cookieToken(request: FastifyRequest): string {
  if (!(request.routeOptions.config as { cookieAuth?: boolean } | undefined)?.cookieAuth) return '';
  const cookie = request.headers.cookie;
  if (!cookie) return '';
  const prefix = `${TOKEN_COOKIE}=`;
  const part = cookie.split(/;\s*/).find((p) => p.startsWith(prefix));
  if (!part) return '';
  try {
    return decodeURIComponent(part.slice(prefix.length)).trim();
  } catch {
    return '';
  }
}
