import type { Db } from '../../db/connection.js';
import type { ShelfSource } from '../../db/tables/shelf.js';
import * as q from './queries.js';

export type { Grant } from './queries.js';
export type { ShelfSource };

/**
 * The one way a book reaches a member's shelf: joining a class, an approved sample, a college authorization,
 * a paid order or adding a free book all call this (inside their own transaction: pass the transaction as db).
 */
export async function grantShelfEntry(db: Db, grant: q.Grant, now = Date.now()): Promise<void> {
  await q.upsertGrant(db, grant, now);
}

/** Removes one grant (leaving a class removes what the class gave); other grants of the book remain. */
export async function revokeShelfEntry(
  db: Db,
  grant: { memberId: number; bookId: number; source: ShelfSource; sourceRef?: number },
): Promise<void> {
  await q.deleteGrant(db, grant.memberId, grant.bookId, grant.source, grant.sourceRef ?? 0);
}

export interface ShelfEntry {
  id: number;
  source: ShelfSource;
  sourceRef: number;
  collegeId: number | null;
  expiresAt: number | null;
  createdAt: number;
}

/** The member's grants for a book that have not expired. */
export async function activeEntries(db: Db, memberId: number, bookId: number, now = Date.now()): Promise<ShelfEntry[]> {
  const rows = await q.entriesOf(db, memberId, bookId);
  return rows.filter((r) => r.expiresAt === null || r.expiresAt > now) as ShelfEntry[];
}
