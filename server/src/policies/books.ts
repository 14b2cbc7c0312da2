import type { Actor } from '../http/actor.js';
import { anyone, isStaff } from './helpers.js';

/**
 * Who may read a chapter. Today: a free-preview chapter of a published book, for everyone; staff read
 * every chapter. The reader issue extends this one function with shelf entries (DESIGN.md §6).
 */
export function canReadChapter(actor: Actor, chapter: { free: boolean; bookPublished: boolean }): boolean {
  if (isStaff(actor)) return true;
  return chapter.bookPublished && chapter.free;
}

export const bookPolicies = {
  /** Catalogue lists, search, subjects and book lists are public (anonymous access, written down). */
  'book.browse': anyone,
  /** A book's detail, tree and extras: published books for everyone, unpublished ones for staff only. */
  'book.read': (actor: Actor, book: { published: boolean }) => book.published || isStaff(actor),
  'book.readChapter': canReadChapter,
  /** Stored book files (covers, images, fonts): public, by unguessable generated name. */
  'book.asset': anyone,
  /** Catalogue management: import, metadata, publication, free chapters, book lists. */
  'book.manage': (actor: Actor) => isStaff(actor),
  'book.readImportJob': (actor: Actor, job: { staffId: number | null }) =>
    isStaff(actor) && (actor.isAdmin || job.staffId === actor.staffId),
};
