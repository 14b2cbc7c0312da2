import type { Actor } from '../http/actor.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { memberPolicies } from './member.js';
import { noticePolicies } from './notice.js';
import { sitePolicies } from './site.js';
import { bookPolicies } from './books.js';
import { contentPolicies } from './content.js';
import { classPolicies } from './classes.js';
import { readerPolicies } from './reader.js';
import { authPolicies } from './auth.js';
import { accountPolicies } from './account.js';
import { ssoPolicies } from './sso.js';
import { staffPolicies } from './staff.js';
import { samplePolicies } from './samples.js';
import { orderPolicies } from './orders.js';
import { paymentPolicies } from './payments.js';
import { collegePolicies } from './college.js';
import { reportPolicies } from './reports.js';
import { questionPolicies } from './questions.js';
import { activityPolicies } from './activities.js';
import { staffRoleAllows } from './staff-access.js';
import { homeworkPolicies } from './homework.js';
import { teacherPolicies } from './teachers.js';

/**
 * Every permission decision of the server, by action. Routes call `authorize` as the first line after
 * loading the thing; nothing outside this folder decides who may do what.
 */
export const policies = {
  ...sitePolicies,
  ...memberPolicies,
  ...noticePolicies,
  ...bookPolicies,
  ...contentPolicies,
  ...classPolicies,
  ...readerPolicies,
  ...authPolicies,
  ...accountPolicies,
  ...ssoPolicies,
  ...staffPolicies,
  ...samplePolicies,
  ...orderPolicies,
  ...paymentPolicies,
  ...collegePolicies,
  ...reportPolicies,
  ...questionPolicies,
  ...activityPolicies,
  ...homeworkPolicies,
  ...teacherPolicies,
};

export type Action = keyof typeof policies;
type ThingOf<A extends Action> = Parameters<(typeof policies)[A]>[1];

export function can<A extends Action>(
  actor: Actor,
  action: A,
  ...thing: ThingOf<A> extends undefined ? [] : [ThingOf<A>]
): boolean {
  const rule = policies[action] as (actor: Actor, thing?: unknown) => boolean;
  // A staff action also asks for the role it needs (staff-access.ts): decided once here, for every route.
  return rule(actor, thing[0]) && staffRoleAllows(actor, action);
}

export { rolesFor, staffMayCall, STAFF_ACCESS } from './staff-access.js';

/** Throws 401 for a visitor and 403 for a member when the rule says no. */
export function authorize<A extends Action>(
  actor: Actor,
  action: A,
  ...thing: ThingOf<A> extends undefined ? [] : [ThingOf<A>]
): void {
  if (can(actor, action, ...thing)) return;
  throw actor.kind === 'visitor' ? unauthorized() : forbidden();
}
