import type { Actor } from '../http/actor.js';
import { isMember, isStaff, owns } from './helpers.js';

export const noticePolicies = {
  /**
   * The unread count answers 0 for visitors (the header asks before it knows); a request whose token has
   * expired is told so (401), so the badge's refresh notices an ended session.
   */
  'notice.count': (actor: Actor) => !(actor.kind === 'visitor' && actor.expired),
  /** The notice centre (list, books, check, mark all read, live stream): the member's own notices only. */
  'notice.list': (actor: Actor) => isMember(actor),
  'notice.read': (actor: Actor, notice: { memberId: number }) => owns(actor, notice),
  /** Broadcasts to all members, a college or a role: the publisher's staff. */
  'notice.broadcast': (actor: Actor) => isStaff(actor),
};
