import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { defineModule, route } from '../../http/module.js';
import { allowedReturn, withToken } from './service.js';

const redirectBody = z.object({ redirect: z.string().min(1).max(2000) });
const urlAnswer = z.object({ url: z.string() });

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * The embedded single sign-on's server side. The pages `/sso/authorize` and `/sso/logout` live in the web app;
 * they only ever navigate to addresses these routes approved (no open redirect).
 */
export const ssoModule = defineModule({
  prefix: '/api/sso',
  tag: 'sso',
  routes: [
    route({
      method: 'POST',
      url: '/check',
      summary: 'Whether single sign-on may return to this address; answers it made absolute',
      policy: 'sso.check',
      body: redirectBody,
      answer: urlAnswer,
      handler: ({ ctx, body, request }) => ({
        url: allowedReturn(body.redirect, ownOrigin(request), ctx.config.accounts.ssoAllowedOrigins).toString(),
      }),
    }),

    route({
      method: 'POST',
      url: '/redirect',
      summary: 'The approved return address with `?token=` of this session appended',
      policy: 'sso.redirect',
      body: redirectBody,
      answer: urlAnswer,
      handler: ({ ctx, body, request }) => {
        const url = allowedReturn(body.redirect, ownOrigin(request), ctx.config.accounts.ssoAllowedOrigins);
        const token = (request.headers.authorization ?? '').slice('Bearer '.length).trim();
        return { url: withToken(url, token) };
      },
    }),
  ],
});
