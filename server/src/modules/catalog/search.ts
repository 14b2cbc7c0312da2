import type { BookSearchHit, BookSearchQuery, Paged } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { subjectSubtree } from './dict.js';
import { inOrder } from './presenters.js';
import * as q from './queries.js';
import { cached } from './cache.js';
import { highlight, highlightInitials, isPinyinQuery, wordsOf, type Words } from './words.js';

export interface Match {
  fts5: string;
  tsquery: string;
  words: string[];
}

/**
 * The full-text query for some search text: every word of the text (jieba, precise mode) must occur;
 * a text of Latin letters may also be the start of a title's pinyin or initials (gdsx → 高等数学).
 */
export function buildMatch(text: string, segmenter: Words): Match | null {
  const words = segmenter.queryWords(text);
  if (!words.length) return null;
  const fts = words.map((w) => `"${w}"`).join(' AND ');
  const ts = words.map((w) => `'${w}'`).join(' & ');
  if (isPinyinQuery(text)) {
    const py = text.trim().toLowerCase();
    return { fts5: `(${fts}) OR (py : ${py}*)`, tsquery: `(${ts}) | ${py}:*`, words };
  }
  return { fts5: fts, tsquery: ts, words };
}

export async function filterOf(ctx: AppContext, query: Partial<BookSearchQuery>): Promise<q.ListFilter> {
  const subjectIds = query.subjectId ? await subjectSubtree(ctx.db, query.subjectId) : undefined;
  return {
    subjectIds,
    collectionId: query.collectionId,
    title: query.title,
    author: query.author,
    isbn: query.isbn,
    publisher: query.publisher,
    year: query.year,
  };
}

/**
 * The ranked full-text page; when the words find nothing, the text as a part of a title (等数 in 高等数学:
 * not a word of its own, so not in the index) before answering with nothing.
 */
export async function rankedOrTitle(
  ctx: AppContext,
  match: Match,
  text: string,
  filter: q.ListFilter,
  offset: number,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const page = await q.searchBookIds(ctx.db, ctx.dialect, match, filter, offset, limit);
  if (page.total > 0 || filter.title) return page;
  return q.listBookIds(ctx.db, { ...filter, title: text }, 'title', offset, limit);
}

/** Ranked search with highlights (search, search-result, textbook-search). Advanced search adds field filters. */
export function searchBooks(ctx: AppContext, query: BookSearchQuery): Promise<Paged<BookSearchHit>> {
  return cached(ctx, `search:${JSON.stringify(query)}`, () => runSearch(ctx, query));
}

async function runSearch(ctx: AppContext, query: BookSearchQuery): Promise<Paged<BookSearchHit>> {
  const { offset, limit } = pageWindow(query);
  const advanced = query.type === 1;
  const filter = advanced ? await filterOf(ctx, query) : {};
  const text = query.searchText.trim();
  const match = text ? buildMatch(text, wordsOf(ctx)) : null;
  if (text && !match) return pageOf([], 0);
  if (!match && !advanced) return pageOf([], 0);
  const page = match
    ? await rankedOrTitle(ctx, match, text, filter, offset, limit)
    : await q.listBookIds(ctx.db, filter, 'newest', offset, limit);
  const cards = inOrder(page.ids, await q.findCardsByIds(ctx.db, page.ids));
  const marks = text ? wordsOf(ctx).highlightWords(text) : [query.title ?? ''].filter(Boolean);
  const hits = cards.map((card) => {
    const byInitials = text && isPinyinQuery(text) ? highlightInitials(card.title, text) : null;
    const titleHighlight = byInitials ?? highlight(card.title, marks);
    return { ...card, titleHighlight, matchedWords: marks.filter((w) => card.title.toLowerCase().includes(w)) };
  });
  return pageOf(hits, page.total);
}
