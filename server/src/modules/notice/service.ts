import { PLATFORM } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import type { Actor } from '../../http/actor.js';
import * as q from './queries.js';

/** Unread notices of the platform for the caller; a visitor has none. */
export function unreadCount(ctx: AppContext, actor: Actor): Promise<number> {
  if (actor.kind !== 'member') return Promise.resolve(0);
  return q.countUnread(ctx.db, actor.memberId);
}

/** The one way other modules tell a member something. */
export async function notify(
  ctx: AppContext,
  notices: Omit<q.NewNotice, 'created_at'>[],
  now = Date.now(),
): Promise<void> {
  if (notices.length === 0) return;
  await q.insertNotices(
    ctx.db,
    // Every column given on every row: a multi-row insert on SQLite has no per-row DEFAULT.
    notices.map((n) => ({
      member_id: n.member_id,
      type: n.type,
      title: n.title,
      content: n.content ?? '',
      book_id: n.book_id ?? null,
      link: n.link ?? '',
      source: n.source ?? PLATFORM,
      created_at: now,
    })),
  );
}
