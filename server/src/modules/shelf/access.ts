import { TOKEN_COOKIE } from '@textbook/contracts';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { AppError, forbidden, notFound, otherCollege, unauthorized } from '../../http/errors.js';
import { bookReadVerdict, chapterReadVerdict, type ReadGrant, type ReadVerdict } from '../../policies/books.js';
import { isMember } from '../../policies/helpers.js';
import { actorOfToken } from '../session/service.js';
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
 * The same decision without waiting, for the chapter API's hot path: true when what it needs is in memory and
 * says "read". False means only "not known here": the caller takes `assertChapterReadable`, which also answers
 * refusals.
 */
export function chapterReadableNow(
  ctx: AppContext,
  actor: Actor,
  book: { id: number; published: boolean },
  chapter: { free: boolean },
): boolean {
  let grants: ReadGrant[] = [];
  if (!(chapter.free && book.published) && isMember(actor)) {
    const entries = knownGrants(ctx, actor.memberId, book.id);
    if (!entries) return false;
    grants = entries.map((e) => ({ collegeId: e.collegeId }));
  }
  return chapterReadVerdict(actor, { free: chapter.free, bookPublished: book.published, grants }).read;
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

/**
 * Images inside a chapter are loaded by the browser, which sends the `Book-Token` cookie but no
 * Authorization header: for asset loads only, the cookie identifies the member (a GET with no side effect).
 */
export async function assetActor(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  if (request.actor.kind !== 'visitor') return request.actor;
  const cookie = request.headers.cookie;
  if (!cookie) return request.actor;
  const prefix = `${TOKEN_COOKIE}=`;
  const part = cookie.split(/;\s*/).find((p) => p.startsWith(prefix));
  if (!part) return request.actor;
  const token = decodeURIComponent(part.slice(prefix.length));
  if (!token) return request.actor;
  return (await actorOfToken(ctx, token)) ?? request.actor;
}

/**
 * Whether an asset may be sent, and whether it may sit in shared caches. Public: a published book's cover;
 * files referenced by a free-preview chapter; stylesheets and fonts of a book with a free chapter. Everything
 * else only to those who may read the book, so an image URL guessed or copied does not open a paid chapter.
 */
export async function assertAssetReadable(
  ctx: AppContext,
  actor: Actor,
  name: string,
  mediaType: string,
): Promise<{ shared: boolean }> {
  const asset = await q.assetOwner(ctx.db, name);
  if (!asset) throw notFound();
  if (asset.published) {
    if (asset.cover === name) return { shared: true };
    const presentation = mediaType === 'text/css' || /font|opentype/.test(mediaType);
    if (await q.freeChapterUses(ctx.db, asset.bookId, presentation ? null : name)) return { shared: true };
  }
  const verdict = await bookAccess(ctx, actor, { id: asset.bookId, published: asset.published });
  const error = await refusal(ctx, verdict);
  if (error) throw error;
  return { shared: false };
}
