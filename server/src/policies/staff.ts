import type { Actor } from '../http/actor.js';
import { anyone, isStaff, isStaffAdmin } from './helpers.js';

export const staffPolicies = {
  /** Staff sign in with user name and password (anonymous, written down). */
  'staff.login': anyone,
  /** A staff member's own identity and logout; a member token never passes. */
  'staff.self': (actor: Actor) => isStaff(actor),
  /** Staff administrators manage other staff. */
  'staff.manage': (actor: Actor) => isStaffAdmin(actor),
};
