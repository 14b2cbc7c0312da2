import { Role, type MemberInfo, type RoleCode } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { parseRoles } from '../session/service.js';
import * as q from './queries.js';

/**
 * Member info (spec §3) for the current college: roleList and the flags follow the college chosen
 * with the switcher. This is the presenter: only these fields leave the server.
 */
export async function getMemberInfo(ctx: AppContext, memberId: number): Promise<MemberInfo> {
  const member = await q.findMember(ctx.db, memberId);
  if (!member) throw notFound();
  const memberships = await q.listMemberships(ctx.db, memberId);
  const current = memberships.find((m) => m.collegeId === member.current_college_id) ?? memberships[0];
  const roleList: RoleCode[] = current ? parseRoles(current.roles) : [Role.COMMON];
  const isTeacher = roleList.includes(Role.TEACHER);
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
    hasGrant: Boolean(current?.hasGrant),
    canApply: isTeacher,
    extras: {
      YxMenu: Boolean(member.extras_yx_menu),
      hasCollege: memberships.length > 0,
      CollegeList: memberships.map((m) => ({ id: m.collegeId, name: m.collegeName })),
    },
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
