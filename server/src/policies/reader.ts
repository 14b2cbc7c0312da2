import type { Actor } from '../http/actor.js';
import { isMember, owns } from './helpers.js';

export const readerPolicies = {
  /** Position, reading time and notes are a member's own (a visitor reading a free chapter keeps none). */
  'reader.self': (actor: Actor) => isMember(actor),
  /** A note is edited or deleted only by the member who wrote it. */
  'reader.noteOwn': (actor: Actor, note: { memberId: number }) => owns(actor, note),
  /** A bookmark is removed only by the member who made it. */
  'reader.bookmarkOwn': (actor: Actor, bookmark: { memberId: number }) => owns(actor, bookmark),
  /**
   * Dictionary look-up and translation: a logged-in member (a visitor reading a free chapter is asked to log in,
   * as for notes; the publisher's staff do not read in the member's reader).
   */
  'reader.translate': (actor: Actor) => isMember(actor),
};
