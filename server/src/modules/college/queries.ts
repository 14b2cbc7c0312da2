import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';

/** The college itself, its members as its administrators see them, and colleges as the publisher's staff see them. */

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
  return paged(base, filter, (q) => membershipColumns(q).orderBy('cm.id', 'desc'));
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
  return paged(base, filter, (q) =>
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
