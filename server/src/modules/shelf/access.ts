import type { Actor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { AppError, forbidden, notFound, otherCollege, unauthorized } from '../../http/errors.js';
import { bookReadVerdict, chapterReadVerdict, type ReadGrant, type ReadVerdict } from '../../policies/books.js';
import { isMember } from '../../policies/helpers.js';
import * as q from './queries.js';
import { knownGrants, readGrants } from './service.js';

/**
 * The one place that gathers what the read decision needs (the member's unexpired shelf entries) and turns a
 * refusal into the spec's answer: 401 for a visitor, 502 with 请切换至{college}后使用。 for another college's
 * entry, 403 otherwise. The decision itself is `bookReadVerdict` / `chapterReadVerdict` in policies/books.ts.
 */
export async function grantsOf(ctx: AppContext, actor: Actor, bookId: number): Promise<ReadGrant[]> {
  if (!isMember(actor)) return [];
  return (await readGrants(ctx, actor.memberId, bookId)).map((e) => ({ collegeId: e.collegeId }));
}

/**
 * For a route whose policy makes the read decision (the corridor answers its refusal 401 or 403): the refusals
 * the spec answers otherwise, thrown by the route's `load` before the policy runs: 404 for an unpublished book
 * (not revealed), 502 with the college to switch to.
 */
export async function explainRefusal(ctx: AppContext, verdict: ReadVerdict): Promise<void> {
  if (verdict.read || verdict.why === 'login' || verdict.why === 'noGrant') return;
  const error = await refusal(ctx, verdict);
  if (error) throw error;
}

export async function refusal(ctx: AppContext, verdict: ReadVerdict): Promise<AppError | null> {
  if (verdict.read) return null;
  switch (verdict.why) {
    case 'login':
      return unauthorized();
    case 'unpublished':
      return notFound();
    case 'otherCollege': {
      const name = await q.collegeName(ctx.db, verdict.collegeId);
      return otherCollege(name, { collegeId: verdict.collegeId, collegeName: name });
    }
    default:
      return forbidden();
  }
}

/** Throws unless the actor may read this chapter. */
export async function assertChapterReadable(
  ctx: AppContext,
  actor: Actor,
  book: { id: number; published: number | boolean },
  chapter: { free: number | boolean },
): Promise<void> {
  const grants = chapter.free && book.published ? [] : await grantsOf(ctx, actor, book.id);
  const verdict = chapterReadVerdict(actor, {
    free: Boolean(chapter.free),
    bookPublished: Boolean(book.published),
    grants,
  });
  const error = await refusal(ctx, verdict);
  if (error) throw error;
}

/**
 * The same facts without waiting, for the chapter API's hot path: undefined when they are not in memory (the
 * caller then takes `grantsOf`).
 */
export function knownReadGrants(ctx: AppContext, actor: Actor, bookId: number): ReadGrant[] | undefined {
  if (!isMember(actor)) return [];
  return knownGrants(ctx, actor.memberId, bookId)?.map((e) => ({ collegeId: e.collegeId }));
}

/**
 * The read decision for many chapters of one book (in-book search): the member's entries are gathered once,
 * then each chapter is decided by `chapterReadVerdict` from its free flag.
 */
export async function chapterReadableBy(
  ctx: AppContext,
  actor: Actor,
  book: { id: number; published: number | boolean },
): Promise<(free: boolean) => ReadVerdict> {
  const grants = await grantsOf(ctx, actor, book.id);
  const bookPublished = Boolean(book.published);
  return (free) => chapterReadVerdict(actor, { free, bookPublished, grants });
}

/** The whole book's verdict (shelf, book detail: "read" button or "switch college"). */
export async function bookAccess(
  ctx: AppContext,
  actor: Actor,
  book: { id: number; published: number | boolean },
): Promise<ReadVerdict> {
  return bookReadVerdict(actor, {
    bookPublished: Boolean(book.published),
    grants: await grantsOf(ctx, actor, book.id),
  });
}
