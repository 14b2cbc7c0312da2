import { sql } from 'kysely';
import {
  AdminMsg,
  type AdminMemberQuery,
  type AdminMemberRow,
  type CacheRow,
  type MonitorAnswer,
  type OnlineQuery,
  type OnlineRow,
  type Paged,
} from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { pageWindow } from '../../http/paging.js';
import { closeSessionsOfMember, forceEndSession, openSessionCounts, openSessions } from '../session/index.js';
import { PeopleMsg, type AdminMemberDetail } from '@textbook/contracts';
import { refused } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/unique.js';
import {
  memberRecord,
  memberships,
  phoneInUse,
  searchMembers,
  setMemberDisabled,
  updateMemberFields,
} from '../member/index.js';
import { parseRoles } from '../session/index.js';
import { shelfSources } from '../shelf/index.js';

/**
 * Operating the platform from the admin console (issue 19): online users and force logout, members, the server
 * monitor (this instance's process, event loop, database, Redis, worker pool) and this instance's read caches.
 */

export function onlineUsers(ctx: AppContext, query: OnlineQuery): Promise<Paged<OnlineRow>> {
  return openSessions(ctx.db, { keyword: query.keyword }, pageWindow(query));
}

/** Ends one session, or every session of a member; their next request is a visitor's (asked to log in again). */
export async function forceLogout(
  ctx: AppContext,
  input: { sessionId?: number | undefined; memberId?: number | undefined },
) {
  if (input.sessionId !== undefined) {
    if (!(await forceEndSession(ctx, ctx.db, input.sessionId))) throw notFound();
  } else if (input.memberId !== undefined) {
    await closeSessionsOfMember(ctx, ctx.db, input.memberId);
  }
  return AdminMsg.FORCED_OFFLINE;
}

export async function members(ctx: AppContext, query: AdminMemberQuery): Promise<Paged<AdminMemberRow>> {
  const { rows, total } = await searchMembers(ctx, query.keyword, pageWindow(query));
  const counts = await openSessionCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => ({ ...r, sessions: counts.get(r.id) ?? 0 })), total };
}

export type MemberRecord = NonNullable<Awaited<ReturnType<typeof memberRecord>>>;

/** The member a console route is about (the audit log's "before"); 404 when there is none. */
export async function loadMember(ctx: AppContext, id: number): Promise<MemberRecord> {
  const member = await memberRecord(ctx, id);
  if (!member) throw notFound();
  return member;
}

/** One member for the console: their memberships (college, roles) and where each book on their shelf came from. */
export async function memberDetail(ctx: AppContext, member: MemberRecord): Promise<AdminMemberDetail> {
  const [colleges, shelf, counts] = await Promise.all([
    memberships(ctx, member.id),
    shelfSources(ctx.db, member.id),
    openSessionCounts(ctx.db, [member.id]),
  ]);
  return {
    id: member.id,
    phone: member.phone,
    userName: member.userName,
    realName: member.realName,
    disabled: member.disabled,
    createdAt: member.createdAt,
    sessions: counts.get(member.id) ?? 0,
    memberships: colleges.map((c) => ({
      collegeId: c.collegeId,
      collegeName: c.collegeName,
      roles: parseRoles(c.roles),
      realName: c.realName,
      studentId: c.studentId,
      current: c.collegeId === member.currentCollegeId,
    })),
    shelf: shelf.map((s) => ({ ...s })),
  };
}

/** Disables an account: every session ends at once (the next request asks to log in) and no login passes. */
export async function disableMember(ctx: AppContext, member: MemberRecord): Promise<string> {
  await setMemberDisabled(ctx, member.id, true);
  await closeSessionsOfMember(ctx, ctx.db, member.id);
  return PeopleMsg.MEMBER_DISABLED;
}

export async function enableMember(ctx: AppContext, member: MemberRecord): Promise<string> {
  await setMemberDisabled(ctx, member.id, false);
  return PeopleMsg.MEMBER_ENABLED;
}

/**
 * Resets the phone a member logs in with (they lost the old one): the new number must be nobody's; their
 * sessions end, so they log in again with the new phone.
 */
export async function resetPhone(ctx: AppContext, member: MemberRecord, phone: string): Promise<string> {
  if (phone === member.phone) throw refused(PeopleMsg.PHONE_SAME);
  if (await phoneInUse(ctx, phone)) throw refused(PeopleMsg.PHONE_TAKEN);
  try {
    await updateMemberFields(ctx, member.id, { phone });
  } catch (error) {
    // Another member took the number in the same moment (the column is unique).
    throw isUniqueViolation(error) ? refused(PeopleMsg.PHONE_TAKEN) : error;
  }
  await closeSessionsOfMember(ctx, ctx.db, member.id);
  return PeopleMsg.PHONE_RESET;
}

/** The last CPU sample of this instance (the event-loop delay is the metrics', `ctx.metrics.loop`). */
interface Probe {
  cpu: { at: number; usage: NodeJS.CpuUsage };
}

export function startProbe(ctx: AppContext): Probe {
  return ctx.local('operate:probe', () => ({ cpu: { at: Date.now(), usage: process.cpuUsage() } }));
}

async function timed(work: () => Promise<unknown>): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  try {
    await work();
    return { ok: true, ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { ok: false, ms: Math.round((performance.now() - started) * 10) / 10 };
  }
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

export async function monitor(ctx: AppContext): Promise<MonitorAnswer> {
  const probe = startProbe(ctx);
  const now = Date.now();
  const usage = process.cpuUsage(probe.cpu.usage);
  const elapsedMs = Math.max(1, now - probe.cpu.at);
  probe.cpu = { at: now, usage: process.cpuUsage() };
  const memory = process.memoryUsage();
  const loop = ctx.metrics.loop();
  const database = await timed(() => sql`select 1`.execute(ctx.db));
  const redis = await timed(async () => {
    await ctx.kv.set('operate:ping', String(now), 5_000);
    await ctx.kv.get('operate:ping');
  });
  const answer: MonitorAnswer = {
    uptimeSeconds: Math.round(process.uptime()),
    memory: { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, external: memory.external },
    cpu: {
      userMs: Math.round(usage.user / 1000),
      systemMs: Math.round(usage.system / 1000),
      percent: Math.round(((usage.user + usage.system) / 1000 / elapsedMs) * 1000) / 10,
    },
    eventLoop: { meanMs: round1(loop.meanMs), p99Ms: round1(loop.p99Ms), maxMs: round1(loop.maxMs) },
    database: { dialect: ctx.dialect, ...database },
    redis: { configured: Boolean(ctx.config.redisUrl), ...redis },
    workers: ctx.workers.stats(),
    // The numbers `/metrics` serves, from the same registry (histograms as their sums and counts).
    metrics: (await ctx.metrics.registry.getMetricsAsJSON()).map(({ name, help, type, values }) => ({
      name,
      help,
      type: String(type) as MonitorAnswer['metrics'][number]['type'],
      values: (values as { labels: Record<string, string | number>; value: number; metricName?: string }[])
        .filter((v) => !v.metricName?.endsWith('_bucket'))
        .map((v) => ({
          labels: Object.fromEntries(Object.entries(v.labels).map(([k, l]) => [k, String(l)])),
          value: v.value,
          ...(v.metricName ? { metricName: v.metricName } : {}),
        })),
    })),
  };
  return answer;
}

export function caches(ctx: AppContext): CacheRow[] {
  return ctx.caches.list();
}

export function clearCache(ctx: AppContext, name: string): string {
  if (!ctx.caches.clear(name)) throw notFound(AdminMsg.NO_SUCH_CACHE);
  return AdminMsg.CACHE_CLEARED;
}
