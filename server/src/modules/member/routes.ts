import { z } from 'zod';
import { envelope, memberInfo } from '@textbook/contracts';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { clearSessionCookies } from '../../http/session-cookie.js';
import { authorize } from '../../policies/index.js';
import { isMember } from '../../policies/helpers.js';
import { closeSession } from '../session/service.js';
import { getMemberInfo } from './service.js';

export const memberRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['member'];

  r.get(
    '/api/getMemberInfo',
    {
      schema: {
        tags,
        summary: 'The logged-in member, for the current college',
        response: { 200: envelope(z.object({ member: memberInfo })) },
      },
    },
    async (request) => {
      const actor = request.actor;
      authorize(actor, 'member.readSelf');
      if (!isMember(actor)) throw new Error('unreachable: policy admitted a visitor');
      return ok({ member: await getMemberInfo(ctx, actor.memberId) });
    },
  );

  r.post(
    '/api/logout',
    { schema: { tags, summary: 'End this session', response: { 200: envelope(z.null()) } } },
    async (request, reply) => {
      const actor = request.actor;
      authorize(actor, 'session.logout');
      if (isMember(actor)) await closeSession(ctx.db, actor.sessionId);
      clearSessionCookies(request, reply, ctx.config, 'member');
      return ok(null);
    },
  );
};
