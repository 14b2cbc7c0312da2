import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';
import type { ShelfSource } from '../../db/tables/shelf.js';

export interface Grant {
  memberId: number;
  bookId: number;
  source: ShelfSource;
  sourceRef?: number;
  collegeId?: number | null;
  expiresAt?: number | null;
}

/**
 * Adds the grants, or renews the expiry of each that exists (idempotent: pressing twice adds one row), in one
 * statement.
 */
export function upsertGrants(db: Db, grants: Grant[], now: number) {
  return db
    .insertInto('shelf_entries')
    .values(
      grants.map((grant) => ({
        member_id: grant.memberId,
        book_id: grant.bookId,
        source: grant.source,
        source_ref: grant.sourceRef ?? 0,
        college_id: grant.collegeId ?? null,
        expires_at: grant.expiresAt ?? null,
        created_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['member_id', 'book_id', 'source', 'source_ref']).doUpdateSet((eb) => ({
        expires_at: eb.ref('excluded.expires_at'),
        college_id: eb.ref('excluded.college_id'),
      })),
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

export async function collegeName(db: Db, collegeId: number): Promise<string> {
  const row = await db.selectFrom('colleges').select('name').where('id', '=', collegeId).executeTakeFirst();
  return row?.name ?? '';
}

/** The member's entries that have not expired, with the book's title for filtering. */
export function memberEntries(db: Db, memberId: number, now: number) {
  return db
    .selectFrom('shelf_entries as e')
    .innerJoin('books as b', 'b.id', 'e.book_id')
    .select(['e.book_id as bookId', 'e.source', 'e.college_id as collegeId', 'e.expires_at as expiresAt', 'b.title'])
    .where('e.member_id', '=', memberId)
    .where((eb) => eb.or([eb('e.expires_at', 'is', null), eb('e.expires_at', '>', now)]))
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
}

export function positionsOf(db: Db, memberId: number, bookIds: number[]) {
  if (!bookIds.length) return Promise.resolve([]);
  return db
    .selectFrom('reading_positions')
    .select(['book_id as bookId', 'chapter_id as chapterId', 'progress', 'updated_at as updatedAt'])
    .where('member_id', '=', memberId)
    .where('book_id', 'in', bookIds)
    .execute();
}

export function findBookForShelf(db: Db, bookId: number) {
  return db
    .selectFrom('books')
    .select([
      'id',
      'title',
      'published',
      'price',
      'title_dir',
      'direction',
      'language',
      'flow',
      'format',
      'layout',
      'spread',
    ])
    .where('id', '=', bookId)
    .executeTakeFirst();
}

export function deleteSourceEntries(db: Db, memberId: number, bookId: number, source: ShelfSource) {
  return db
    .deleteFrom('shelf_entries')
    .where('member_id', '=', memberId)
    .where('book_id', '=', bookId)
    .where('source', '=', source)
    .executeTakeFirst();
}

export function addFavourite(db: Db, memberId: number, bookId: number, now: number) {
  return db
    .insertInto('book_favourites')
    .values({ member_id: memberId, book_id: bookId, created_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'book_id']).doNothing())
    .execute();
}

export function removeFavourite(db: Db, memberId: number, bookId: number) {
  return db.deleteFrom('book_favourites').where('member_id', '=', memberId).where('book_id', '=', bookId).execute();
}

export async function isFavourite(db: Db, memberId: number, bookId: number): Promise<boolean> {
  const row = await db
    .selectFrom('book_favourites')
    .select('id')
    .where('member_id', '=', memberId)
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  return Boolean(row);
}

function favouritesQuery(db: Db, memberId: number, keyword?: string) {
  let query = db
    .selectFrom('book_favourites as f')
    .innerJoin('books as b', 'b.id', 'f.book_id')
    .where('f.member_id', '=', memberId)
    .where('b.published', '=', 1);
  if (keyword) query = query.where('b.title', 'like', `%${keyword}%`);
  return query;
}

/** The member's favourite published books (by title), the latest collected first. */
export function pageFavourites(db: Db, memberId: number, keyword: string | undefined, offset: number, limit: number) {
  return paged(favouritesQuery(db, memberId, keyword), { offset, limit }, (q) =>
    q.select(['f.book_id as bookId', 'f.created_at as collectedAt']).orderBy('f.id', 'desc'),
  );
}

/** Every shelf entry of a member with its book's title, newest first (the console's member detail). */
export function entriesOfMember(db: Db, memberId: number, limit: number) {
  return db
    .selectFrom('shelf_entries as s')
    .innerJoin('books as b', 'b.id', 's.book_id')
    .select(['s.book_id as bookId', 'b.title', 's.source', 's.expires_at as expiresAt', 's.created_at as createdAt'])
    .where('s.member_id', '=', memberId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}
