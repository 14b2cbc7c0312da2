import type { Actor } from '../http/actor.js';
import { isMember, isStaff } from './helpers.js';

/** Teacher certifications (issue 19): members apply to be certified as teachers; staff review them. */
export const teacherPolicies = {
  /** Applying, my applications, the colleges to choose from, the proof picture: any logged-in member. */
  'teacher.certify': (actor: Actor) => isMember(actor),
  /** Reviewing applications (its roles: staff-access.ts, the review menu). */
  'teacher.review': (actor: Actor) => isStaff(actor),
};
