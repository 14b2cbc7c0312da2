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
