import { Role, type MemberInfo, type RoleCode } from '@textbook/contracts';
import type { Db } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { invalidate, memberRead, tag, type CacheOwner } from '../../http/read-cache.js';
import { notFound } from '../../http/errors.js';
import type { MemberActor } from '../../http/actor.js';
import { personalAreas } from '../../policies/areas.js';
import { can } from '../../policies/index.js';
import { parseRoles } from '../session/index.js';
import * as q from './queries.js';

/**
 * Member info (spec §3) for the current college: roleList and the flags follow the college chosen
 * with the switcher. This is the presenter: only these fields leave the server. `abilities` are the
 * personal-centre areas the policies open to the member as it acts in that college.
 *
 * Every page of a logged-in member asks for it: it is kept per member for a few seconds (`memberRead`) and
 * dropped by every write of what it shows: the member's own fields, current college, memberships and roles
 * (`tag.member`: the writers below, account's edits, the staff's disabling) and a college's name
 * (`tag.college`). The answer is shared between requests: callers never change it.
 */
export async function getMemberInfo(ctx: AppContext, memberId: number): Promise<MemberInfo> {
  return memberRead(ctx, 'member-info', String(memberId), async () => {
    const info = await loadMemberInfo(ctx, memberId);
    return { value: info, tags: [tag.member(memberId), ...info.extras.CollegeList.map((c) => tag.college(c.id))] };
  });
}

async function loadMemberInfo(ctx: AppContext, memberId: number): Promise<MemberInfo> {
  const member = await q.findMember(ctx.db, memberId);
  if (!member) throw notFound();
  const memberships = await q.listMemberships(ctx.db, memberId);
  // The only college is the current one (the write drops this answer from the cache; the next read is settled).
  if (memberships.length === 1 && member.current_college_id !== memberships[0]!.collegeId) {
    await settleOnlyCollege(ctx, memberId);
  }
  const current = memberships.find((m) => m.collegeId === member.current_college_id) ?? memberships[0];
  const roleList: RoleCode[] = current ? parseRoles(current.roles) : [Role.COMMON];
  const isTeacher = roleList.includes(Role.TEACHER);
  const hasGrant = Boolean(current?.hasGrant);
  const yxMenu = Boolean(member.extras_yx_menu);
  // The member as the policies see it in that college (the session does not matter to any area).
  const inCollege: MemberActor = {
    kind: 'member',
    memberId: member.id,
    sessionId: 0,
    collegeId: current?.collegeId ?? null,
    roles: roleList,
  };
  // Exactly who the apply route lets through (policies/samples.ts), in the college the member works in.
  const canApply = can(inCollege, 'sample.apply');
  return {
    id: member.id,
    userName: member.user_name,
    realName: current?.realName || member.real_name,
    avatar: member.avatar,
    phonenumber: member.phone ?? '',
    studentId: current?.studentId || member.student_id,
    collegeId: current?.collegeId ?? null,
    collegeName: current?.collegeName ?? '',
    userId: member.id,
    roleList,
    teacher: isTeacher,
    hasGrant,
    canApply,
    extras: {
      YxMenu: yxMenu,
      hasCollege: memberships.length > 0,
      CollegeList: memberships.map((m) => ({ id: m.collegeId, name: m.collegeName })),
    },
    abilities: personalAreas(inCollege, { hasGrant, canApply, yxMenu }),
  };
}

export async function memberExists(ctx: AppContext, memberId: number): Promise<boolean> {
  return Boolean(await q.findMember(ctx.db, memberId));
}

/** A new member without a college (role 0). */
export async function createMember(
  ctx: AppContext,
  input: { phone: string | null; userName: string },
): Promise<number> {
  const now = Date.now();
  const { id } = await q.insertMember(ctx.db, {
    phone: input.phone,
    user_name: input.userName,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** The member's memberships (college, roles, the college's own student id and name), by college id. */
export function memberships(ctx: AppContext, memberId: number) {
  return q.listMemberships(ctx.db, memberId);
}

/** Makes one of the member's colleges current (the caller checked the membership). */
export async function setCurrentCollege(ctx: AppContext, memberId: number, collegeId: number): Promise<void> {
  await q.setCurrentCollege(ctx.db, memberId, collegeId);
  invalidate(ctx, tag.member(memberId));
}

/**
 * A member with exactly one college works in it (issue 30): set on login, member info, a code redeemed and a
 * class join, so a member an administrator added (no current college yet) or one whose current college let them
 * go is never asked to switch to the only college they have. Answers the college made current, or undefined.
 */
export async function settleOnlyCollege(ctx: AppContext, memberId: number): Promise<number | undefined> {
  const settled = await q.settleOnlyCollege(ctx.db, memberId);
  // Sessions keep who a member is, in which college, for a few seconds: they read it again now.
  if (settled !== undefined) invalidate(ctx, tag.member(memberId));
  return settled;
}

/** The member joins a college under the given roles, with no name or student id there (test routes only). */
export async function addToCollege(
  ctx: AppContext,
  memberId: number,
  membership: { collegeId: number; roles: string },
  now = Date.now(),
): Promise<void> {
  await q.insertMembership(ctx.db, {
    college_id: membership.collegeId,
    member_id: memberId,
    roles: membership.roles,
    created_at: now,
  });
}

/**
 * A member of no college who joins a class becomes a student (role 3) of the class's college, under the student
 * id and name of the join, and works in that college from now on. Inside the join's transaction (pass it as
 * db); a membership that already exists is left as it is.
 */
export async function enrolStudent(
  ctx: CacheOwner,
  db: Db,
  memberId: number,
  collegeId: number,
  identity: { studentId: string; name: string },
  now = Date.now(),
): Promise<void> {
  await q.insertMembershipOnce(db, {
    college_id: collegeId,
    member_id: memberId,
    roles: String(Role.STUDENT),
    student_id: identity.studentId,
    real_name: identity.name,
    created_at: now,
  });
  await q.setCurrentCollege(db, memberId, collegeId);
  // Sessions keep who a member is, in which college, for a few seconds: they read it again now.
  invalidate(ctx, tag.member(memberId));
}

/**
 * A member joins a college under the given roles, name and student id (the college's administrator adds them):
 * the new membership's id, or undefined when the member is in that college already.
 */
export async function addMembership(
  ctx: CacheOwner,
  db: Db,
  row: { collegeId: number; memberId: number; roles: string; realName: string; studentId: string; hasGrant?: boolean },
  now = Date.now(),
): Promise<number | undefined> {
  const id = await q.insertMembershipOnce(db, {
    college_id: row.collegeId,
    member_id: row.memberId,
    roles: row.roles,
    real_name: row.realName,
    student_id: row.studentId,
    has_grant: row.hasGrant ? 1 : 0,
    created_at: now,
  });
  invalidate(ctx, tag.member(row.memberId));
  return id;
}

/** Changes a membership (roles, the college's name and student id of the member, the distribution grant). */
export async function updateMembership(
  ctx: CacheOwner,
  db: Db,
  membership: { id: number; memberId: number },
  values: { roles: string; realName: string; studentId: string; hasGrant?: boolean | undefined },
): Promise<void> {
  await q.updateMembership(db, membership.id, {
    roles: values.roles,
    real_name: values.realName,
    student_id: values.studentId,
    ...(values.hasGrant === undefined ? {} : { has_grant: values.hasGrant ? 1 : 0 }),
  });
  invalidate(ctx, tag.member(membership.memberId));
}

const rolesText = (roles: RoleCode[]) => [...new Set(roles)].sort().join(',');

/**
 * Gives a member one role in a college (a college administrator appointed by the staff, a teacher certified):
 * their membership gains it, or one is made with it (under `realName`). A member working in no college works in
 * this one from now on. Answers false when the member had the role already. Pass a transaction as db to make it
 * part of one.
 */
export async function giveRole(
  ctx: CacheOwner,
  db: Db,
  input: { memberId: number; collegeId: number; role: RoleCode; realName?: string },
  now = Date.now(),
): Promise<boolean> {
  const existing = await q.membershipWithRoles(db, input.memberId, input.collegeId);
  if (existing) {
    const roles: RoleCode[] = parseRoles(existing.roles).filter((r) => r !== Role.COMMON);
    if (roles.includes(input.role)) return false;
    await q.setMembershipRoles(db, existing.id, rolesText([...roles, input.role]), input.realName);
  } else {
    const id = await q.insertMembershipOnce(db, {
      college_id: input.collegeId,
      member_id: input.memberId,
      roles: String(input.role),
      real_name: input.realName ?? '',
      student_id: '',
      created_at: now,
    });
    // Made by a request racing this one: the role is given once, by it.
    if (id === undefined) return false;
  }
  const member = await q.findMember(db, input.memberId);
  if (member && member.current_college_id === null) await q.setCurrentCollege(db, input.memberId, input.collegeId);
  invalidate(ctx, tag.member(input.memberId));
  return true;
}

/** Takes one role from a member's membership of a college (they stay a member); false when they had not it. */
export async function takeRole(
  ctx: CacheOwner,
  db: Db,
  input: { memberId: number; collegeId: number; role: RoleCode },
) {
  const existing = await q.membershipWithRoles(db, input.memberId, input.collegeId);
  if (!existing || !parseRoles(existing.roles).includes(input.role)) return false;
  const left = parseRoles(existing.roles).filter((r) => r !== input.role);
  await q.setMembershipRoles(db, existing.id, left.length ? rolesText(left) : String(Role.COMMON));
  invalidate(ctx, tag.member(input.memberId));
  return true;
}

/** Takes a member out of a college (the caller gave back what the membership held). */
export async function removeMembership(
  ctx: CacheOwner,
  db: Db,
  membership: { id: number; memberId: number },
): Promise<void> {
  await q.deleteMembership(db, membership.id);
  invalidate(ctx, tag.member(membership.memberId));
}

/** The profile fields of a member (phone, avatar, extras flag, current college), or undefined. */
export function memberProfile(ctx: AppContext, memberId: number) {
  return q.findProfile(ctx.db, memberId);
}

/** Whether the member belongs to the college. */
export async function isMemberOfCollege(ctx: AppContext, memberId: number, collegeId: number): Promise<boolean> {
  return Boolean(await q.findMembership(ctx.db, memberId, collegeId));
}

/** Changes a member's own fields (name, avatar, phone); the caller has checked the rules. */
export async function updateMemberFields(
  ctx: AppContext,
  memberId: number,
  values: { user_name?: string; avatar?: string; phone?: string },
): Promise<void> {
  await q.updateMember(ctx.db, memberId, { ...values, updated_at: Date.now() });
  invalidate(ctx, tag.member(memberId));
}

/** Whether a phone number belongs to a member already. */
export async function phoneInUse(ctx: AppContext, phone: string): Promise<boolean> {
  return Boolean(await q.phoneTaken(ctx.db, phone));
}

/** The admin console's member search (phone, name or user name). */
export async function searchMembers(
  ctx: AppContext,
  keyword: string | undefined,
  window: { offset: number; limit: number },
) {
  const { rows, total } = await q.pageMembers(ctx.db, keyword, window);
  return { rows: rows.map((r) => ({ ...r, disabled: Boolean(r.disabled) })), total };
}

/** The member row as the console shows it (undefined when there is none). */
export async function memberRecord(ctx: AppContext, memberId: number) {
  const m = await q.findMember(ctx.db, memberId);
  return (
    m && {
      id: m.id,
      phone: m.phone,
      userName: m.user_name,
      realName: m.real_name,
      disabled: Boolean(m.disabled),
      currentCollegeId: m.current_college_id,
      createdAt: m.created_at,
    }
  );
}

/**
 * The staff disable or enable an account; false when there is no such member. The caller ends the sessions of a
 * disabled member (session module); while disabled, every login is refused (`openSession`).
 */
export async function setMemberDisabled(ctx: AppContext, memberId: number, disabled: boolean): Promise<boolean> {
  const done = await q.setDisabled(ctx.db, memberId, disabled, Date.now());
  invalidate(ctx, tag.member(memberId));
  return done;
}
