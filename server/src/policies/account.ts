import type { Actor } from '../http/actor.js';
import { isMember } from './helpers.js';

/** The member's own account: colleges, profile and security. Staff tokens never pass (DESIGN.md §5). */
export const accountPolicies = {
  'account.self': (actor: Actor) => isMember(actor),
  /** Switching to a college needs a membership in it. */
  'account.switchCollege': (actor: Actor, college: { memberOf: boolean }) => isMember(actor) && college.memberOf,
  /** The marketing editor: members with the extras flag (spec §2). */
  'account.editor': (actor: Actor, member: { yxMenu: boolean }) => isMember(actor) && member.yxMenu,
  /** Avatars are public by unguessable generated name (anonymous access, written down). */
  'account.avatarFile': () => true,
};
