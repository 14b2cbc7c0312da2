import type { Db } from '../../db/connection.js';
import type { ShelfSource } from '../../db/tables/shelf.js';

export interface Grant {
  memberId: number;
  bookId: number;
  source: ShelfSource;
  sourceRef?: number;
  collegeId?: number | null;
  expiresAt?: number | null;
}

/** Adds the grant, or renews its expiry when the same grant exists (idempotent: pressing twice adds one row). */
export function upsertGrant(db: Db, grant: Grant, now: number) {
  return db
    .insertInto('shelf_entries')
    .values({
      member_id: grant.memberId,
      book_id: grant.bookId,
      source: grant.source,
      source_ref: grant.sourceRef ?? 0,
      college_id: grant.collegeId ?? null,
      expires_at: grant.expiresAt ?? null,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'book_id', 'source', 'source_ref'])
        .doUpdateSet({ expires_at: grant.expiresAt ?? null, college_id: grant.collegeId ?? null }),
    )
    .execute();
}

export function deleteGrant(db: Db, memberId: number, bookId: number, source: ShelfSource, sourceRef: number) {
  return db
    .deleteFrom('shelf_entries')
    .where('member_id', '=', memberId)
    .where('book_id', '=', bookId)
    .where('source', '=', source)
    .where('source_ref', '=', sourceRef)
    .execute();
}

export function entriesOf(db: Db, memberId: number, bookId: number) {
  return db
    .selectFrom('shelf_entries')
    .select([
      'id',
      'source',
      'source_ref as sourceRef',
      'college_id as collegeId',
      'expires_at as expiresAt',
      'created_at as createdAt',
    ])
    .where('member_id', '=', memberId)
    .where('book_id', '=', bookId)
    .execute();
}
