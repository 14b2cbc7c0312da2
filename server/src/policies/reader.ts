import type { Actor } from '../http/actor.js';
import { anyone, isMember, owns } from './helpers.js';

export const readerPolicies = {
  /** Position, reading time and notes are a member's own (a visitor reading a free chapter keeps none). */
  'reader.self': (actor: Actor) => isMember(actor),
  /** A note is edited or deleted only by the member who wrote it. */
  'reader.noteOwn': (actor: Actor, note: { memberId: number }) => owns(actor, note),
  /** A bookmark is removed only by the member who made it. */
  'reader.bookmarkOwn': (actor: Actor, bookmark: { memberId: number }) => owns(actor, bookmark),
  /** Dictionary look-up: anyone who may see the reader (anonymous access, written down: free chapters). */
  'reader.translate': anyone,
};
