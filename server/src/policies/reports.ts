import { Role } from '@textbook/contracts';
import type { Actor } from '../http/actor.js';
import { hasRole, isMember, isStaff } from './helpers.js';

const isTeacher = (actor: Actor): boolean => hasRole(actor, Role.TEACHER);

/** The class is this teacher's, in the college they work in now (the same rule as managing the class). */
const teachesClass = (actor: Actor, cls: { teacherId: number; collegeId: number }): boolean =>
  isTeacher(actor) && isMember(actor) && actor.collegeId === cls.collegeId && actor.memberId === cls.teacherId;

/**
 * Reports (issue 18). A member's study report is their own: the route takes the member from the session, so no
 * one names another. A class report, and a student's report within it, is the class's teacher's; the teaching
 * report lists only the caller's classes. The textbook report covers the caller's college for a college
 * administrator (the college comes from the session) and every college for the publisher's staff.
 */
export const reportPolicies = {
  /** My study report: any logged-in member, about themselves. */
  'report.mine': (actor: Actor) => isMember(actor),
  /** Teachers may ask for class reports (the gate before a class is loaded) and see their classes side by side. */
  'report.teach': isTeacher,
  /** One class's report (and its students' reports for this class): its teacher only. */
  'report.class': teachesClass,
  /** A book's use in the administrator's own college. */
  'report.college': (actor: Actor) => hasRole(actor, Role.COLLEGE_ADMIN) && isMember(actor) && actor.collegeId !== null,
  /** A book's use across every class and college: the publisher's staff. */
  'report.staff': (actor: Actor) => isStaff(actor),
};
