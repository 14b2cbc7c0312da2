import type { Actor } from '../http/actor.js';
import { isMember, isStaff, owns } from './helpers.js';

export const noticePolicies = {
  /**
   * The unread count: a member's own (a visitor 401, staff 403). The web client asks only with a session, so a
   * 401 here means the session ended and the badge's refresh notices it.
   */
  'notice.count': (actor: Actor) => isMember(actor),
  /** The notice centre (list, books, check, mark all read, live stream): the member's own notices only. */
  'notice.list': (actor: Actor) => isMember(actor),
  'notice.read': (actor: Actor, notice: { memberId: number }) => owns(actor, notice),
  /** Broadcasts to all members, a college or a role: the publisher's staff. */
  'notice.broadcast': (actor: Actor) => isStaff(actor),
};
