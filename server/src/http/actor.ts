import type { RoleCode, StaffRole } from '@textbook/contracts';

/** Who is calling. Every route sees one; policies decide on it. */
export type Actor = Visitor | MemberActor | StaffActor;

export interface Visitor {
  kind: 'visitor';
  /** The request carried a token that is unknown or expired (the session ended). */
  expired?: boolean;
}

export interface MemberActor {
  kind: 'member';
  memberId: number;
  sessionId: number;
  /** The college chosen with the college switcher, or null for a member of none. */
  collegeId: number | null;
  /** Role codes in the current college (0 when the member has no college). */
  roles: RoleCode[];
}

/** The publisher's staff (admin console). A staff token never passes a member policy, nor the reverse. */
export interface StaffActor {
  kind: 'staff';
  staffId: number;
  sessionId: number;
  /** Staff administrators (role `super`) manage other staff and may do everything. */
  isAdmin: boolean;
  /** The staff member's roles (`super` included for an administrator); `policies/staff-access.ts` decides on them. */
  roles: StaffRole[];
}

export const VISITOR: Visitor = { kind: 'visitor' };
export const EXPIRED_VISITOR: Visitor = { kind: 'visitor', expired: true };

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}
