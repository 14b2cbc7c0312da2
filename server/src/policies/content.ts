import type { Actor } from '../http/actor.js';
import { anyone, isMember, isStaff } from './helpers.js';

/** Site content, help and feedback (issue #5). Public reads are anonymous on purpose: the site is public. */
export const contentPolicies = {
  /** Published, passed content, menus' content lists, client versions and help: anyone. */
  'content.read': anyone,
  /** Menus, content, footer links, site info, versions, help and audit: the publisher's staff. */
  'site.manage': (actor: Actor) => isStaff(actor),
  /** Staff read the content items (editors who write them, reviewers who audit them). */
  'content.review': (actor: Actor) => isStaff(actor),
  /** Staff approve content, or reject it with a reason (reviewers; staff-access.ts). */
  'content.audit': (actor: Actor) => isStaff(actor),
  /** Staff whose writing needs no reviewer (those who may audit: staff-access.ts); an editor's waits for one. */
  'content.publishDirect': (actor: Actor) => isStaff(actor),
  /** Members write content that waits for audit; they see and edit only their own. */
  'content.write': (actor: Actor) => isMember(actor),
  'content.editOwn': (actor: Actor, item: { authorMemberId: number | null }) =>
    isMember(actor) && item.authorMemberId === actor.memberId,
  /** Stored site images are public by unguessable generated name; members and staff upload them. */
  'image.read': anyone,
  'image.upload': (actor: Actor) => isMember(actor) || isStaff(actor),
  /** Help visits are recorded for visitors too (the help pages are public reading). */
  'help.recordAccess': anyone,
  /** Feedback: members send and read their own; staff read all and reply. */
  'feedback.add': (actor: Actor) => isMember(actor),
  'feedback.listOwn': (actor: Actor) => isMember(actor),
  'feedback.manage': (actor: Actor) => isStaff(actor),
};
