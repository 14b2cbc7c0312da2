import type { Actor } from '../http/actor.js';
import { isMember } from './helpers.js';

export const memberPolicies = {
  /** Own member info: any logged-in member. */
  'member.readSelf': (actor: Actor) => isMember(actor),
  'session.logout': (actor: Actor) => isMember(actor),
};
