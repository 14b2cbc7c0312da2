import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { defineModule, route } from '../../http/module.js';
import { notFound } from '../../http/errors.js';
import { createMember, memberExists } from '../member/index.js';
import { notify } from '../notice/index.js';
import { openSession, openStaffSession } from '../session/index.js';
import { createTestStaff } from '../staff/index.js';

/**
 * Sessions and members for the browser journeys, without the login forms. Registered with the other testing
 * modules (`testing/index.ts`) only when `config.testRoutes` is on, which configuration never allows with
 * NODE_ENV=production.
 */
export const testingModule = defineModule({
  prefix: '/api/test',
  tag: 'testing',
  routes: [
    route({
      method: 'POST',
      url: '/session',
      summary: 'A session of a member',
      hide: true,
      policy: 'public',
      body: z.object({ memberId: z.number().int() }),
      answer: z.object({ token: z.string() }),
      handler: async ({ ctx, body }) => {
        if (!(await memberExists(ctx, body.memberId))) throw notFound();
        return { token: await openSession(ctx.db, body.memberId) };
      },
    }),

    route({
      method: 'POST',
      url: '/member',
      summary: 'A new member',
      hide: true,
      policy: 'public',
      body: z.object({ userName: z.string().min(1).max(50), phone: z.string().optional() }),
      answer: z.object({ id: z.number() }),
      handler: async ({ ctx, body }) => ({
        id: await createMember(ctx, { phone: body.phone ?? null, userName: body.userName }),
      }),
    }),

    route({
      method: 'POST',
      url: '/notices',
      summary: 'Many system notices for one member',
      hide: true,
      policy: 'public',
      body: z.object({ memberId: z.number().int(), count: z.number().int().min(1).max(1000) }),
      answer: z.null(),
      handler: async ({ ctx, body }) => {
        await notify(
          ctx,
          Array.from({ length: body.count }, (_, i) => ({
            member_id: body.memberId,
            type: 'system',
            title: `测试通知 ${i + 1}`,
          })),
        );
        return null;
      },
    }),

    route({
      method: 'POST',
      url: '/staff-session',
      summary: 'A fresh staff account with a session',
      hide: true,
      policy: 'public',
      body: z.object({}).optional(),
      answer: z.object({ id: z.number(), token: z.string() }),
      handler: async ({ ctx }) => {
        const name = `e2e-staff-${Date.now()}-${randomBytes(3).toString('hex')}`;
        const { id } = await createTestStaff(ctx, name, randomBytes(12).toString('base64url'), false);
        return { id, token: await openStaffSession(ctx.db, id) };
      },
    }),
  ],
});
