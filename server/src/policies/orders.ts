import type { Actor } from '../http/actor.js';
import { isMember, isStaff, owns } from './helpers.js';

export const orderPolicies = {
  /** Buying a book and reading one's own purchase records: any logged-in member (staff buy nothing). */
  'order.buy': (actor: Actor) => isMember(actor),
  /** An order's detail, payment, state and receipt: the member who placed it, nobody else. */
  'order.own': (actor: Actor, order: { memberId: number }) => owns(actor, order),
  /** Staff: orders list and refunds. */
  'order.manage': (actor: Actor) => isStaff(actor),
};
