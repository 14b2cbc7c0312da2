import type { NavMenu } from './site.js';

// The site's own addresses of a book, a chapter, a menu's page and a news item: written by the web app's links
// and by the server's visitor pages (server/src/prerender) alike.

/** A query string of these pairs (the contracts are checked without the DOM's or Node's URLSearchParams). */
function query(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

export const bookHref = (id: number) => `/book-detail?id=${id}`;

/**
 * Reader address of a chapter; `at` is an element id or the words to find there. `trial` marks a free-preview
 * link, which the route guard lets a visitor follow (members pass in any case).
 */
export function readerHref(bookId: number, chapterId: number, at = '', options: { trial?: boolean } = {}): string {
  const trial = options.trial ? '&trial=1' : '';
  return `/bookPreview?bookId=${bookId}&chapterId=${chapterId}${trial}${at ? `#${encodeURIComponent(at)}` : ''}`;
}

/**
 * Reader address of one search hit: the words found (`find`) and which of their occurrences in the chapter it is
 * (`hit`, from 0), so each hit has its own address and the reader goes to that occurrence and marks it.
 */
export function searchHitHref(bookId: number, chapterId: number, words: string, occurrence: number): string {
  return `/bookPreview?bookId=${bookId}&chapterId=${chapterId}&${query({ find: words, hit: String(occurrence) })}`;
}

/**
 * Where a reader who may read the book opens it (the shelf's and the book detail's button): the chapter they
 * stopped in, else the book's start; and the button's words.
 */
export function resumeReading(bookId: number, lastChapterId: number | null): { href: string; label: string } {
  return {
    href: `/bookPreview?bookId=${bookId}${lastChapterId ? `&chapterId=${lastChapterId}` : ''}`,
    label: lastChapterId ? '继续阅读' : '开始阅读',
  };
}

/** A server menu's link: list and single pages go to blog-detail with the menu's parameters. */
export function menuHref(menu: NavMenu): string {
  const params = query({
    menuId: String(menu.menuId),
    contentType: menu.contentType,
    menuName: menu.menuName,
    parentId: String(menu.parentId),
  });
  if (!menu.path || menu.path === '/blog-detail') return `/blog-detail?${params}`;
  return menu.path;
}

/** A news item of the site's content (home page's news block). */
export function newsHref(row: { id: number; menuId: number | null }): string {
  const params = query({
    id: String(row.id),
    contentType: 'list',
    ...(row.menuId ? { menuId: String(row.menuId) } : {}),
  });
  return `/blog-detail?${params}`;
}

/**
 * The pages a pager shows: the first, the last, and those next to the current one, in order (a gap between two
 * of them is drawn as …). The server's visitor pages and the app's pager draw the same numbers.
 */
export function pagerPages(current: number, pages: number): number[] {
  return [...new Set([1, current - 1, current, current + 1, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
}
