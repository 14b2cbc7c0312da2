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

/** The class's facts others decide on (teacher, college, book, name), or undefined. */
export function findClassFacts(ctx: AppContext, id: number) {
  return q.findClass(ctx.db, id);
}

/** A teacher's classes in a college, with their book and student counts. */
export function teacherClasses(ctx: AppContext, teacherId: number, collegeId: number) {
  return q.classesOf(ctx.db, { teacherId, collegeId });
}

/** A class's approved students (member, name, student number). */
export function classRoster(ctx: AppContext, classId: number) {
  return q.approvedStudents(ctx.db, classId);
}

/** A college's classes of a book (any teacher's), with their teacher's name and student count. */
export async function collegeBookClasses(ctx: AppContext, collegeId: number, bookId: number) {
  const rows = await q.classesOfCollegeBook(ctx.db, collegeId, bookId);
  return rows.map((r) => ({ ...r, teacherName: r.teacherName ?? '', studentCount: Number(r.studentCount) }));
}

/** The classes a member is an approved student of. */
export function studentClasses(ctx: AppContext, memberId: number) {
  return q.approvedClassesOf(ctx.db, memberId);
}
