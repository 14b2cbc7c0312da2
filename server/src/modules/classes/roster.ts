import { MemberStatus } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import * as q from './queries.js';

/**
 * What other modules (teaching activities, homework) read of a class's students, through the classes module's
 * index: the approved students, and one member's place in a class.
 */
export async function approvedStudents(
  ctx: AppContext,
  classId: number,
): Promise<{ memberId: number; name: string; studentId: string }[]> {
  const rows = await q.allStudents(ctx.db, { classId, status: MemberStatus.APPROVED });
  return rows.map((r) => ({ memberId: Number(r.memberId), name: r.name, studentId: r.studentId }));
}

/** Whether the member is an approved student of the class. */
export async function isApprovedStudent(ctx: AppContext, classId: number, memberId: number): Promise<boolean> {
  const row = await q.findMembership(ctx.db, classId, memberId);
  return row?.status === MemberStatus.APPROVED;
}
