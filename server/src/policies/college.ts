import { Role } from '@textbook/contracts';
import type { Actor } from '../http/actor.js';
import { hasRole, isMember, isStaff } from './helpers.js';

/** A college administrator (role 1) working in a college now. */
const isCollegeAdmin = (actor: Actor): boolean =>
  hasRole(actor, Role.COLLEGE_ADMIN) && isMember(actor) && actor.collegeId !== null;

/** The thing belongs to the college the administrator is working in now (tenant first). */
const administers = (actor: Actor, thing: { collegeId: number }): boolean =>
  isCollegeAdmin(actor) && isMember(actor) && actor.collegeId === thing.collegeId;

/** A teacher or administrator working in a college now: who may hold the distribution grant. */
const isDistributor = (actor: Actor): boolean =>
  (hasRole(actor, Role.TEACHER) || hasRole(actor, Role.COLLEGE_ADMIN)) && isMember(actor) && actor.collegeId !== null;

export const collegePolicies = {
  /** College info, members, books, seats, codes and orders of the current college: its administrator. */
  'college.admin': isCollegeAdmin,
  /** One college book, code or order the route loads: the administrator of its college only. */
  'college.manage': administers,
  /** Redeeming an activation code, my authorizations, my college's details: any logged-in member. */
  'college.member': (actor: Actor) => isMember(actor),
  /** Textbook distribution (/my/provideBook) before its facts are read: a teacher or admin in a college. */
  'college.distributor': isDistributor,
  /**
   * Handing seats of one of the college's books to the students of one's classes: a distributor of that college
   * whose membership there carries the grant (hasGrant, set by the college's administrator).
   */
  'college.provide': (actor: Actor, thing: { collegeId: number; hasGrant: boolean }): boolean =>
    isDistributor(actor) && isMember(actor) && actor.collegeId === thing.collegeId && thing.hasGrant,
  /** The publisher's staff confirm college orders and adjust seats. */
  'college.staff': (actor: Actor) => isStaff(actor),
};
