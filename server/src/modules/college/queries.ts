import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AuthorizationVia, CollegeSeatLedgerTable } from '../../db/tables/college.js';

/**
 * One page of a list: the filtered query counted, and the window of its rows as `select` picks and orders them.
 * Every paged list of the module goes through here.
 */
async function paged<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  window: { offset: number; limit: number },
) {
  const counted = await (base as unknown as SelectQueryBuilder<DB, TB, object>)
    .select(sql<number>`count(*)`.as('n') as never)
    .executeTakeFirstOrThrow();
  const rows = await select(base).offset(window.offset).limit(window.limit).execute();
  return { rows, total: Number((counted as { n: number | string }).n) };
}

// ---- college books ----

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
  return paged(
    base,
    (q) => q.select(collegeBookColumns).orderBy('cb.created_at', 'desc').orderBy('cb.id', 'desc'),
    filter,
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
  return paged(
    holdersQuery(db, cb, filter.keyword),
    (q) =>
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
    filter,
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

// ---- activation codes ----

export function insertCodes(
  db: Db,
  cb: { id: number; collegeId: number },
  codes: string[],
  batch: number,
  expiresAt: number,
  now: number,
) {
  return db
    .insertInto('college_active_codes')
    .values(
      codes.map((code) => ({
        college_book_id: cb.id,
        college_id: cb.collegeId,
        code,
        batch,
        expires_at: expiresAt,
        created_at: now,
      })),
    )
    .execute();
}

export function findCode(db: Db, code: string) {
  return db
    .selectFrom('college_active_codes')
    .select(['id', 'college_book_id as collegeBookId', 'college_id as collegeId', 'status', 'expires_at as expiresAt'])
    .where('code', '=', code)
    .executeTakeFirst();
}

export function findCodeById(db: Db, id: number) {
  return db
    .selectFrom('college_active_codes')
    .select(['id', 'college_book_id as collegeBookId', 'college_id as collegeId', 'status', 'expires_at as expiresAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks the code used by this member, only while unused and unexpired: of two at once, one wins. */
export async function claimCode(db: Db, id: number, memberId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('college_active_codes')
    .set({ status: 1, redeemed_by: memberId, redeemed_at: now })
    .where('id', '=', id)
    .where('status', '=', 0)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeCode(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('college_active_codes')
    .set({ status: 3 })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

type CodeFilter = { state?: string | undefined; batch?: number | undefined };

function codesQuery(db: Db, collegeBookId: number, filter: CodeFilter, now: number) {
  return db
    .selectFrom('college_active_codes as k')
    .leftJoin('members as m', 'm.id', 'k.redeemed_by')
    .where('k.college_book_id', '=', collegeBookId)
    .$if(filter.batch !== undefined, (q) => q.where('k.batch', '=', filter.batch!))
    .$if(filter.state === 'unused', (q) => q.where('k.status', '=', 0).where('k.expires_at', '>', now))
    .$if(filter.state === 'expired', (q) => q.where('k.status', '=', 0).where('k.expires_at', '<=', now))
    .$if(filter.state === 'redeemed', (q) => q.where('k.status', '=', 1))
    .$if(filter.state === 'revoked', (q) => q.where('k.status', '=', 3));
}

const codeColumns = [
  'k.id',
  'k.code',
  'k.batch',
  'k.status',
  'k.expires_at as expiresAt',
  'k.redeemed_at as redeemedAt',
  'k.created_at as createTime',
  'm.real_name as redeemedRealName',
  'm.user_name as redeemedUserName',
  'm.phone as redeemedPhone',
] as const;

export async function pageCodes(
  db: Db,
  collegeBookId: number,
  filter: CodeFilter & { offset: number; limit: number },
  now: number,
) {
  return paged(
    codesQuery(db, collegeBookId, filter, now),
    (q) => q.select(codeColumns).orderBy('k.id', 'desc'),
    filter,
  );
}

export function allCodes(db: Db, collegeBookId: number, filter: CodeFilter, now: number) {
  return codesQuery(db, collegeBookId, filter, now).select(codeColumns).orderBy('k.id', 'asc').limit(10_000).execute();
}

// ---- orders ----

export function insertOrder(
  db: Db,
  row: { collegeId: number; bookId: number; memberId: number; quantity: number; termMonths: number; remark: string },
  now: number,
) {
  return db
    .insertInto('college_orders')
    .values({
      college_id: row.collegeId,
      book_id: row.bookId,
      member_id: row.memberId,
      quantity: row.quantity,
      term_months: row.termMonths,
      remark: row.remark,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function ordersQuery(db: Db) {
  return db
    .selectFrom('college_orders as o')
    .innerJoin('books as b', 'b.id', 'o.book_id')
    .innerJoin('colleges as c', 'c.id', 'o.college_id');
}

const orderColumns = [
  'o.id',
  'o.college_id as collegeId',
  'c.name as collegeName',
  'o.book_id as bookId',
  'b.title as bookName',
  'o.quantity',
  'o.term_months as termMonths',
  'o.status',
  'o.remark',
  'o.created_at as createTime',
  'o.decided_at as decidedAt',
] as const;

export type OrderRecord = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export function findOrder(db: Db, id: number) {
  return ordersQuery(db).select(orderColumns).where('o.id', '=', id).executeTakeFirst();
}

export async function pageOrders(
  db: Db,
  filter: { collegeId?: number | undefined; status?: number | undefined; offset: number; limit: number },
) {
  const base = ordersQuery(db)
    .$if(filter.collegeId !== undefined, (q) => q.where('o.college_id', '=', filter.collegeId!))
    .$if(filter.status !== undefined, (q) => q.where('o.status', '=', filter.status!));
  return paged(base, (q) => q.select(orderColumns).orderBy('o.id', 'desc'), filter);
}

/** Decides a waiting order once: of two staff at once, one decides. */
export async function decideOrder(
  db: Db,
  id: number,
  status: 1 | 2,
  staffId: number,
  remark: string | undefined,
  now: number,
) {
  const result = await db
    .updateTable('college_orders')
    .set({ status, decided_by: staffId, decided_at: now, ...(remark ? { remark } : {}) })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- college details and users ----

export function findCollege(db: Db, id: number) {
  return db
    .selectFrom('colleges as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.logo',
      'c.contact',
      'c.phone',
      'c.address',
      'c.introduction',
      eb
        .selectFrom('college_members as cm')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('cm.college_id', '=', 'c.id')
        .as('memberCount'),
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export function updateCollege(
  db: Db,
  id: number,
  values: { name: string; logo: string; contact: string; phone: string; address: string; introduction: string },
) {
  return db.updateTable('colleges').set(values).where('id', '=', id).execute();
}

/** The college's memberships with their members (what the users list and a membership read start from). */
function membershipsFrom(db: Db) {
  return db.selectFrom('college_members as cm').innerJoin('members as m', 'm.id', 'cm.member_id');
}

/** A membership as the admin sees it: the college's name for the member first, else the member's own. */
function membershipColumns(q: ReturnType<typeof membershipsFrom>) {
  return q.select((eb) => [
    'cm.id',
    'cm.college_id as collegeId',
    'cm.member_id as memberId',
    eb.fn
      .coalesce(
        eb.fn<string | null>('nullif', [eb.ref('cm.real_name'), eb.val('')]),
        eb.fn<string | null>('nullif', [eb.ref('m.real_name'), eb.val('')]),
        'm.user_name',
      )
      .as('realName'),
    eb.fn.coalesce('m.phone', sql<string>`''`).as('phone'),
    'cm.student_id as studentId',
    'cm.roles',
    'cm.has_grant as hasGrant',
    'cm.created_at as createTime',
  ]);
}

export async function pageCollegeUsers(
  db: Db,
  collegeId: number,
  filter: { keyword?: string | undefined; role?: number | undefined; offset: number; limit: number },
) {
  const base = membershipsFrom(db)
    .where('cm.college_id', '=', collegeId)
    .$if(Boolean(filter.keyword), (q) =>
      q.where((eb) =>
        eb.or([
          eb('m.phone', 'like', `%${filter.keyword}%`),
          eb('cm.real_name', 'like', `%${filter.keyword}%`),
          eb('m.real_name', 'like', `%${filter.keyword}%`),
          eb('m.user_name', 'like', `%${filter.keyword}%`),
          eb('cm.student_id', 'like', `%${filter.keyword}%`),
        ]),
      ),
    )
    .$if(filter.role !== undefined, (q) => q.where('cm.roles', 'like', `%${filter.role}%`));
  return paged(base, (q) => membershipColumns(q).orderBy('cm.id', 'desc'), filter);
}

export type MembershipRecord = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

export function findMembership(db: Db, id: number) {
  return membershipColumns(membershipsFrom(db)).where('cm.id', '=', id).executeTakeFirst();
}

/**
 * A member by phone, with their real name: the one this college gave them, else their own, else the latest another
 * college gave them (a member added by phone has only a generated user name, 用户0001).
 */
export function findMemberByPhone(db: Db, phone: string, collegeId?: number) {
  return db
    .selectFrom('members')
    .select((eb) => [
      'id',
      'user_name as userName',
      eb.fn
        .coalesce(
          eb
            .selectFrom('college_members as cm')
            .select('cm.real_name')
            .whereRef('cm.member_id', '=', 'members.id')
            .where('cm.college_id', '=', collegeId ?? 0)
            .where('cm.real_name', '<>', ''),
          eb.fn<string | null>('nullif', [eb.ref('members.real_name'), eb.val('')]),
          eb
            .selectFrom('college_members as cm')
            .select('cm.real_name')
            .whereRef('cm.member_id', '=', 'members.id')
            .where('cm.real_name', '<>', '')
            .orderBy('cm.id', 'desc')
            .limit(1),
          eb.val(''),
        )
        .as('realName'),
    ])
    .where('phone', '=', phone)
    .executeTakeFirst();
}

export function membershipOf(db: Db, collegeId: number, memberId: number) {
  return db
    .selectFrom('college_members')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** The college books a member holds seats of in the college. */
export async function heldBooks(db: Db, collegeId: number, memberId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('college_authorizations')
    .select('college_book_id')
    .where('college_id', '=', collegeId)
    .where('member_id', '=', memberId)
    .execute();
  return rows.map((r) => r.college_book_id);
}

// ---- colleges as the publisher's staff see them ----

/** Every college with its counts (members, books, waiting orders), newest first; name words filter. */
export async function pageColleges(db: Db, filter: { keyword?: string | undefined; offset: number; limit: number }) {
  const base = db
    .selectFrom('colleges as c')
    .$if(Boolean(filter.keyword), (q) => q.where('c.name', 'like', `%${filter.keyword}%`));
  return paged(
    base,
    (q) =>
      q
        .select((eb) => [
          'c.id',
          'c.name',
          'c.contact',
          'c.phone',
          'c.address',
          'c.introduction',
          'c.created_at as createdAt',
          eb
            .selectFrom('college_members as cm')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('cm.college_id', '=', 'c.id')
            .as('memberCount'),
          eb
            .selectFrom('college_books as cb')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('cb.college_id', '=', 'c.id')
            .as('bookCount'),
          eb
            .selectFrom('college_orders as o')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('o.college_id', '=', 'c.id')
            .where('o.status', '=', 0)
            .as('waitingOrders'),
        ])
        .orderBy('c.id', 'desc'),
    filter,
  );
}

/** The administrators (role 1) of the colleges, by college id. */
export function adminsOf(db: Db, collegeIds: number[]) {
  if (!collegeIds.length) return Promise.resolve([]);
  return membershipColumns(membershipsFrom(db))
    .where('cm.college_id', 'in', collegeIds)
    .where(sql<boolean>`(',' || cm.roles || ',') like '%,1,%'`)
    .orderBy('cm.id')
    .execute();
}

export function collegeNamed(db: Db, name: string, except?: number) {
  return db
    .selectFrom('colleges')
    .select('id')
    .where('name', '=', name)
    .$if(except !== undefined, (q) => q.where('id', '!=', except!))
    .executeTakeFirst();
}

export function insertCollege(
  db: Db,
  values: { name: string } & Partial<{ contact: string; phone: string; address: string; introduction: string }>,
  now: number,
) {
  return db
    .insertInto('colleges')
    .values({ ...values, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function collegeRow(db: Db, id: number) {
  return db
    .selectFrom('colleges')
    .select(['id', 'name', 'contact', 'phone', 'address', 'introduction', 'logo', 'created_at as createdAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function collegeChoices(db: Db, keyword: string | undefined, limit: number) {
  return db
    .selectFrom('colleges')
    .select(['id', 'name'])
    .$if(Boolean(keyword), (q) => q.where('name', 'like', `%${keyword}%`))
    .orderBy('name')
    .limit(limit)
    .execute();
}
