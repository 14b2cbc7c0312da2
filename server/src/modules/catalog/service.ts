import type { BookDetail, BookListQuery, BookCard, DictNode, Paged, SectionNode } from '@textbook/contracts';
import { DictType, SearchKey } from '@textbook/contracts';
import type { Actor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { can } from '../../policies/index.js';
import { isStaff } from '../../policies/helpers.js';
import { dictTree, subjectSubtree } from './dict.js';
import { inOrder, presentCard } from './presenters.js';
import * as q from './queries.js';
import { buildMatch, rankedOrTitle } from './search.js';
import { cached, countView, flushViews } from './cache.js';
import { wordsOf } from './words.js';

/** A book the actor may see, or 404 (an unpublished book is not revealed to the public). */
export async function loadReadableBook(ctx: AppContext, actor: Actor, bookId: number) {
  const book = await q.findBook(ctx.db, bookId);
  // Refused or missing, the answer is the same 404: an unpublished book is not revealed.
  if (!book || !can(actor, 'book.read', { published: Boolean(book.published) })) throw notFound();
  return book;
}

export async function getBookDetail(ctx: AppContext, actor: Actor, bookId: number): Promise<BookDetail> {
  const detail = isStaff(actor)
    ? await buildDetail(ctx, actor, bookId)
    : await cached(ctx, `detail:${bookId}`, () => buildDetail(ctx, actor, bookId));
  countView(ctx, bookId);
  return detail;
}

async function buildDetail(ctx: AppContext, actor: Actor, bookId: number): Promise<BookDetail> {
  const book = await loadReadableBook(ctx, actor, bookId);
  const [card] = await q.findCardsByIds(ctx.db, [bookId]);
  const chapters = await q.listChapterFlags(ctx.db, bookId);
  return {
    ...presentCard(card!),
    editorBookId: book.editor_book_id,
    description: book.description,
    language: book.language,
    direction: book.direction,
    titleDir: book.title_dir,
    authorsDir: book.authors_dir,
    published: Boolean(book.published),
    recommended: Boolean(book.recommended),
    edition: book.edition,
    chapterCount: chapters.length,
    freeChapterIds: chapters.filter((c) => c.free).map((c) => c.id),
    firstChapterId: (chapters.find((c) => c.linear) ?? chapters[0])?.id ?? null,
  };
}

/** Extras (GET /api/book/extra/{id}): the stored extras object plus facts about the content. */
export async function getBookExtra(ctx: AppContext, actor: Actor, bookId: number): Promise<Record<string, unknown>> {
  const book = await loadReadableBook(ctx, actor, bookId);
  const chapters = await q.listChapterFlags(ctx.db, bookId);
  const sections = await q.listSections(ctx.db, bookId);
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(book.extras) as Record<string, unknown>;
  } catch {
    stored = {};
  }
  return {
    ...stored,
    chapterCount: chapters.length,
    sectionCount: sections.length,
    freeChapterCount: chapters.filter((c) => c.free).length,
    language: book.language,
    direction: book.direction,
    tocSource: book.toc_source,
    edition: book.edition,
    views: book.views,
  };
}

export async function getSectionTree(ctx: AppContext, actor: Actor, bookId: number): Promise<SectionNode[]> {
  if (isStaff(actor)) return buildSectionTree(ctx, actor, bookId);
  return cached(ctx, `tree:${bookId}`, () => buildSectionTree(ctx, actor, bookId));
}

async function buildSectionTree(ctx: AppContext, actor: Actor, bookId: number): Promise<SectionNode[]> {
  await loadReadableBook(ctx, actor, bookId);
  const free = new Set((await q.listChapterFlags(ctx.db, bookId)).filter((c) => c.free).map((c) => c.id));
  const rows = await q.listSections(ctx.db, bookId);
  const byId = new Map<number, SectionNode>();
  const roots: SectionNode[] = [];
  for (const r of rows) {
    const node: SectionNode = {
      id: r.id,
      title: r.title,
      chapterId: r.chapterId,
      anchor: r.anchor,
      level: r.level,
      free: r.chapterId !== null && free.has(r.chapterId),
      children: [],
    };
    byId.set(r.id, node);
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The textbook list: filters by subject (with its subtree) and collection, keyword search, sort, paging. */
export function listTextbooks(ctx: AppContext, query: BookListQuery): Promise<Paged<BookCard>> {
  return cached(ctx, `list:${JSON.stringify(query)}`, () => loadTextbooks(ctx, query));
}

async function loadTextbooks(ctx: AppContext, query: BookListQuery): Promise<Paged<BookCard>> {
  if (query.sort === 'popular') await flushViews(ctx);
  const { offset, limit } = pageWindow(query);
  const filter: q.ListFilter = {
    subjectIds: query.subjectId ? await subjectSubtree(ctx.db, query.subjectId) : undefined,
    collectionId: query.collectionId,
  };
  const keyword = query.keyword?.trim();
  if (keyword) {
    const match = buildMatch(keyword, wordsOf(ctx));
    if (!match) return pageOf([], 0);
    const page = await rankedOrTitle(ctx, match, keyword, filter, offset, limit);
    return pageOf(inOrder(page.ids, await q.findCardsByIds(ctx.db, page.ids)), page.total);
  }
  const page = await q.listBookIds(ctx.db, filter, query.sort, offset, limit);
  return pageOf(inOrder(page.ids, await q.findCardsByIds(ctx.db, page.ids)), page.total);
}

export function recommendedBooks(ctx: AppContext, limit: number): Promise<BookCard[]> {
  return cached(ctx, `recommend:${limit}`, () => loadRecommended(ctx, limit));
}

async function loadRecommended(ctx: AppContext, limit: number): Promise<BookCard[]> {
  const rows = await q.recommendedIds(ctx.db, limit);
  const ids = rows.map((r) => r.id);
  return inOrder(ids, await q.findCardsByIds(ctx.db, ids));
}

export function newBooks(ctx: AppContext, limit: number): Promise<BookCard[]> {
  return cached(ctx, `new:${limit}`, () => loadNewBooks(ctx, limit));
}

async function loadNewBooks(ctx: AppContext, limit: number): Promise<BookCard[]> {
  const page = await q.listBookIds(ctx.db, {}, 'newest', 0, limit);
  return inOrder(page.ids, await q.findCardsByIds(ctx.db, page.ids));
}

export async function allBooks(ctx: AppContext, actor: Actor) {
  const rows = await q.listAllBooks(ctx.db, isStaff(actor));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    cover: r.cover ? `/api/book/asset/${r.cover}` : '',
    published: Boolean(r.published),
  }));
}

/** Filter options of the textbook list and advanced search (GET /api/book/all/field). */
export function allFields(ctx: AppContext) {
  return cached(ctx, 'fields', () => loadAllFields(ctx));
}

async function loadAllFields(ctx: AppContext) {
  return {
    subjects: await dictTree(ctx.db, DictType.SUBJECT),
    collections: await dictTree(ctx.db, DictType.COLLECTION),
    years: (await q.distinctYears(ctx.db)).map((r) => r.pub_year as number),
    publishers: (await q.distinctPublishers(ctx.db)).map((r) => r.publisher),
    sorts: [
      { value: 'newest', label: '最新上架' },
      { value: 'title', label: '书名' },
      { value: 'popular', label: '最受欢迎' },
    ],
  };
}

/** Books published per month over the last twelve months (GET /api/book/month/statistics). */
export async function monthStatistics(ctx: AppContext, now = new Date()) {
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  const since = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1);
  const counts = new Map(months.map((m) => [m, 0]));
  for (const r of await q.publishedSince(ctx.db, since)) {
    const d = new Date(Number(r.published_at));
    const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    if (counts.has(key)) counts.set(key, counts.get(key)! + 1);
  }
  return months.map((month) => ({ month, count: counts.get(month)! }));
}

/** A hierarchical dictionary (subjects or collections), cached like the other public reads. */
export function dictionary(ctx: AppContext, dictType: string): Promise<DictNode[]> {
  return cached(ctx, `dict:${dictType}`, () => dictTree(ctx.db, dictType));
}

export function subjectConditions(ctx: AppContext): Promise<{ key: number; name: string; items: DictNode[] }[]> {
  return cached(ctx, 'conditions', () => loadConditions(ctx));
}

async function loadConditions(ctx: AppContext): Promise<{ key: number; name: string; items: DictNode[] }[]> {
  return [
    { key: SearchKey.SUBJECT, name: '学科', items: await dictTree(ctx.db, DictType.SUBJECT) },
    { key: SearchKey.COLLECTION, name: '丛书', items: await dictTree(ctx.db, DictType.COLLECTION) },
  ];
}

/** Book cards by id (shelf, favourites), as the catalogue presents them; missing ids are left out. */
export async function cardsByIds(ctx: AppContext, ids: number[]): Promise<BookCard[]> {
  return (await q.findCardsByIds(ctx.db, ids)).map(presentCard);
}

/** The chapters before and after one in reading order (the reader's prev/next). */
export function neighbourChapters(ctx: AppContext, bookId: number, seq: number) {
  return q.neighbourChapters(ctx.db, bookId, seq);
}

/** The chapters of some books in reading order: spine path, title, text length (reports name chapters by path). */
export async function spineOf(ctx: AppContext, bookIds: number[]) {
  const rows = await q.spineOf(ctx.db, [...new Set(bookIds)]);
  return rows.map((r) => ({ bookId: r.bookId, path: r.path, title: r.title, length: Number(r.length) || 0 }));
}

/** Book titles by id; missing ids are left out. */
export function bookTitles(ctx: AppContext, ids: number[]): Promise<{ id: number; title: string }[]> {
  return q.bookTitles(ctx.db, [...new Set(ids)]);
}
