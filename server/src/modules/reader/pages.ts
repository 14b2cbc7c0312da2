import type { BookPage } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { tag } from '../../http/read-cache.js';
import * as q from './queries.js';

/** A book's print pages and whether it is published (the `book.read` policy's fact), kept together. */
export interface BookPages {
  published: boolean;
  pages: BookPage[];
}

/**
 * Kept per instance until the book changes (an import, a publication, free chapters: `tag.book`); the time
 * limit bounds what no write announces (an import from the command line).
 */
const PAGES = { ttlMs: 60_000, maxEntries: 2000 };

/** GET /api/book/pages: a book's print pages (page labels are not secret: whoever may see the book). */
export async function bookPages(ctx: AppContext, bookId: number): Promise<BookPages> {
  const found = await ctx.caches.cache<BookPages>('book-pages', PAGES).get(String(bookId), async () => {
    const book = await q.bookPublished(ctx.db, bookId);
    if (!book) return null;
    const pages = await q.printPagesOf(ctx.db, bookId);
    return {
      value: {
        published: Boolean(book.published),
        pages: pages.map((p) => ({ ...p, chapterId: Number(p.chapterId) })),
      },
      tags: [tag.book(bookId)],
    };
  });
  if (!found) throw notFound();
  return found;
}
