import { z } from 'zod';
import {
  envelope,
  staffCreateBody,
  staffInfo,
  staffLoginBody,
  staffUpdateBody,
  tokenAnswer,
} from '@textbook/contracts';
import type { FastifyRequest } from 'fastify';
import type { Actor, StaffActor } from '../../http/actor.js';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { clearSessionCookies, setSessionCookies } from '../../http/session-cookie.js';
import { authorize } from '../../policies/index.js';
import { asStaff } from '../../policies/helpers.js';
import { closeStaffSession, openStaffSession } from '../session/service.js';
import * as service from './service.js';

/** Staff management is decided before the body is validated. */
const managerFirst = {
  preValidation: async (request: FastifyRequest) => {
    authorize(request.actor, 'staff.manage');
  },
};

function staff(actor: Actor, action: 'staff.self' | 'staff.manage'): StaffActor {
  authorize(actor, action);
  return asStaff(actor);
}

/** The publisher's staff: their own sign-in and sessions, and staff management by staff administrators. */
export const staffRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  app.addHook('onReady', async () => service.ensureFirstAdmin(ctx, app.log));

  r.post(
    '/api/staff/login',
    {
      schema: {
        tags,
        summary: 'Staff sign-in (password encrypted like member login); locks after repeated failures',
        body: staffLoginBody,
        response: { 200: envelope(tokenAnswer) },
      },
    },
    async (request, reply) => {
      authorize(request.actor, 'staff.login');
      const token = await service.staffLogin(ctx, request.body);
      setSessionCookies(request, reply, ctx.config, 'staff', token);
      return ok({ token });
    },
  );

  r.post(
    '/api/staff/logout',
    { schema: { tags, summary: 'Ends this staff session', response: { 200: envelope(z.null()) } } },
    async (request, reply) => {
      await closeStaffSession(ctx.db, staff(request.actor, 'staff.self').sessionId);
      clearSessionCookies(request, reply, ctx.config, 'staff');
      return ok(null);
    },
  );

  r.get(
    '/api/staff/me',
    { schema: { tags, summary: 'The signed-in staff member', response: { 200: envelope(staffInfo) } } },
    async (request) => ok(await service.staffMe(ctx, staff(request.actor, 'staff.self'))),
  );

  r.get(
    '/api/staff/list',
    {
      schema: {
        tags,
        summary: 'Staff administrators: every staff account',
        response: { 200: envelope(z.array(staffInfo)) },
      },
    },
    async (request) => {
      staff(request.actor, 'staff.manage');
      return ok(await service.listStaff(ctx));
    },
  );

  r.post(
    '/api/staff/create',
    {
      ...managerFirst,
      schema: {
        tags,
        summary: 'Staff administrators: a new staff account (password encrypted)',
        body: staffCreateBody,
        response: { 200: envelope(staffInfo) },
      },
    },
    async (request) => {
      staff(request.actor, 'staff.manage');
      return ok(await service.createStaff(ctx, request.body));
    },
  );

  r.post(
    '/api/staff/update',
    {
      ...managerFirst,
      schema: {
        tags,
        summary: 'Staff administrators: change, disable or reset another staff account',
        body: staffUpdateBody,
        response: { 200: envelope(staffInfo) },
      },
    },
    async (request) => ok(await service.updateStaff(ctx, staff(request.actor, 'staff.manage'), request.body)),
  );

  // Browser journeys only (TEST_ROUTES, never in production): a staff session without the login form.
  if (ctx.config.testRoutes) {
    r.post(
      '/api/test/staff',
      {
        schema: {
          hide: true,
          body: z.object({ userName: z.string().min(3).max(50), password: z.string().min(1), isAdmin: z.boolean() }),
          response: { 200: envelope(z.object({ id: z.number(), token: z.string() })) },
        },
      },
      async (request) => {
        const { userName, password, isAdmin } = request.body;
        const { id } = await service.createTestStaff(ctx, userName, password, isAdmin);
        return ok({ id, token: await openStaffSession(ctx.db, id) });
      },
    );
  }
};
