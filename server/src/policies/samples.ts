import { Role } from '@textbook/contracts';
import type { Actor } from '../http/actor.js';
import { hasRole, isMember, isStaff } from './helpers.js';

/** A teacher of the college they are working in now: the one who may apply for sample copies (spec §6). */
const mayApply = (actor: Actor): boolean => isMember(actor) && actor.collegeId !== null && hasRole(actor, Role.TEACHER);

export const samplePolicies = {
  /**
   * Asking about a sample (the check, the dialog's settings, the apply call itself): any logged-in member, so a
   * member who is not a teacher is told 需认证为教师后才可申请免费样书 rather than a bare 403.
   */
  'sample.ask': (actor: Actor) => isMember(actor),
  /** Applying for a sample copy: a teacher of the current college. member info's `canApply` is this rule. */
  'sample.apply': mayApply,
  /** The member's own applications (they only ever read their own). */
  'sample.mine': (actor: Actor) => isMember(actor),
  /** Reviewing applications, the quota and validity settings, the auto-approve flag of a book: the staff. */
  'sample.review': (actor: Actor) => isStaff(actor),
};
