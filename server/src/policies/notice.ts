import type { Actor } from '../http/actor.js';
import { owns } from './helpers.js';

export const noticePolicies = {
  /**
   * The unread count answers 0 for visitors (the header asks before it knows); a request whose token has
   * expired is told so (401), so the badge's refresh notices an ended session.
   */
  'notice.count': (actor: Actor) => !(actor.kind === 'visitor' && actor.expired),
  'notice.read': (actor: Actor, notice: { memberId: number }) => owns(actor, notice),
};
