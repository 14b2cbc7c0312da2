import { z } from 'zod';
import { adoptTokenAnswer, adoptTokenBody, AuthMsg } from '@textbook/contracts';
import { forbidden } from '../../http/errors.js';
import { defineModule, route } from '../../http/module.js';
import { callerToken, setSessionCookies, webClient } from '../../http/session-cookie.js';
import { adoptToken, allowedReturn, returnUrl } from './service.js';

const redirectBody = z.object({ redirect: z.string().min(1).max(2000) });
const urlAnswer = z.object({ url: z.string() });

/**
 * The embedded single sign-on's server side. The pages `/sso/authorize` and `/sso/logout` live in the web app;
 * they only ever navigate to addresses these routes approved (no open redirect). Return addresses are judged
 * against the configured public origin, never against request headers.
 */
export const ssoModule = defineModule({
  prefix: '/api/sso',
  tag: 'sso',
  routes: [
    route({
      method: 'POST',
      url: '/check',
      summary: 'Whether single sign-on may return to this address; answers a path of this site or the allowed address',
      policy: 'sso.check',
      body: redirectBody,
      answer: urlAnswer,
      handler: ({ ctx, body }) => ({
        url: returnUrl(
          allowedReturn(body.redirect, ctx.config.publicOrigin, ctx.config.accounts.ssoAllowedOrigins),
          undefined,
        ),
      }),
    }),

    route({
      method: 'POST',
      url: '/redirect',
      summary:
        'The approved return address: a path of this site as it is (the cookie carries the session), an allowed origin with `?token=`',
      policy: 'sso.redirect',
      body: redirectBody,
      answer: urlAnswer,
      handler: ({ ctx, body, request }) => {
        const target = allowedReturn(body.redirect, ctx.config.publicOrigin, ctx.config.accounts.ssoAllowedOrigins);
        return { url: returnUrl(target, callerToken(request)) };
      },
    }),

    route({
      method: 'POST',
      url: '/adopt',
      summary:
        'The web app hands over the token of a single sign-on return address (once, from its own pages): it becomes this browser’s session cookie; answers who that is',
      policy: 'sso.adopt',
      body: adoptTokenBody,
      answer: adoptTokenAnswer,
      handler: async ({ ctx, body, request, reply }) => {
        if (!webClient(request)) throw forbidden(AuthMsg.CSRF_REFUSED);
        const who = await adoptToken(ctx, body.token);
        setSessionCookies(request, reply, ctx.config, 'member', body.token);
        return who;
      },
    }),
  ],
});
