import { StaffMenus, type StaffMenu, type StaffRole } from '@textbook/contracts';
import type { Actor } from '../http/actor.js';
import type { Action } from './index.js';
import { isStaff } from './helpers.js';

/**
 * Which staff may take each staff action: every action a route under `/api/admin/…` declares is mapped here to
 * the console menus it belongs to, and a menu names the roles that open it (`StaffMenus` in contracts, which the
 * console's side menu reads too). The super administrator may do everything; `'any'` is every signed-in staff
 * member.
 *
 * Safe by default: an admin route whose action is not listed here (a new module's) is the super administrator's
 * only, until its action is given a menu below. The corridor asks `staffMayCall` for every `/api/admin/…` route
 * and `can()` asks it for every listed action, so no handler checks a role.
 */
export const STAFF_ACCESS = {
  'staff.self': 'any',
  // Books: catalogue edits, book lists, imports, section resources.
  'book.manage': ['books'],
  'book.readImportJob': ['books'],
  // The catalogue's dictionaries (subjects, collections) the editors file books under.
  'dict.manage': ['books'],
  // A book's use across colleges (the textbook report): editors and the college-facing finance staff.
  'report.staff': ['books', 'colleges'],
  // Site: menus, content, help, footer, versions, broadcasts. Reviewers read content to audit it.
  'site.manage': ['site'],
  'notice.broadcast': ['site'],
  'content.review': ['site', 'review'],
  // Reviews: content audit, sample applications, feedback and error reports.
  'content.audit': ['review'],
  'content.publishDirect': ['review'],
  'sample.review': ['review'],
  'feedback.manage': ['review'],
  'teacher.review': ['review'],
  // Money: personal orders and refunds, payment notifications, college orders and seat corrections.
  'order.manage': ['orders'],
  'payment.log': ['orders'],
  'college.staff': ['colleges'],
  // The super administrator's menus.
  'staff.manage': ['staff'],
  'admin.audit': ['audit'],
  'admin.operate': ['operate'],
  'admin.jobs': ['operate'],
} as const satisfies Partial<Record<Action, readonly StaffMenu[] | 'any'>>;

type ListedAction = keyof typeof STAFF_ACCESS;

const isListed = (action: string): action is ListedAction => Object.hasOwn(STAFF_ACCESS, action);

/** The roles that may take an action (`super` always; an unlisted action: `super` only). */
export function rolesFor(action: string): readonly StaffRole[] | 'any' {
  if (!isListed(action)) return ['super'];
  const menus = STAFF_ACCESS[action];
  if (menus === 'any') return 'any';
  const roles = new Set<StaffRole>(['super']);
  for (const menu of menus) for (const role of StaffMenus[menu].roles as readonly StaffRole[]) roles.add(role);
  return [...roles];
}

/** May this staff member take this action by role? (Members and visitors: never here.) */
export function staffMayCall(actor: Actor, action: string): boolean {
  if (!isStaff(actor)) return false;
  const roles = rolesFor(action);
  return roles === 'any' || actor.roles.some((role) => roles.includes(role));
}

/** For `can()`: a listed action taken by staff must also pass the role check. */
export function staffRoleAllows(actor: Actor, action: string): boolean {
  return !isStaff(actor) || !isListed(action) || staffMayCall(actor, action);
}
