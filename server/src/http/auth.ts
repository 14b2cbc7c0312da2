import { AuthMsg } from '@textbook/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOfToken, knownActor, STAFF_TOKEN_PREFIX } from '../modules/session/index.js';
import { EXPIRED_VISITOR, VISITOR, type Actor } from './actor.js';
import type { AppContext } from './context.js';
import { forbidden } from './errors.js';
import {
  clearSessionCookies,
  hasSessionCookie,
  sessionCookieToken,
  webClient,
  type SessionKind,
} from './session-cookie.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Reads the caller's token and makes the caller known as `request.actor`:
 * - `Authorization: Bearer` (API clients, tests) is used as it is; cookies are then ignored.
 * - Otherwise the session cookie (HttpOnly, set by the server): `Staff-Token` when the web client's header says
 *   `staff`, else `Book-Token`. A write (not GET/HEAD/OPTIONS) that carries a session cookie must carry the web
 *   client's header, which a cross-site page cannot send: without it the request is refused (CSRF).
 * - A cookie whose session has ended is cleared with the answer.
 * - A route declared `session: false` (authorised by a one-time token in its input) reads neither: its caller is a
 *   visitor, so neither the CSRF refusal nor a session applies (http/module.ts).
 * A token seen in the last seconds is answered at once (no promise on the hot path); others are looked up.
 */
export function registerAuthHook(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('actor', null as never);
  app.addHook('onRequest', (request, reply, done) => {
    request.actor = VISITOR;
    if ((request.routeOptions.config as { session?: false } | undefined)?.session === false) return done();
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const token = header.slice(7).trim();
      if (!token) return done();
      return resolve(
        ctx,
        token,
        (actor) => {
          request.actor = actor ?? EXPIRED_VISITOR;
          done();
        },
        done,
      );
    }
    if (!hasSessionCookie(request)) return done();
    const client = webClient(request);
    if (!client && !SAFE_METHODS.has(request.method)) return done(forbidden(AuthMsg.CSRF_REFUSED));
    const kind: SessionKind = client ?? 'member';
    const token = sessionCookieToken(request, kind);
    // Each cookie holds its own kind of token; a member cookie never carries a staff session, nor the reverse.
    if (!token || token.startsWith(STAFF_TOKEN_PREFIX) !== (kind === 'staff')) return done();
    resolve(
      ctx,
      token,
      (actor) => {
        if (actor) request.actor = actor;
        else expiredCookie(ctx, request, reply, kind);
        done();
      },
      done,
    );
  });
}

function resolve(
  ctx: AppContext,
  token: string,
  then: (actor: Actor | null) => void,
  fail: (err: Error) => void,
): void {
  const known = knownActor(ctx, token);
  if (known) return then(known);
  actorOfToken(ctx, token).then(then, fail);
}

function expiredCookie(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, kind: SessionKind): void {
  request.actor = EXPIRED_VISITOR;
  clearSessionCookies(request, reply, ctx.config, kind);
}
