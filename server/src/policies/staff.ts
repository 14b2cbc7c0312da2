import type { Actor } from '../http/actor.js';
import { anyone, isStaff, isStaffAdmin } from './helpers.js';

export const staffPolicies = {
  /** Staff sign in with user name and password (anonymous, written down). */
  'staff.login': anyone,
  /** A staff member's own identity and logout; a member token never passes. */
  'staff.self': (actor: Actor) => isStaff(actor),
  /** Staff administrators manage other staff. */
  'staff.manage': (actor: Actor) => isStaffAdmin(actor),
  /** The audit log of staff changes (its roles: staff-access.ts). */
  'admin.audit': (actor: Actor) => isStaff(actor),
  /** Operating the platform: online users, members, monitor, caches (its roles: staff-access.ts). */
  'admin.operate': (actor: Actor) => isStaff(actor),
  /** The app's scheduled jobs: list, run now, pause and resume (its roles: staff-access.ts). */
  'admin.jobs': (actor: Actor) => isStaff(actor),
};
