import { PeopleMsg, Role, type AdminCollegeRow, type PageQuery } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { giveRole, takeRole } from '../member/index.js';
import { parseRoles } from '../session/index.js';
import { writeCollege } from './info.js';
import * as q from './queries.js';

/**
 * Colleges as the publisher's staff manage them (issue 19, the console's 学院 menu): create and edit, appoint
 * and dismiss college administrators; their books, seats and orders are read through the seats and orders
 * services with the college given.
 */

type CollegeValues = { name: string; contact: string; phone: string; address: string; introduction: string };
export type StaffCollege = NonNullable<Awaited<ReturnType<typeof q.collegeRow>>>;

export async function loadCollege(ctx: AppContext, id: number): Promise<StaffCollege> {
  const college = await q.collegeRow(ctx.db, id);
  if (!college) throw notFound();
  return college;
}

export async function collegePage(
  ctx: AppContext,
  query: PageQuery & { keyword?: string | undefined },
): Promise<{ rows: AdminCollegeRow[]; total: number }> {
  const page = await q.pageColleges(ctx.db, { keyword: query.keyword, ...pageWindow(query) });
  const admins = await q.adminsOf(
    ctx.db,
    page.rows.map((r) => r.id),
  );
  return pageOf(
    page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      contact: r.contact,
      phone: r.phone,
      address: r.address,
      introduction: r.introduction,
      memberCount: Number(r.memberCount),
      bookCount: Number(r.bookCount),
      waitingOrders: Number(r.waitingOrders),
      admins: admins.filter((a) => a.collegeId === r.id).map((a) => a.realName ?? ''),
      createdAt: r.createdAt,
    })),
    page.total,
  );
}

async function oneRow(ctx: AppContext, id: number): Promise<AdminCollegeRow> {
  const college = await loadCollege(ctx, id);
  const { rows } = await collegePage(ctx, { keyword: college.name, pageNum: 1, pageSize: 999 });
  return rows.find((r) => r.id === id)!;
}

export async function createCollege(ctx: AppContext, values: CollegeValues): Promise<AdminCollegeRow> {
  if (await q.collegeNamed(ctx.db, values.name)) throw refused(PeopleMsg.COLLEGE_NAME_TAKEN);
  const { id } = await q.insertCollege(ctx.db, values, Date.now());
  return oneRow(ctx, id);
}

/** A college with its name only (test routes: a member made with memberships in new colleges). */
export async function addCollege(ctx: AppContext, name: string, now = Date.now()): Promise<number> {
  const { id } = await q.insertCollege(ctx.db, { name }, now);
  return id;
}

export async function editCollege(ctx: AppContext, college: StaffCollege, values: CollegeValues) {
  if (await q.collegeNamed(ctx.db, values.name, college.id)) throw refused(PeopleMsg.COLLEGE_NAME_TAKEN);
  await writeCollege(ctx, college.id, { ...values, logo: college.logo });
  return oneRow(ctx, college.id);
}

/** The college's administrators (role 1), as the college's users list shows them. */
export async function collegeAdmins(ctx: AppContext, college: StaffCollege) {
  const rows = await q.adminsOf(ctx.db, [college.id]);
  return rows.map((r) => ({
    id: r.id,
    memberId: r.memberId,
    realName: r.realName ?? '',
    phone: r.phone ?? '',
    studentId: r.studentId,
    roles: parseRoles(r.roles),
    hasGrant: Boolean(r.hasGrant),
    createTime: r.createTime,
  }));
}

/**
 * A registered member becomes an administrator of the college: their membership gains role 1 (or one is made
 * with it). A member working in no college works in this one from now on, so the college menu opens at once.
 */
export async function appointAdmin(ctx: AppContext, college: StaffCollege, phone: string) {
  const member = await q.findMemberByPhone(ctx.db, phone);
  if (!member) throw refused(PeopleMsg.PHONE_NOT_REGISTERED);
  const given = await giveRole(ctx, ctx.db, {
    memberId: member.id,
    collegeId: college.id,
    role: Role.COLLEGE_ADMIN,
    realName: member.realName,
  });
  if (!given) throw refused(PeopleMsg.ALREADY_ADMIN);
  return collegeAdmins(ctx, college);
}

/** The member stays in the college without role 1. */
export async function dismissAdmin(ctx: AppContext, college: StaffCollege, memberId: number) {
  if (!(await takeRole(ctx, ctx.db, { memberId, collegeId: college.id, role: Role.COLLEGE_ADMIN }))) {
    throw refused(PeopleMsg.NOT_ADMIN);
  }
  return collegeAdmins(ctx, college);
}

/** Colleges a member may name when applying to be certified as a teacher (by name words, at most 20). */
export function collegeChoices(ctx: AppContext, keyword: string | undefined) {
  return q.collegeChoices(ctx.db, keyword, 20);
}

/** A college's name, or undefined when there is no such college. */
export async function collegeName(ctx: AppContext, id: number): Promise<string | undefined> {
  return (await q.collegeRow(ctx.db, id))?.name;
}
