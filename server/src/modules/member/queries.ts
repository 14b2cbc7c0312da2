import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { paged } from '../../db/paged.js';

export function findMember(db: Db, id: number) {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listMemberships(db: Db, memberId: number) {
  return db
    .selectFrom('college_members')
    .innerJoin('colleges', 'colleges.id', 'college_members.college_id')
    .select([
      'colleges.id as collegeId',
      'colleges.name as collegeName',
      'college_members.roles',
      'college_members.student_id as studentId',
      'college_members.real_name as realName',
      'college_members.has_grant as hasGrant',
    ])
    .where('college_members.member_id', '=', memberId)
    .orderBy('colleges.id')
    .execute();
}

export function insertMember(
  db: Db,
  row: { phone: string | null; user_name: string; real_name?: string; created_at: number; updated_at: number },
) {
  return db.insertInto('members').values(row).returning('id').executeTakeFirstOrThrow();
}

export function insertMembership(
  db: Db,
  row: {
    college_id: number;
    member_id: number;
    roles: string;
    student_id?: string;
    real_name?: string;
    has_grant?: number;
    created_at: number;
  },
) {
  return db.insertInto('college_members').values(row).execute();
}

/** A membership, unless the member already has one in that college (the unique pair decides): its id, if new. */
export async function insertMembershipOnce(
  db: Db,
  row: {
    college_id: number;
    member_id: number;
    roles: string;
    student_id: string;
    real_name: string;
    has_grant?: number;
    created_at: number;
  },
) {
  const inserted = await db
    .insertInto('college_members')
    .values(row)
    .onConflict((oc) => oc.columns(['college_id', 'member_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** Changes a membership's roles, the college's real name and student id. */
export function updateMembership(
  db: Db,
  id: number,
  values: { roles: string; real_name: string; student_id: string; has_grant?: number },
) {
  return db.updateTable('college_members').set(values).where('id', '=', id).execute();
}

export function deleteMembership(db: Db, id: number) {
  return db.deleteFrom('college_members').where('id', '=', id).execute();
}

/**
 * Makes a member's only college current when it is not (one statement, so two requests settle it once): the
 * college now current, or undefined when nothing changed (no college, several, or already current).
 */
export async function settleOnlyCollege(db: Db, memberId: number): Promise<number | undefined> {
  const only = await db
    .selectFrom('college_members')
    .select((eb) => [eb.fn.min('college_id').as('collegeId'), eb.fn.countAll<number>().as('count')])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!only || Number(only.count) !== 1 || only.collegeId === null) return undefined;
  const collegeId = Number(only.collegeId);
  const done = await db
    .updateTable('members')
    .set({ current_college_id: collegeId })
    .where('id', '=', memberId)
    .where((eb) => eb.or([eb('current_college_id', 'is', null), eb('current_college_id', '!=', collegeId)]))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0 ? collegeId : undefined;
}

export function setCurrentCollege(db: Db, memberId: number, collegeId: number | null) {
  return db.updateTable('members').set({ current_college_id: collegeId }).where('id', '=', memberId).execute();
}

/** The member's membership of one college, if any. */
export function findMembership(db: Db, memberId: number, collegeId: number) {
  return db
    .selectFrom('college_members')
    .select('id')
    .where('member_id', '=', memberId)
    .where('college_id', '=', collegeId)
    .executeTakeFirst();
}

/** The profile fields the account pages show and change. */
export function findProfile(db: Db, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'phone', 'avatar', 'extras_yx_menu as yxMenu', 'current_college_id as currentCollegeId'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export function updateMember(
  db: Db,
  memberId: number,
  values: { user_name?: string; avatar?: string; phone?: string; updated_at: number },
) {
  return db.updateTable('members').set(values).where('id', '=', memberId).execute();
}

export function phoneTaken(db: Db, phone: string) {
  return db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirst();
}

/**
 * A member's real name: their own (set by a teacher certification), else the latest one a college gave them (a
 * membership's, written when a college adds them or they join a class). A member added by phone has only a
 * generated user name (用户0001), so without the membership's name the console showed that.
 */
function realNameOf(eb: ExpressionBuilder<Database, 'members'>) {
  const latestInCollege = eb
    .selectFrom('college_members as cm')
    .select('cm.real_name')
    .whereRef('cm.member_id', '=', 'members.id')
    .where('cm.real_name', '<>', '')
    .orderBy('cm.id', 'desc')
    .limit(1);
  return eb.fn.coalesce(
    eb.fn<string | null>('nullif', [eb.ref('members.real_name'), eb.val('')]),
    latestInCollege,
    eb.val(''),
  );
}

/** The admin console's members: search by phone, name (their own or a college's) or user name, newest first. */
export function pageMembers(db: Db, keyword: string | undefined, window: { offset: number; limit: number }) {
  let base = db.selectFrom('members');
  if (keyword) {
    const like = `%${keyword}%`;
    base = base.where((eb) =>
      eb.or([
        eb('phone', 'like', like),
        eb('real_name', 'like', like),
        eb('user_name', 'like', like),
        eb.exists(
          eb
            .selectFrom('college_members as cm')
            .select('cm.id')
            .whereRef('cm.member_id', '=', 'members.id')
            .where('cm.real_name', 'like', like),
        ),
      ]),
    );
  }
  return paged(base, window, (q) =>
    q
      .select((eb) => [
        'id',
        'phone',
        'user_name as userName',
        realNameOf(eb).as('realName'),
        'disabled',
        'created_at as createdAt',
      ])
      .orderBy('id', 'desc'),
  );
}

/** Sets the staff's disabled flag; false when the member does not exist. */
export async function setDisabled(db: Db, id: number, disabled: boolean, now: number): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ disabled: disabled ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The member's membership of one college with its roles, if any (giving or taking one role). */
export function membershipWithRoles(db: Db, memberId: number, collegeId: number) {
  return db
    .selectFrom('college_members')
    .select(['id', 'roles', 'real_name as realName'])
    .where('member_id', '=', memberId)
    .where('college_id', '=', collegeId)
    .executeTakeFirst();
}

/** Sets a membership's roles (one role given or taken). */
export function setMembershipRoles(db: Db, id: number, roles: string, realName?: string) {
  return db
    .updateTable('college_members')
    .set({ roles, ...(realName ? { real_name: realName } : {}) })
    .where('id', '=', id)
    .execute();
}
