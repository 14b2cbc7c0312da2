import type { Actor } from '../http/actor.js';
import { Role } from '@textbook/contracts';
import { anyone, hasRole, isMember, isStaff } from './helpers.js';

/** An unexpired shelf entry of the actor for the book: only its college matters to the decision. */
export interface ReadGrant {
  collegeId: number | null;
}

/** Why a book or chapter may or may not be read (DESIGN.md §6). */
export type ReadVerdict =
  | { read: true }
  | { read: false; why: 'login' | 'noGrant' | 'unpublished' }
  | { read: false; why: 'otherCollege'; collegeId: number };

/**
 * The one decision who may read a book, used by the reader (chapters, assets), the shelf and book detail:
 * staff read everything; nobody else reads an unpublished book; a shelf entry (purchase, sample, college
 * authorization, class, free book) that has not expired opens the whole book when it belongs to no college or
 * to the member's current college; an entry of another college asks to switch to it.
 */
export function bookReadVerdict(actor: Actor, book: { bookPublished: boolean; grants: ReadGrant[] }): ReadVerdict {
  if (isStaff(actor)) return { read: true };
  if (!book.bookPublished) return { read: false, why: 'unpublished' };
  if (!isMember(actor)) return { read: false, why: 'login' };
  if (book.grants.some((g) => g.collegeId === null || g.collegeId === actor.collegeId)) return { read: true };
  const other = book.grants.find((g) => g.collegeId !== null);
  return other ? { read: false, why: 'otherCollege', collegeId: other.collegeId! } : { read: false, why: 'noGrant' };
}

/** A chapter: free-preview chapters of a published book for everyone, the rest as the book decides. */
export function chapterReadVerdict(
  actor: Actor,
  chapter: { free: boolean; bookPublished: boolean; grants: ReadGrant[] },
): ReadVerdict {
  if (chapter.free && chapter.bookPublished) return { read: true };
  return bookReadVerdict(actor, chapter);
}

export function canReadChapter(
  actor: Actor,
  chapter: { free: boolean; bookPublished: boolean; grants?: ReadGrant[] },
): boolean {
  return chapterReadVerdict(actor, { ...chapter, grants: chapter.grants ?? [] }).read;
}

export const bookPolicies = {
  /** Catalogue lists, search, subjects and book lists are public (anonymous access, written down). */
  'book.browse': anyone,
  /** A book's detail, tree and extras: published books for everyone, unpublished ones for staff only. */
  'book.read': (actor: Actor, book: { published: boolean }) => book.published || isStaff(actor),
  'book.readChapter': canReadChapter,
  /** Shelf and favourites: the member's own (a visitor is asked to log in). */
  'shelf.own': (actor: Actor) => isMember(actor),
  /** Adding a book to the shelf by oneself: published books that are free (price 0). */
  'shelf.addFree': (actor: Actor, book: { published: boolean; price: number }) =>
    isMember(actor) && book.published && book.price === 0,
  /**
   * A stored book file (cover, image, stylesheet, font). Public (shared-cacheable): a published book's cover, a
   * file a free chapter refers to, a stylesheet or font of a book with a free chapter. Anything else only to
   * those who may read the book, so an image URL guessed or copied does not open a paid chapter.
   */
  'book.asset': (actor: Actor, asset: { public: boolean; bookPublished: boolean; grants: ReadGrant[] }) =>
    asset.public || bookReadVerdict(actor, asset).read,
  /**
   * The book detail's 申请样书 button: a teacher, or a member not yet certified as one (not a student), whom the
   * sample check then tells 需认证为教师后才可申请免费样书 (policies/samples.ts decides who may apply).
   */
  'book.askSample': (actor: Actor) =>
    isMember(actor) && (hasRole(actor, Role.TEACHER) || !hasRole(actor, Role.STUDENT)),
  /** Catalogue management: import, metadata, publication, free chapters, book lists. */
  'book.manage': (actor: Actor) => isStaff(actor),
  /** The catalogue's dictionaries (subjects, collections): add, rename, nest, delete (its roles: staff-access.ts). */
  'dict.manage': (actor: Actor) => isStaff(actor),
  'book.readImportJob': (actor: Actor, job: { staffId: number | null }) =>
    isStaff(actor) && (actor.isAdmin || job.staffId === actor.staffId),
};
