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
  adminMemberDetail,
  idQuery,
  jobNameBody,
  jobRow,
  memberIdBody,
  memberPhoneReset,
  PeopleMsg,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { defineModule, route, say } from '../../http/module.js';
import * as service from './service.js';
import * as jobs from './jobs.js';

/** A write about one member: the member as it was goes to the audit log's "before". */
const memberBefore = ({ ctx, body }: { ctx: AppContext; body: { id: number } }) => service.loadMember(ctx, body.id);

/**
 * Operating the platform (admin console, issue 19), under `/api/admin` with the action `admin.operate` (the super
 * administrator's: policies/staff-access.ts). Force logout is recorded in the audit log by the corridor.
 */
export const operateModule = defineModule({
  prefix: '/api/admin',
  tag: 'operate',
  setup: (app, ctx) => {
    service.startProbe(ctx);
    ctx.local('operate:probeJob', () => jobs.startProbeJob(ctx, app.log));
    ctx.local('operate:backupJob', () => jobs.startBackupJob(ctx, app.log));
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
      url: '/member/detail',
      summary: 'One member: memberships (college, roles) and where each book on the shelf came from',
      policy: 'admin.operate',
      query: idQuery,
      answer: adminMemberDetail,
      handler: async ({ ctx, query }) => service.memberDetail(ctx, await service.loadMember(ctx, query.id)),
    }),
    route({
      method: 'POST',
      url: '/member/disable',
      summary: 'Disable an account: its sessions end at once and it cannot log in until enabled',
      policy: 'admin.operate',
      body: memberIdBody,
      answer: z.null(),
      audit: { before: memberBefore },
      handler: async ({ ctx, body }) =>
        say(await service.disableMember(ctx, await service.loadMember(ctx, body.id)), null),
    }),
    route({
      method: 'POST',
      url: '/member/enable',
      summary: 'Enable a disabled account again',
      policy: 'admin.operate',
      body: memberIdBody,
      answer: z.null(),
      audit: { before: memberBefore },
      handler: async ({ ctx, body }) =>
        say(await service.enableMember(ctx, await service.loadMember(ctx, body.id)), null),
    }),
    route({
      method: 'POST',
      url: '/member/resetPhone',
      summary: "Reset the phone a member logs in with (an unused number); the member's sessions end",
      policy: 'admin.operate',
      body: memberPhoneReset,
      answer: z.null(),
      audit: { before: memberBefore },
      handler: async ({ ctx, body }) =>
        say(await service.resetPhone(ctx, await service.loadMember(ctx, body.id), body.phone), null),
    }),
    route({
      method: 'GET',
      url: '/jobs',
      summary: "The app's scheduled jobs on this instance: last run, result, next run, paused",
      policy: 'admin.jobs',
      answer: z.array(jobRow),
      handler: ({ ctx }) => ctx.jobs.list(),
    }),
    route({
      method: 'POST',
      url: '/jobs/run',
      summary: 'Run one job now (answers after the round; refused while a round is running)',
      policy: 'admin.jobs',
      body: jobNameBody,
      answer: jobRow,
      handler: async ({ ctx, body }) => say(PeopleMsg.JOB_RAN, await jobs.runNow(ctx, body.name)),
    }),
    route({
      method: 'POST',
      url: '/jobs/pause',
      summary: "Pause a job: its timer stops until resumed (this instance's)",
      policy: 'admin.jobs',
      body: jobNameBody,
      answer: jobRow,
      handler: ({ ctx, body }) => say(PeopleMsg.JOB_PAUSED, jobs.pause(ctx, body.name)),
    }),
    route({
      method: 'POST',
      url: '/jobs/resume',
      summary: 'Resume a paused job',
      policy: 'admin.jobs',
      body: jobNameBody,
      answer: jobRow,
      handler: ({ ctx, body }) => say(PeopleMsg.JOB_RESUMED, jobs.resume(ctx, body.name)),
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
