import { z } from 'zod';
import { envelope } from '@textbook/contracts';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { createMember, memberExists } from '../member/service.js';
import { notify } from '../notice/service.js';
import { openSession, openStaffSession } from '../session/service.js';
import { classTestingRoutes } from './classes.js';

/**
 * Routes for the browser journeys only. They are registered when `config.testRoutes` is on, which
 * configuration never allows with NODE_ENV=production, so they do not exist on a production server.
 */
export const testingRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hide = { hide: true };

  r.post(
    '/api/test/session',
    {
      schema: {
        ...hide,
        body: z.object({ memberId: z.number().int() }),
        response: { 200: envelope(z.object({ token: z.string() })) },
      },
    },
    async (request) => {
      if (!(await memberExists(ctx, request.body.memberId))) throw notFound();
      return ok({ token: await openSession(ctx.db, request.body.memberId) });
    },
  );

  r.post(
    '/api/test/member',
    {
      schema: {
        ...hide,
        body: z.object({ userName: z.string().min(1).max(50), phone: z.string().optional() }),
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok({ id: await createMember(ctx, { phone: request.body.phone ?? null, userName: request.body.userName }) }),
  );

  r.post(
    '/api/test/notices',
    {
      schema: {
        ...hide,
        body: z.object({ memberId: z.number().int(), count: z.number().int().min(1).max(1000) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { memberId, count } = request.body;
      await notify(
        ctx,
        Array.from({ length: count }, (_, i) => ({ member_id: memberId, type: 'system', title: `测试通知 ${i + 1}` })),
      );
      return ok(null);
    },
  );

  r.post(
    '/api/test/staff-session',
    {
      schema: {
        ...hide,
        body: z.object({}).optional(),
        response: { 200: envelope(z.object({ id: z.number(), token: z.string() })) },
      },
    },
    async () => {
      // A fresh staff account with a session (the staff login itself is the accounts issue's).
      const { id } = await ctx.db
        .insertInto('staff')
        .values({
          user_name: `e2e-staff-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
          password_hash: 'not-a-login',
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return ok({ id, token: await openStaffSession(ctx.db, id) });
    },
  );
  await app.register(classTestingRoutes(ctx));
};
