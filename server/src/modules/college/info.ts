import { Role, type PageQuery } from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import * as q from './queries.js';
import { collegeOf } from './seats.js';

/** The current college's details (any member of it reads them). */
export async function collegeDetail(ctx: AppContext, actor: MemberActor) {
  if (actor.collegeId === null) throw notFound();
  const college = await q.findCollege(ctx.db, actor.collegeId);
  if (!college) throw notFound();
  return { ...college, memberCount: Number(college.memberCount) };
}

export async function editCollege(
  ctx: AppContext,
  actor: MemberActor,
  values: { name: string; logo: string; contact: string; phone: string; address: string; introduction: string },
) {
  await q.updateCollege(ctx.db, collegeOf(actor), values);
  return collegeDetail(ctx, actor);
}

const ROLES = new Set<number>(Object.values(Role));

export async function collegeUsers(
  ctx: AppContext,
  actor: MemberActor,
  query: PageQuery & { keyword?: string | undefined; role?: number | undefined },
) {
  const page = await q.pageCollegeUsers(ctx.db, collegeOf(actor), {
    keyword: query.keyword,
    role: query.role,
    ...pageWindow(query),
  });
  return pageOf(
    page.rows.map((r) => ({
      memberId: r.memberId,
      realName: r.realName ?? '',
      phone: r.phone ?? '',
      studentId: r.studentId,
      roles: r.roles
        .split(',')
        .map(Number)
        .filter((n) => ROLES.has(n)),
      createTime: r.createTime,
    })),
    page.total,
  );
}
