import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';

export const QUOTA_TYPE = 'sample_quota';
export const VALIDITY_TYPE = 'sample_validity';

export function findBook(db: Db, bookId: number) {
  return db
    .selectFrom('books')
    .select(['id', 'title', 'cover', 'published', 'sample_auto_approve as autoApprove'])
    .where('id', '=', bookId)
    .executeTakeFirst();
}

/** The settings' dictionary rows (quota, validity options), in the staff's order. */
export function settingRows(db: Db) {
  return db
    .selectFrom('dict_data')
    .select(['dict_type as type', 'label', 'value'])
    .where('dict_type', 'in', [QUOTA_TYPE, VALIDITY_TYPE])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function usedIn(db: Db, memberId: number, year: number): Promise<number> {
  const row = await db
    .selectFrom('sample_quota_usage')
    .select('used')
    .where('member_id', '=', memberId)
    .where('quota_year', '=', year)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

export function ensureUsage(db: Db, memberId: number, year: number) {
  return db
    .insertInto('sample_quota_usage')
    .values({ member_id: memberId, quota_year: year, used: 0 })
    .onConflict((oc) => oc.columns(['member_id', 'quota_year']).doNothing())
    .execute();
}

/**
 * Counts one application against the year's quota when one is left. The row update is the lock: on PostgreSQL a
 * concurrent apply of the same teacher waits here until this transaction ends, then sees its rows.
 */
export async function takeQuota(db: Db, memberId: number, year: number, quota: number): Promise<boolean> {
  const result = await db
    .updateTable('sample_quota_usage')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('member_id', '=', memberId)
    .where('quota_year', '=', year)
    .where('used', '<', quota)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A rejected application gives its place in the quota back. */
export function giveBackQuota(db: Db, memberId: number, year: number) {
  return db
    .updateTable('sample_quota_usage')
    .set((eb) => ({ used: eb('used', '-', 1) }))
    .where('member_id', '=', memberId)
    .where('quota_year', '=', year)
    .where('used', '>', 0)
    .execute();
}

export async function waitingApplication(db: Db, memberId: number, collegeId: number, bookId: number) {
  return db
    .selectFrom('sample_applications')
    .select('id')
    .where('member_id', '=', memberId)
    .where('college_id', '=', collegeId)
    .where('book_id', '=', bookId)
    .where('state', '=', 0)
    .executeTakeFirst();
}

export async function insertApplication(
  db: Db,
  values: {
    member_id: number;
    college_id: number;
    book_id: number;
    validity_code: string;
    validity_label: string;
    state: number;
    quota_year: number;
    auto_approved: number;
    created_at: number;
    reviewed_at: number | null;
    expires_at: number | null;
  },
): Promise<number> {
  const row = await db.insertInto('sample_applications').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findApplication(db: Db, id: number) {
  return db
    .selectFrom('sample_applications as a')
    .innerJoin('books as b', 'b.id', 'a.book_id')
    .select([
      'a.id',
      'a.member_id as memberId',
      'a.college_id as collegeId',
      'a.book_id as bookId',
      'a.validity_code as validityCode',
      'a.state',
      'a.quota_year as quotaYear',
      'b.title as bookTitle',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** Decides a waiting application; false when someone decided it first. */
export async function decide(
  db: Db,
  id: number,
  values: { state: number; reason: string; reviewed_by: number; reviewed_at: number; expires_at: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('sample_applications')
    .set(values)
    .where('id', '=', id)
    .where('state', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface RowFilter {
  memberId?: number;
  state?: number;
  bookId?: number;
  keyword?: string;
  offset: number;
  limit: number;
}

function filtered(db: Db, f: RowFilter) {
  let q = db
    .selectFrom('sample_applications as a')
    .innerJoin('books as b', 'b.id', 'a.book_id')
    .innerJoin('colleges as c', 'c.id', 'a.college_id')
    .innerJoin('members as m', 'm.id', 'a.member_id');
  if (f.memberId !== undefined) q = q.where('a.member_id', '=', f.memberId);
  if (f.state !== undefined) q = q.where('a.state', '=', f.state);
  if (f.bookId !== undefined) q = q.where('a.book_id', '=', f.bookId);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('b.title', 'like', like),
        eb('m.user_name', 'like', like),
        eb('m.real_name', 'like', like),
        eb('m.phone', 'like', like),
      ]),
    );
  }
  return q;
}

export function pageRows(db: Db, f: RowFilter) {
  return paged(filtered(db, f), f, (q) =>
    q
      .select([
        'a.id',
        'a.book_id as bookId',
        'b.title as bookTitle',
        'b.cover',
        'a.college_id as collegeId',
        'c.name as collegeName',
        'a.state',
        'a.validity_code as validityPeriod',
        'a.validity_label as validityLabel',
        'a.reason',
        'a.created_at as createdAt',
        'a.reviewed_at as reviewedAt',
        'a.expires_at as expiresAt',
        'a.member_id as memberId',
        'm.user_name as userName',
        'm.real_name as realName',
        'm.phone',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc'),
  );
}
