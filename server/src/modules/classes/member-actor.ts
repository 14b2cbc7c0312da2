import type { Actor, MemberActor } from '../../http/actor.js';
import { isMember } from '../../policies/helpers.js';

/** After `authorize` admitted a member-only action: the member. */
export function memberOf(actor: Actor): MemberActor {
  if (!isMember(actor)) throw new Error('unreachable: a member policy admitted a non-member');
  return actor;
}
