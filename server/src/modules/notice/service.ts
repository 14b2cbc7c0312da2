import type { z } from 'zod';
import { PLATFORM, type NoticeItem, type Paged, type noticeBroadcast } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import type { Actor } from '../../http/actor.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf } from '../../http/paging.js';
import { invalidate, memberRead, tag } from '../../http/read-cache.js';
import { noticeBus } from './bus.js';
import * as q from './queries.js';
import { asMember } from '../../policies/helpers.js';

/**
 * Unread notices of the platform for the caller; a visitor has none. The badge every page shows: kept per member
 * for a few seconds and dropped by every notice stored for them and every read (`tag.notices`).
 */
/** The member's unread count (the route's policy lets only members ask). */
export function unreadCount(ctx: AppContext, actor: Actor): Promise<number> {
  return cachedUnread(ctx, asMember(actor).memberId);
}

function cachedUnread(ctx: AppContext, memberId: number): Promise<number> {
  return memberRead(ctx, 'notice-count', String(memberId), async () => ({
    value: await q.countUnread(ctx.db, memberId),
    tags: [tag.notices(memberId), tag.allNotices],
  }));
}

/** Past this many members, a store drops every cached badge instead of naming each member's. */
const NAMED_BADGES = 200;

function badgesChanged(ctx: AppContext, memberIds: number[]): void {
  if (memberIds.length > NAMED_BADGES) invalidate(ctx, tag.allNotices);
  else if (memberIds.length) invalidate(ctx, ...memberIds.map(tag.notices));
}

/** Rows per insert: 8 columns each stays far below SQLite's bound-variable limit. */
const CHUNK = 500;

/**
 * The one way other modules tell a member something (class approvals, sample results, homework, audit,
 * feedback replies). After the insert, every instance's connected browsers of those members are pushed.
 */
export async function notify(
  ctx: AppContext,
  notices: Omit<q.NewNotice, 'created_at'>[],
  now = Date.now(),
): Promise<void> {
  const memberIds = await store(ctx, notices, now);
  if (memberIds.length) await publishQuietly(ctx, { memberIds });
}

/** Inserts the notices; answers the members whose platform badge changed. */
async function store(ctx: AppContext, notices: Omit<q.NewNotice, 'created_at'>[], now: number): Promise<number[]> {
  if (notices.length === 0) return [];
  // Every column given on every row: a multi-row insert on SQLite has no per-row DEFAULT.
  const rows = notices.map((n) => ({
    member_id: n.member_id,
    type: n.type,
    title: n.title,
    content: n.content ?? '',
    book_id: n.book_id ?? null,
    link: n.link ?? '',
    source: n.source ?? PLATFORM,
    created_at: now,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await q.insertNotices(ctx.db, rows.slice(i, i + CHUNK));
  const changed = [...new Set(rows.filter((r) => r.source === PLATFORM).map((r) => r.member_id))];
  badgesChanged(ctx, changed);
  return changed;
}

async function publishQuietly(ctx: AppContext, event: Parameters<ReturnType<typeof noticeBus>['publish']>[0]) {
  // The notices are stored; a push that fails only delays the badge until the next poll.
  await noticeBus(ctx)
    .publish(event)
    .catch(() => undefined);
}

export async function page(
  ctx: AppContext,
  memberId: number,
  query: { type?: string; bookId?: number; readState?: number; pageNum: number; pageSize: number },
): Promise<Paged<NoticeItem>> {
  const { rows, total } = await q.pageNotices(ctx.db, {
    memberId,
    type: query.type,
    bookId: query.bookId,
    readState: query.readState,
    offset: (query.pageNum - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return pageOf(
    rows.map(({ readAt, ...row }) => ({ ...row, read: readAt !== null })),
    total,
  );
}

export async function findNotice(ctx: AppContext, id: number) {
  const notice = await q.findNotice(ctx.db, id);
  if (!notice) throw notFound();
  return notice;
}

/** Marks one notice or all of the member's as read; the member's other tabs and devices update their badge. */
export async function markRead(ctx: AppContext, memberId: number, id: number | 'all'): Promise<number> {
  await q.markRead(ctx.db, memberId, id, Date.now());
  badgesChanged(ctx, [memberId]);
  await publishQuietly(ctx, { memberIds: [memberId] });
  return q.countUnread(ctx.db, memberId);
}

/** Polling fallback: unread count, the newest notice id and whether anything arrived after `since`. */
export async function check(ctx: AppContext, memberId: number, since: number | undefined) {
  const [unread, latestId] = await Promise.all([cachedUnread(ctx, memberId), q.latestId(ctx.db, memberId)]);
  return { unread, latestId, hasNew: since !== undefined && latestId > since };
}

export function booksOfNotices(ctx: AppContext, memberId: number) {
  return q.booksOfNotices(ctx.db, memberId);
}

/** Staff broadcast to all members, a college, or a role; answers how many members were told. */
export async function broadcast(ctx: AppContext, body: z.infer<typeof noticeBroadcast>): Promise<number> {
  let ids: number[];
  if (body.target === 'college') {
    if (!body.collegeId) throw refused('请选择院校');
    ids = await q.broadcastTargets(ctx.db, { kind: 'college', collegeId: body.collegeId });
  } else if (body.target === 'role') {
    if (body.role === undefined) throw refused('请选择角色');
    ids = await q.broadcastTargets(ctx.db, { kind: 'role', role: body.role, collegeId: body.collegeId });
  } else {
    ids = await q.broadcastTargets(ctx.db, { kind: 'all' });
  }
  const told = await store(
    ctx,
    ids.map((memberId) => ({
      member_id: memberId,
      type: body.type ?? 'system',
      title: body.title,
      content: body.content ?? '',
      link: body.link ?? '',
    })),
    Date.now(),
  );
  // A broadcast to everyone travels as one small message, not a list of every member.
  if (told.length) await publishQuietly(ctx, body.target === 'all' ? { all: true } : { memberIds: told });
  return ids.length;
}
