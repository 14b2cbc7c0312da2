import { z } from 'zod';
import { adoptTokenAnswer, adoptTokenBody, AuthMsg, envelope } from '@textbook/contracts';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import { callerToken, setSessionCookies, webClient } from '../../http/session-cookie.js';
import { authorize } from '../../policies/index.js';
import { adoptToken, allowedReturn, returnUrl } from './service.js';

const redirectBody = z.object({ redirect: z.string().min(1).max(2000) });
const urlAnswer = envelope(z.object({ url: z.string() }));

/**
 * The embedded single sign-on's server side. The pages `/sso/authorize` and `/sso/logout` live in the web app;
 * they only ever navigate to addresses these routes approved (no open redirect). Return addresses are judged
 * against the configured public origin, never against request headers.
 */
export const ssoRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sso'];
  const allowed = ctx.config.accounts.ssoAllowedOrigins;
  const publicOrigin = ctx.config.publicOrigin;

  r.post(
    '/api/sso/check',
    {
      schema: {
        tags,
        summary:
          'Whether single sign-on may return to this address; answers a path of this site or the allowed address',
        body: redirectBody,
        response: { 200: urlAnswer },
      },
    },
    async (request) => {
      authorize(request.actor, 'sso.check');
      return ok({ url: returnUrl(allowedReturn(request.body.redirect, publicOrigin, allowed), undefined) });
    },
  );

  r.post(
    '/api/sso/redirect',
    {
      schema: {
        tags,
        summary:
          'The approved return address: a path of this site as it is (the cookie carries the session), an allowed origin with `?token=`',
        body: redirectBody,
        response: { 200: urlAnswer },
      },
    },
    async (request) => {
      authorize(request.actor, 'sso.redirect');
      const target = allowedReturn(request.body.redirect, publicOrigin, allowed);
      return ok({ url: returnUrl(target, callerToken(request)) });
    },
  );

  r.post(
    '/api/sso/adopt',
    {
      schema: {
        tags,
        summary:
          'The web app hands over the token of a single sign-on return address (once, from its own pages): it becomes this browser’s session cookie; answers who that is',
        body: adoptTokenBody,
        response: { 200: envelope(adoptTokenAnswer) },
      },
    },
    async (request, reply) => {
      authorize(request.actor, 'sso.adopt');
      if (!webClient(request)) throw forbidden(AuthMsg.CSRF_REFUSED);
      const who = await adoptToken(ctx, request.body.token);
      setSessionCookies(request, reply, ctx.config, 'member', request.body.token);
      return ok(who);
    },
  );
};
