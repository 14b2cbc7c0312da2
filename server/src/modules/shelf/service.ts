import type { Db } from '../../db/connection.js';
import type { ShelfSource } from '../../db/tables/shelf.js';
import type { AppContext } from '../../http/context.js';
import { invalidate, tag, type CacheOwner } from '../../http/read-cache.js';
import * as q from './queries.js';

export type { Grant } from './queries.js';
export type { ShelfSource };

/**
 * The one way a book reaches a member's shelf: joining a class, an approved sample, a college authorization,
 * a paid order or adding a free book all call this (inside their own transaction: pass the transaction as db).
 */
export function grantShelfEntry(ctx: CacheOwner, db: Db, grant: q.Grant, now = Date.now()): Promise<void> {
  return grantShelfEntries(ctx, db, [grant], now);
}

/** Many grants at once, in one statement (a batch of class joins; inside its transaction). */
export async function grantShelfEntries(ctx: CacheOwner, db: Db, grants: q.Grant[], now = Date.now()): Promise<void> {
  if (!grants.length) return;
  // One row per grant: PostgreSQL refuses an upsert that would change the same row twice in one statement.
  const unique = new Map(grants.map((g) => [`${g.memberId}:${g.bookId}:${g.source}:${g.sourceRef ?? 0}`, g]));
  await q.upsertGrants(db, [...unique.values()], now);
  invalidate(ctx, ...new Set(grants.map((g) => tag.grants(g.memberId))));
}

/** Removes one grant (leaving a class removes what the class gave); other grants of the book remain. */
export async function revokeShelfEntry(
  ctx: CacheOwner,
  db: Db,
  grant: { memberId: number; bookId: number; source: ShelfSource; sourceRef?: number },
): Promise<void> {
  await q.deleteGrant(db, grant.memberId, grant.bookId, grant.source, grant.sourceRef ?? 0);
  invalidate(ctx, tag.grants(grant.memberId));
}

/** Removes every grant of one source (a member takes a free book off the shelf); true when one was there. */
export async function revokeSource(
  ctx: CacheOwner,
  db: Db,
  memberId: number,
  bookId: number,
  source: ShelfSource,
): Promise<boolean> {
  const result = await q.deleteSourceEntries(db, memberId, bookId, source);
  invalidate(ctx, tag.grants(memberId));
  return Number(result.numDeletedRows) > 0;
}

export interface ShelfEntry {
  id: number;
  source: ShelfSource;
  sourceRef: number;
  collegeId: number | null;
  expiresAt: number | null;
  createdAt: number;
}

/** A member's shelf entries, every source, expired ones too (the console's member detail; the newest 200). */
export function shelfSources(db: Db, memberId: number) {
  return q.entriesOfMember(db, memberId, 200);
}

/** The member's grants for a book that have not expired. */
export async function activeEntries(db: Db, memberId: number, bookId: number, now = Date.now()): Promise<ShelfEntry[]> {
  return unexpired((await q.entriesOf(db, memberId, bookId)) as ShelfEntry[], now);
}

function unexpired(entries: ShelfEntry[], now: number): ShelfEntry[] {
  return entries.filter((r) => r.expiresAt === null || r.expiresAt > now);
}

/**
 * The same for the read decision on every chapter and asset request: kept in memory for a few seconds, and
 * dropped at once by every grant and revocation above (`grants:{member}`), here and on other instances.
 */
const GRANTS = { ttlMs: 10_000, maxEntries: 100_000 };

export async function readGrants(
  ctx: AppContext,
  memberId: number,
  bookId: number,
  now = Date.now(),
): Promise<ShelfEntry[]> {
  const all = await ctx.caches.cache<ShelfEntry[]>('grants', GRANTS).get(`${memberId}:${bookId}`, async () => ({
    value: (await q.entriesOf(ctx.db, memberId, bookId)) as ShelfEntry[],
    tags: [tag.grants(memberId)],
  }));
  return unexpired(all ?? [], now);
}

/** The same from memory only, without waiting; undefined when it must be looked up. */
export function knownGrants(
  ctx: AppContext,
  memberId: number,
  bookId: number,
  now = Date.now(),
): ShelfEntry[] | undefined {
  const all = ctx.caches.cache<ShelfEntry[]>('grants', GRANTS).peek(`${memberId}:${bookId}`);
  return all && unexpired(all, now);
}
