import { z } from 'zod';
import {
  auditQuery,
  auditRow,
  paged,
  staffCreateBody,
  staffInfo,
  staffLoginBody,
  staffUpdateBody,
  tokenAnswer,
} from '@textbook/contracts';
import { sendDownload } from '../../http/files.js';
import { defineModule, HEAVY, route } from '../../http/module.js';
import { asStaff } from '../../policies/helpers.js';
import { endSession } from '../session/index.js';
import { clearSessionCookies, signedIn } from '../../http/session-cookie.js';
import * as service from './service.js';
import * as audit from './audit.js';

/**
 * The publisher's staff: their own sign-in (`/api/staff/login`, public) and, under `/api/admin/staff/…` (staff
 * tokens only), their session and staff management by staff administrators.
 */
export const staffModule = defineModule({
  prefix: '/api',
  tag: 'staff',
  setup: (app, ctx) => {
    audit.keepAuditLog(ctx);
    app.addHook('onReady', async () => service.ensureFirstAdmin(ctx, app.log));
  },
  routes: [
    route({
      method: 'POST',
      url: '/staff/login',
      summary: 'Staff sign-in (password encrypted like member login); locks after repeated failures',
      policy: 'staff.login',
      body: staffLoginBody,
      answer: tokenAnswer,
      handler: async (input) => signedIn(input, 'staff', await service.staffLogin(input.ctx, input.body)),
    }),

    route({
      method: 'POST',
      url: '/admin/staff/logout',
      summary: 'Ends this staff session',
      policy: 'staff.self',
      answer: z.null(),
      audit: false,
      handler: async ({ ctx, actor, request, reply }) => {
        clearSessionCookies(request, reply, ctx.config, 'staff');
        await endSession(ctx, asStaff(actor));
        return null;
      },
    }),

    route({
      method: 'GET',
      url: '/admin/staff/me',
      summary: 'The signed-in staff member',
      policy: 'staff.self',
      answer: staffInfo,
      handler: ({ ctx, actor }) => service.staffMe(ctx, asStaff(actor)),
    }),

    route({
      method: 'GET',
      url: '/admin/staff/list',
      summary: 'Staff administrators: every staff account',
      policy: 'staff.manage',
      answer: z.array(staffInfo),
      handler: ({ ctx }) => service.listStaff(ctx),
    }),

    route({
      method: 'POST',
      url: '/admin/staff/create',
      summary: 'Staff administrators: a new staff account (password encrypted)',
      policy: 'staff.manage',
      body: staffCreateBody,
      answer: staffInfo,
      handler: ({ ctx, body }) => service.createStaff(ctx, body),
    }),

    route({
      method: 'POST',
      url: '/admin/staff/update',
      summary: 'Staff administrators: change, disable or reset another staff account',
      policy: 'staff.manage',
      body: staffUpdateBody,
      answer: staffInfo,
      audit: {
        before: ({ ctx, body }) => service.staffSnapshot(ctx, body.id),
      },
      handler: ({ ctx, actor, body }) => service.updateStaff(ctx, asStaff(actor), body),
    }),

    route({
      method: 'GET',
      url: '/admin/audit/page',
      summary: 'The audit log of staff changes (who, what, before, after), newest first',
      policy: 'admin.audit',
      query: auditQuery,
      answer: paged(auditRow),
      handler: ({ ctx, query }) => audit.auditPage(ctx, query),
    }),

    route({
      method: 'GET',
      url: '/admin/audit/export',
      summary: 'The filtered audit log as an xlsx workbook',
      policy: 'admin.audit',
      query: auditQuery,
      rateLimit: HEAVY,
      handler: async ({ ctx, query, reply }) => sendDownload(reply, await audit.auditWorkbook(ctx, query)),
    }),
  ],
});
