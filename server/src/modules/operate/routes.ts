import { z } from 'zod';
import {
  adminMemberQuery,
  adminMemberRow,
  cacheClearBody,
  cacheRow,
  forceLogoutBody,
  monitorAnswer,
  onlineQuery,
  onlineRow,
  paged,
} from '@textbook/contracts';
import { defineModule, route, say } from '../../http/module.js';
import * as service from './service.js';

/**
 * Operating the platform (admin console, issue 19), under `/api/admin` with the action `admin.operate` (the super
 * administrator's: policies/staff-access.ts). Force logout is recorded in the audit log by the corridor.
 */
export const operateModule = defineModule({
  prefix: '/api/admin',
  tag: 'operate',
  setup: (_app, ctx) => {
    service.startProbe(ctx);
  },
  routes: [
    route({
      method: 'GET',
      url: '/online/page',
      summary: "Online users: members' open sessions, most recently active first (search by phone or name)",
      policy: 'admin.operate',
      query: onlineQuery,
      answer: paged(onlineRow),
      handler: ({ ctx, query }) => service.onlineUsers(ctx, query),
    }),
    route({
      method: 'POST',
      url: '/online/logout',
      summary: "Force logout: ends one session (sessionId) or all of a member's (memberId) at once",
      policy: 'admin.operate',
      body: forceLogoutBody,
      answer: z.null(),
      handler: async ({ ctx, body }) => say(await service.forceLogout(ctx, body), null),
    }),
    route({
      method: 'GET',
      url: '/member/page',
      summary: 'Members: search by phone, name or user name, with their open sessions',
      policy: 'admin.operate',
      query: adminMemberQuery,
      answer: paged(adminMemberRow),
      handler: ({ ctx, query }) => service.members(ctx, query),
    }),
    route({
      method: 'GET',
      url: '/monitor',
      summary: "Server monitor: this instance's memory, CPU, event-loop delay, database and Redis health, worker pool",
      policy: 'admin.operate',
      answer: monitorAnswer,
      handler: ({ ctx }) => service.monitor(ctx),
    }),
    route({
      method: 'GET',
      url: '/cache/list',
      summary: "This instance's read caches: name, entries, time limit, size limit",
      policy: 'admin.operate',
      answer: z.array(cacheRow),
      handler: ({ ctx }) => service.caches(ctx),
    }),
    route({
      method: 'POST',
      url: '/cache/clear',
      summary: 'Empties one read cache of this instance (it refills on the next reads)',
      policy: 'admin.operate',
      body: cacheClearBody,
      answer: z.null(),
      handler: ({ ctx, body }) => say(service.clearCache(ctx, body.name), null),
    }),
  ],
});
