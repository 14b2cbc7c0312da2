import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';
import type { AuthorizationVia, CollegeSeatLedgerTable } from '../../db/tables/college.js';

/** The college's books, their seat ledger, and the seats members hold (authorizations). */

const collegeBookColumns = [
  'cb.id',
  'cb.college_id as collegeId',
  'cb.book_id as bookId',
  'b.title as bookName',
  'b.cover',
  'cb.bought_count as boughtCount',
  'cb.given_count as givenCount',
  'cb.expires_at as expiresAt',
  'cb.created_at as createTime',
] as const;

function collegeBookQuery(db: Db) {
  return db.selectFrom('college_books as cb').innerJoin('books as b', 'b.id', 'cb.book_id').select(collegeBookColumns);
}

export type CollegeBookRecord = NonNullable<Awaited<ReturnType<typeof findCollegeBook>>>;

export function findCollegeBook(db: Db, id: number) {
  return collegeBookQuery(db).where('cb.id', '=', id).executeTakeFirst();
}

export function findCollegeBookOf(db: Db, collegeId: number, bookId: number) {
  return collegeBookQuery(db)
    .where('cb.college_id', '=', collegeId)
    .where('cb.book_id', '=', bookId)
    .executeTakeFirst();
}

export async function pageCollegeBooks(
  db: Db,
  collegeId: number,
  filter: { bookName?: string | undefined; offset: number; limit: number },
) {
  const base = db
    .selectFrom('college_books as cb')
    .innerJoin('books as b', 'b.id', 'cb.book_id')
    .where('cb.college_id', '=', collegeId)
    .$if(Boolean(filter.bookName), (q) => q.where('b.title', 'like', `%${filter.bookName}%`));
  return paged(base, filter, (q) =>
    q.select(collegeBookColumns).orderBy('cb.created_at', 'desc').orderBy('cb.id', 'desc'),
  );
}

export function publishedBook(db: Db, bookId: number) {
  return db
    .selectFrom('books')
    .select(['id', 'title'])
    .where('id', '=', bookId)
    .where('published', '=', 1)
    .executeTakeFirst();
}

/** Adds the book to the college (no seats); an existing row is kept. Answers the row's id. */
export async function ensureCollegeBook(db: Db, collegeId: number, bookId: number, now: number): Promise<number> {
  await db
    .insertInto('college_books')
    .values({ college_id: collegeId, book_id: bookId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['college_id', 'book_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('college_books')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('book_id', '=', bookId)
    .executeTakeFirstOrThrow();
  return row.id;
}

export function setExpiry(db: Db, id: number, expiresAt: number | null, now: number) {
  return db.updateTable('college_books').set({ expires_at: expiresAt, updated_at: now }).where('id', '=', id).execute();
}

export async function ledgerCount(db: Db, collegeBookId: number): Promise<number> {
  const row = await db
    .selectFrom('college_seat_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('college_book_id', '=', collegeBookId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function deleteCollegeBook(db: Db, id: number) {
  return db.deleteFrom('college_books').where('id', '=', id).execute();
}

/**
 * Moves the counts by the deltas in one statement, only while seats given stay within 0..bought: under any
 * number of parallel transactions the row's lock (PostgreSQL) or the one writer (SQLite) makes the check and the
 * change one step. False when the change would break that, and nothing changed.
 */
export async function moveCounts(db: Db, id: number, bought: number, given: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('college_books')
    .set({
      bought_count: sql`bought_count + ${bought}`,
      given_count: sql`given_count + ${given}`,
      updated_at: now,
    })
    .where('id', '=', id)
    .where(sql<boolean>`given_count + ${given} >= 0`)
    .where(sql<boolean>`given_count + ${given} <= bought_count + ${bought}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function insertLedger(db: Db, rows: Insertable<CollegeSeatLedgerTable>[]) {
  if (!rows.length) return Promise.resolve();
  return db.insertInto('college_seat_ledger').values(rows).execute();
}

export async function ledgerSums(db: Db, collegeBookId: number) {
  const row = await db
    .selectFrom('college_seat_ledger')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('bought_delta'), sql<number>`0`).as('bought'),
      eb.fn.coalesce(eb.fn.sum<number>('given_delta'), sql<number>`0`).as('given'),
    ])
    .where('college_book_id', '=', collegeBookId)
    .executeTakeFirstOrThrow();
  return { bought: Number(row.bought), given: Number(row.given) };
}

export function ledgerRows(db: Db, collegeBookId: number) {
  return db
    .selectFrom('college_seat_ledger as l')
    .leftJoin('members as m', 'm.id', 'l.member_id')
    .leftJoin('members as by', 'by.id', 'l.by_member_id')
    .leftJoin('staff as s', 's.id', 'l.by_staff_id')
    .select([
      'l.id',
      'l.kind',
      'l.bought_delta as boughtDelta',
      'l.given_delta as givenDelta',
      'm.real_name as memberRealName',
      'm.user_name as memberUserName',
      'by.real_name as byRealName',
      'by.user_name as byUserName',
      's.user_name as staffName',
      'l.reason',
      'l.created_at as createTime',
    ])
    .where('l.college_book_id', '=', collegeBookId)
    .orderBy('l.id', 'asc')
    .execute();
}

// ---- members ----

/** Which of these members belong to the college. */
export async function collegeMemberIds(db: Db, collegeId: number, memberIds: number[]): Promise<number[]> {
  if (!memberIds.length) return [];
  const rows = await db
    .selectFrom('college_members')
    .select('member_id')
    .where('college_id', '=', collegeId)
    .where('member_id', 'in', memberIds)
    .execute();
  return rows.map((r) => r.member_id);
}

/** Which of these members hold a seat of the college book. */
export async function heldAmong(db: Db, collegeBookId: number, memberIds: number[]): Promise<number[]> {
  if (!memberIds.length) return [];
  const rows = await db
    .selectFrom('college_authorizations')
    .select('member_id')
    .where('college_book_id', '=', collegeBookId)
    .where('member_id', 'in', memberIds)
    .execute();
  return rows.map((r) => r.member_id);
}

// ---- authorizations ----

/** Inserts the authorizations not held yet; answers the members newly authorized. */
export async function insertAuthorizations(
  db: Db,
  cb: { id: number; collegeId: number; bookId: number; expiresAt: number | null },
  memberIds: number[],
  via: AuthorizationVia,
  now: number,
): Promise<{ id: number; memberId: number }[]> {
  if (!memberIds.length) return [];
  const rows = await db
    .insertInto('college_authorizations')
    .values(
      memberIds.map((memberId) => ({
        college_book_id: cb.id,
        college_id: cb.collegeId,
        book_id: cb.bookId,
        member_id: memberId,
        via,
        expires_at: cb.expiresAt,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['college_book_id', 'member_id']).doNothing())
    .returning(['id', 'member_id as memberId'])
    .execute();
  return rows;
}

export function deleteAuthorizations(db: Db, collegeBookId: number, memberIds: number[]) {
  return db
    .deleteFrom('college_authorizations')
    .where('college_book_id', '=', collegeBookId)
    .where('member_id', 'in', memberIds)
    .returning(['id', 'member_id as memberId'])
    .execute();
}

/** Which of these members hold an authorization of the college book. */
export async function holdersAmong(db: Db, collegeBookId: number, memberIds: number[]): Promise<Set<number>> {
  if (!memberIds.length) return new Set();
  const rows = await db
    .selectFrom('college_authorizations')
    .select('member_id')
    .where('college_book_id', '=', collegeBookId)
    .where('member_id', 'in', memberIds)
    .execute();
  return new Set(rows.map((r) => r.member_id));
}

function holdersQuery(db: Db, cb: { id: number; collegeId: number }, keyword?: string) {
  return db
    .selectFrom('college_authorizations as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .leftJoin('college_members as cm', (j) =>
      j.onRef('cm.member_id', '=', 'a.member_id').on('cm.college_id', '=', cb.collegeId),
    )
    .where('a.college_book_id', '=', cb.id)
    .$if(Boolean(keyword), (q) =>
      q.where((eb) =>
        eb.or([
          eb('m.phone', 'like', `%${keyword}%`),
          eb('m.real_name', 'like', `%${keyword}%`),
          eb('m.user_name', 'like', `%${keyword}%`),
          eb('cm.real_name', 'like', `%${keyword}%`),
          eb('cm.student_id', 'like', `%${keyword}%`),
        ]),
      ),
    );
}

export async function holders(
  db: Db,
  cb: { id: number; collegeId: number },
  filter: { keyword?: string | undefined; offset: number; limit: number },
) {
  return paged(holdersQuery(db, cb, filter.keyword), filter, (q) =>
    q
      .select((eb) => [
        'a.member_id as memberId',
        eb.fn
          .coalesce(
            eb.fn<string | null>('nullif', [eb.ref('cm.real_name'), eb.val('')]),
            eb.fn<string | null>('nullif', [eb.ref('m.real_name'), eb.val('')]),
            'm.user_name',
          )
          .as('realName'),
        eb.fn.coalesce('m.phone', sql<string>`''`).as('phone'),
        eb.fn.coalesce('cm.student_id', sql<string>`''`).as('studentId'),
        'a.via',
        'a.expires_at as expiresAt',
        'a.created_at as createTime',
      ])
      .orderBy('a.id', 'desc'),
  );
}

export function myAuthorizations(db: Db, memberId: number) {
  return db
    .selectFrom('college_authorizations as a')
    .innerJoin('books as b', 'b.id', 'a.book_id')
    .innerJoin('colleges as c', 'c.id', 'a.college_id')
    .select([
      'a.book_id as bookId',
      'b.title as bookName',
      'b.cover',
      'c.name as collegeName',
      'a.via',
      'a.expires_at as expiresAt',
      'a.created_at as createTime',
    ])
    .where('a.member_id', '=', memberId)
    .orderBy('a.id', 'desc')
    .execute();
}
