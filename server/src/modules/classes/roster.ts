import type { AppContext } from '../../http/context.js';
import * as q from './queries.js';

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

/** The classes a member is an approved student of. */
export function studentClasses(ctx: AppContext, memberId: number) {
  return q.approvedClassesOf(ctx.db, memberId);
}
