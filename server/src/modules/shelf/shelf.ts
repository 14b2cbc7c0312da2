import type { BookAccess, CollectBook, Paged, ShelfBook, ShelfQuery } from '@textbook/contracts';
import { ReaderMsg } from '@textbook/contracts';
import type { Actor, MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf } from '../../http/paging.js';
import { memberRead, tag, type Loaded } from '../../http/read-cache.js';
import { can } from '../../policies/index.js';
import { bookReadVerdict } from '../../policies/books.js';
import { isMember } from '../../policies/helpers.js';
import { cardsByIds } from '../catalog/index.js';
import { bookAccess } from './access.js';
import * as q from './queries.js';
import { activeEntries, grantShelfEntry, revokeSource } from './service.js';

async function publishedBook(ctx: AppContext, bookId: number) {
  const book = await q.findBookForShelf(ctx.db, bookId);
  if (!book || !book.published) throw notFound();
  return book;
}

/** Languages written right to left: a book in one of them turns its pages leftwards unless its spine says. */
const RTL_LANGUAGES = /^(ar|arc|dv|fa|he|iw|ku|ps|sd|syr|ug|ur|yi)(-|$)/i;

/** The spine's page-progression-direction, and for "default" the direction of the book's language. */
function progressionOf(direction: string, language: string): 'ltr' | 'rtl' {
  if (direction === 'rtl' || direction === 'ltr') return direction;
  return RTL_LANGUAGES.test(language.trim()) ? 'rtl' : 'ltr';
}

/** GET /api/book/readAccess: the one read decision as the book-detail page, the shelf and the reader show it. */
export async function readAccess(ctx: AppContext, actor: Actor, bookId: number): Promise<BookAccess> {
  const book = await q.findBookForShelf(ctx.db, bookId);
  if (!book) throw notFound();
  const verdict = await bookAccess(ctx, actor, book);
  const entries = isMember(actor) ? await activeEntries(ctx.db, actor.memberId, bookId) : [];
  const [position] = isMember(actor) && verdict.read ? await q.positionsOf(ctx.db, actor.memberId, [bookId]) : [];
  const collegeId = !verdict.read && verdict.why === 'otherCollege' ? verdict.collegeId : null;
  const expiries = entries.map((e) => e.expiresAt);
  const canAddFree = can(actor, 'shelf.addFree', { published: Boolean(book.published), price: book.price });
  return {
    bookId,
    title: book.title,
    titleDir: (['ltr', 'rtl', 'auto'].includes(book.title_dir) ? book.title_dir : '') as BookAccess['titleDir'],
    progression: progressionOf(book.direction, book.language),
    language: book.language,
    flow: book.flow,
    format: book.format === 'pdf' ? 'pdf' : 'epub',
    layout: book.layout === 'pre-paginated' ? 'pre-paginated' : 'reflowable',
    spread: book.spread,
    readable: verdict.read,
    reason: verdict.read ? null : verdict.why,
    collegeId,
    collegeName: collegeId ? await q.collegeName(ctx.db, collegeId) : null,
    onShelf: entries.length > 0,
    sources: [...new Set(entries.map((e) => e.source))],
    expiresAt: !expiries.length || expiries.includes(null) ? null : Math.max(...(expiries as number[])),
    starred: isMember(actor) ? await q.isFavourite(ctx.db, actor.memberId, bookId) : false,
    lastChapterId: position?.chapterId ?? null,
    canAddFree,
    abilities: {
      canAskSample: can(actor, 'book.askSample'),
      canTeach: can(actor, 'class.teach'),
      canAddFree,
    },
  };
}

/** POST /api/book/shelfBook: a member adds a free book to the shelf (other books come through their grants). */
export async function addFreeBook(ctx: AppContext, actor: MemberActor, bookId: number): Promise<void> {
  const book = await publishedBook(ctx, bookId);
  if (!can(actor, 'shelf.addFree', { published: Boolean(book.published), price: book.price })) {
    throw refused(ReaderMsg.NOT_FREE);
  }
  await grantShelfEntry(ctx, ctx.db, { memberId: actor.memberId, bookId, source: 'free' });
}

/**
 * POST /api/shelfBook/deleteOnDetail: removes what the member added themselves (a free book). Grants from a
 * class, sample, authorization or order stay: they are revoked where they were given.
 */
export async function removeFromShelf(
  ctx: AppContext,
  actor: MemberActor,
  bookId: number,
): Promise<{ removed: boolean; remaining: number }> {
  const removed = await revokeSource(ctx, ctx.db, actor.memberId, bookId, 'free');
  const remaining = (await activeEntries(ctx.db, actor.memberId, bookId)).length;
  return { removed, remaining };
}

export async function star(ctx: AppContext, actor: MemberActor, bookId: number): Promise<void> {
  await publishedBook(ctx, bookId);
  await q.addFavourite(ctx.db, actor.memberId, bookId, Date.now());
}

export async function unstar(ctx: AppContext, actor: MemberActor, bookId: number): Promise<void> {
  await q.removeFavourite(ctx.db, actor.memberId, bookId);
}

/**
 * The shelf page: one row per book with its sources, expiry, progress and last read. Kept per member, college
 * and query for a few seconds (`memberRead`), until the first of its entries expires, and dropped by every grant
 * and revocation (`tag.grants`), reading position saved (`tag.positions`), book edit (`tag.catalog`) and rename
 * of a college it names (`tag.college`).
 */
export function shelfPage(ctx: AppContext, actor: MemberActor, query: ShelfQuery): Promise<Paged<ShelfBook>> {
  const key = [actor.memberId, actor.collegeId, query.pageNum, query.pageSize, query.source, query.keyword].join('|');
  return memberRead(ctx, 'shelf-page', key, () => loadShelfPage(ctx, actor, query));
}

async function loadShelfPage(
  ctx: AppContext,
  actor: MemberActor,
  query: ShelfQuery,
): Promise<Loaded<Paged<ShelfBook>>> {
  const now = Date.now();
  const entries = await q.memberEntries(ctx.db, actor.memberId, now);
  const byBook = new Map<number, typeof entries>();
  for (const e of entries) {
    if (query.keyword && !e.title.toLowerCase().includes(query.keyword.toLowerCase())) continue;
    byBook.set(e.bookId, [...(byBook.get(e.bookId) ?? []), e]);
  }
  let ids = [...byBook.keys()];
  if (query.source) ids = ids.filter((id) => byBook.get(id)!.some((e) => e.source === query.source));
  const total = ids.length;
  const pageIds = ids.slice((query.pageNum - 1) * query.pageSize, query.pageNum * query.pageSize);
  const [cards, positions] = await Promise.all([
    cardsByIds(ctx, pageIds),
    q.positionsOf(ctx.db, actor.memberId, pageIds),
  ]);
  const cardOf = new Map(cards.map((c) => [c.id, c]));
  const positionOf = new Map(positions.map((p) => [p.bookId, p]));
  const rows: ShelfBook[] = [];
  const colleges = new Set<number>();
  for (const id of pageIds) {
    const card = cardOf.get(id);
    if (!card) continue;
    const list = byBook.get(id)!;
    // The one read decision (policies/books.ts), as the reader and the book detail take it.
    const verdict = bookReadVerdict(actor, { bookPublished: true, grants: list });
    const other = !verdict.read && verdict.why === 'otherCollege' ? { collegeId: verdict.collegeId } : null;
    if (other) colleges.add(other.collegeId);
    const expiries = list.map((e) => e.expiresAt);
    const position = positionOf.get(id);
    rows.push({
      ...card,
      sources: [...new Set(list.map((e) => e.source))],
      expiresAt: expiries.includes(null) ? null : Math.max(...(expiries as number[])),
      otherCollegeId: other?.collegeId ?? null,
      otherCollegeName: other ? await q.collegeName(ctx.db, other.collegeId) : null,
      progress: position ? position.progress / 1000 : 0,
      lastReadAt: position?.updatedAt ?? null,
      lastChapterId: position?.chapterId ?? null,
    });
  }
  // Any entry's expiry changes the page (a book leaves, a row's expiry or sources change).
  const expiries = entries.map((e) => e.expiresAt).filter((t): t is number => t !== null);
  return {
    value: pageOf(rows, total),
    tags: [
      tag.grants(actor.memberId),
      tag.positions(actor.memberId),
      tag.catalog,
      ...[...colleges].map((id) => tag.college(id)),
    ],
    ...(expiries.length ? { until: Math.min(...expiries) } : {}),
  };
}

export async function favouritesPage(
  ctx: AppContext,
  actor: MemberActor,
  keyword: string | undefined,
  offset: number,
  limit: number,
): Promise<Paged<CollectBook>> {
  const { rows, total } = await q.pageFavourites(ctx.db, actor.memberId, keyword, offset, limit);
  const cards = new Map(
    (
      await cardsByIds(
        ctx,
        rows.map((r) => r.bookId),
      )
    ).map((c) => [c.id, c]),
  );
  return pageOf(
    rows.flatMap((r) => {
      const card = cards.get(r.bookId);
      return card ? [{ ...card, collectedAt: r.collectedAt }] : [];
    }),
    total,
  );
}

/** Export type 0: the member's favourites as a spreadsheet. */
export async function exportFavourites(ctx: AppContext, actor: MemberActor, keyword?: string): Promise<Buffer> {
  const { rows } = await favouritesPage(ctx, actor, keyword, 0, 10_000);
  // The workbook is written in a worker thread (exceljs is CPU work).
  return ctx.workers.run('xlsx', {
    sheetName: '我的收藏',
    columns: [
      { header: '书名', key: 'title', width: 40 },
      { header: '作者', key: 'authors', width: 24 },
      { header: '出版社', key: 'publisher', width: 24 },
      { header: 'ISBN', key: 'isbn', width: 18 },
      { header: '价格（元）', key: 'price', width: 12 },
      { header: '收藏时间', key: 'collectedAt', width: 20, numFmt: 'yyyy-mm-dd hh:mm' },
    ],
    rows: rows.map((r) => ({
      title: r.title,
      authors: r.authors,
      publisher: r.publisher,
      isbn: r.isbn,
      price: r.price,
      collectedAt: new Date(r.collectedAt),
    })),
  });
}
