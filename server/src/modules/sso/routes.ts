import { z } from 'zod';
import { envelope } from '@textbook/contracts';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { authorize } from '../../policies/index.js';
import { allowedReturn, withToken } from './service.js';

const redirectBody = z.object({ redirect: z.string().min(1).max(2000) });
const urlAnswer = envelope(z.object({ url: z.string() }));

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * The embedded single sign-on's server side. The pages `/sso/authorize` and `/sso/logout` live in the web app;
 * they only ever navigate to addresses these routes approved (no open redirect).
 */
export const ssoRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sso'];
  const allowed = ctx.config.accounts.ssoAllowedOrigins;

  r.post(
    '/api/sso/check',
    {
      schema: {
        tags,
        summary: 'Whether single sign-on may return to this address; answers it made absolute',
        body: redirectBody,
        response: { 200: urlAnswer },
      },
    },
    async (request) => {
      authorize(request.actor, 'sso.check');
      return ok({ url: allowedReturn(request.body.redirect, ownOrigin(request), allowed).toString() });
    },
  );

  r.post(
    '/api/sso/redirect',
    {
      schema: {
        tags,
        summary: 'The approved return address with `?token=` of this session appended',
        body: redirectBody,
        response: { 200: urlAnswer },
      },
    },
    async (request) => {
      authorize(request.actor, 'sso.redirect');
      const url = allowedReturn(request.body.redirect, ownOrigin(request), allowed);
      const token = (request.headers.authorization ?? '').slice('Bearer '.length).trim();
      return ok({ url: withToken(url, token) });
    },
  );
};
