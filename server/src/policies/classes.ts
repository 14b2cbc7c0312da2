import { Role } from '@textbook/contracts';
import type { Actor } from '../http/actor.js';
import { hasRole, isMember } from './helpers.js';

/** A teacher of the current college. */
const isTeacher = (actor: Actor): boolean => hasRole(actor, Role.TEACHER);

/** The class is this teacher's, in the college they are working in now (tenant first, then ownership). */
const teachesClass = (actor: Actor, cls: { teacherId: number; collegeId: number }): boolean =>
  isTeacher(actor) && isMember(actor) && actor.collegeId === cls.collegeId && actor.memberId === cls.teacherId;

export const classPolicies = {
  /** Teaching space: the books a teacher may teach with, their classes, own-book checks, creating a class. */
  'class.teach': isTeacher,
  /** Edit, delete, code reset or close, students, approvals, export of one class: its teacher only. */
  'class.manage': teachesClass,
  /** Editing, approving or removing students: the teacher of every one of their classes. */
  'class.manageStudents': (actor: Actor, rows: { teacherId: number; collegeId: number }[]) =>
    rows.length > 0 && rows.every((row) => teachesClass(actor, row)),
  /**
   * Joining with a class code, checking a code, my classes, leaving: any logged-in member. The service checks
   * the class's college against the member's, and a member only ever reads or leaves their own memberships.
   */
  'class.join': (actor: Actor) => isMember(actor),
  /**
   * A class's role answer for a book (reader, homework), about themselves: a member who teaches or studies in
   * the current college; anyone else has no class role to ask about (403, not an empty answer).
   */
  'class.readRole': (actor: Actor) => isTeacher(actor) || hasRole(actor, Role.STUDENT),
};
