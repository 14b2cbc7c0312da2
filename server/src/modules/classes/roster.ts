import { MemberStatus } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { memberRead, tag } from '../../http/read-cache.js';
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

/**
 * The class's facts others decide on (teacher, college, book, name, counts), or undefined. Kept a few seconds per
 * class, dropped at once when the class changes or goes (`tag.class`), its students do (`tag.roster`), its book
 * (`tag.catalog`) or college (`tag.college`) does: every homework route about a class loads it first.
 */
const CLASS_FACTS = { ttlMs: 5000, maxEntries: 10_000 };

export async function findClassFacts(ctx: AppContext, id: number) {
  const found = await ctx.caches.cache<q.ClassRecord>('class-facts', CLASS_FACTS).get(String(id), async () => {
    const cls = await q.findClass(ctx.db, id);
    return cls ? { value: cls, tags: [tag.class(id), tag.roster(id), tag.catalog, tag.college(cls.collegeId)] } : null;
  });
  return found ?? undefined;
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

/**
 * The classes a member is an approved student of: kept a few seconds per member (`memberRead`), dropped when they
 * join, are decided on or leave (`tag.classesOf`), when one of the classes changes (`tag.class`) or its book does.
 */
export function studentClasses(ctx: AppContext, memberId: number) {
  return memberRead(ctx, 'student-classes', String(memberId), async () => {
    const rows = await q.approvedClassesOf(ctx.db, memberId);
    return { value: rows, tags: [tag.classesOf(memberId), tag.catalog, ...rows.map((r) => tag.class(r.id))] };
  });
}
