import type { Actor, MemberActor, StaffActor } from '../http/actor.js';

export const anyone = (): boolean => true;

export function isMember(actor: Actor): actor is MemberActor {
  return actor.kind === 'member';
}

export function hasRole(actor: Actor, role: number): boolean {
  return isMember(actor) && actor.roles.includes(role as never);
}

/** The member owns the thing (its memberId is theirs). */
export function owns(actor: Actor, thing: { memberId: number }): boolean {
  return isMember(actor) && actor.memberId === thing.memberId;
}

export function isStaff(actor: Actor): actor is StaffActor {
  return actor.kind === 'staff';
}

export function isStaffAdmin(actor: Actor): boolean {
  return isStaff(actor) && actor.isAdmin;
}

/** After `authorize` admitted a member-only action: the member (a policy that admits others is a bug). */
export function asMember(actor: Actor): MemberActor {
  if (!isMember(actor)) throw new Error('unreachable: a member policy admitted a non-member');
  return actor;
}

/** After `authorize` admitted a staff-only action: the staff member. */
export function asStaff(actor: Actor): StaffActor {
  if (!isStaff(actor)) throw new Error('unreachable: a staff policy admitted a non-staff caller');
  return actor;
}
