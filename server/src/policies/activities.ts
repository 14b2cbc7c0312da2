import { Role } from '@textbook/contracts';
import type { Actor } from '../http/actor.js';
import { hasRole, isMember } from './helpers.js';

/** A class as the activity policies see it: its teacher and college, and whether the caller studies in it. */
export interface ActivityClassFacts {
  teacherId: number;
  collegeId: number;
  /** The caller is an approved student of the class (gathered by the route's `load`). */
  attending: boolean;
}

/** A teacher of the current college. */
const isTeacher = (actor: Actor): boolean => hasRole(actor, Role.TEACHER);

/** The class is this teacher's, in the college they work in now. */
const teaches = (actor: Actor, cls: ActivityClassFacts): boolean =>
  isTeacher(actor) && isMember(actor) && actor.collegeId === cls.collegeId && actor.memberId === cls.teacherId;

/** An approved student of the class, working in the class's college now. */
const attends = (actor: Actor, cls: ActivityClassFacts): boolean =>
  isMember(actor) && actor.collegeId === cls.collegeId && cls.attending;

export const activityPolicies = {
  /** The gate of the teacher's activity routes: a teacher of the current college. */
  'activity.teach': isTeacher,
  /** Plan, edit, open, close, delete an activity, see its live results, remove replies: the class's teacher. */
  'activity.manage': teaches,
  /** Copy an activity: the teacher of both classes. */
  'activity.copy': (actor: Actor, pair: { from: ActivityClassFacts; to: ActivityClassFacts }) =>
    teaches(actor, pair.from) && teaches(actor, pair.to),
  /** The class's activities, checking in, answering a quiz: its approved students. */
  'activity.attend': attends,
  /** One activity's discussion and material: the class's teacher and its approved students. */
  'activity.view': (actor: Actor, cls: ActivityClassFacts) => teaches(actor, cls) || attends(actor, cls),
};
