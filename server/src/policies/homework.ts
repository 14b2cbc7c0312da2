import { Role } from '@textbook/contracts';
import type { Actor } from '../http/actor.js';
import { hasRole, isMember } from './helpers.js';

/** A class (or homework of one): its teacher and college. */
interface Taught {
  teacherId: number;
  collegeId: number;
}

/** The caller teaches it, in the college they work in now. */
const teaches = (actor: Actor, thing: Taught): boolean =>
  hasRole(actor, Role.TEACHER) &&
  isMember(actor) &&
  actor.collegeId === thing.collegeId &&
  actor.memberId === thing.teacherId;

export const homeworkPolicies = {
  /** The teacher's side of homework (class list, lists by time, the form's configuration): a teacher. */
  'homework.teach': (actor: Actor) => hasRole(actor, Role.TEACHER),
  /** Building, editing, releasing, deleting, reading and reviewing homework of a class: the class's teacher only. */
  'homework.manage': teaches,
  /**
   * A student's own homework lists and notices, the section tree with homework counts: a member with the student
   * role in the current college (anyone else has no homework to list: 403, not an empty page).
   */
  'homework.study': (actor: Actor) => hasRole(actor, Role.STUDENT),
  /** A book's section tree with homework counts: a teacher (their homework) or a student (released homework). */
  'homework.tree': (actor: Actor) => hasRole(actor, Role.TEACHER) || hasRole(actor, Role.STUDENT),
  /**
   * Reading, saving and submitting one homework: an approved student of its class, once it is released (a
   * teacher of the class is no student of it; a student of another class gets 403).
   */
  'homework.answer': (actor: Actor, thing: { enrolled: boolean; released: boolean }) =>
    isMember(actor) && thing.enrolled && thing.released,
};
