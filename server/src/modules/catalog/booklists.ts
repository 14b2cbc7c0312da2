import type {
  AdminBookListDetail,
  AdminBookListQuery,
  AdminBookListRow,
  BookListDetail,
  BookListSummary,
  Paged,
} from '@textbook/contracts';
import { Msg } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { coverUrl } from '../books/index.js';
import * as lq from './list-queries.js';
import { inOrder } from './presenters.js';
import * as q from './queries.js';
import { cached, clearCatalogCache } from './cache.js';

const COVERS_PER_LIST = 4;

export function listBookLists(
  ctx: AppContext,
  keyword: string | undefined,
  offset: number,
  limit: number,
): Promise<Paged<BookListSummary>> {
  return cached(ctx, `booklists:${keyword?.trim() ?? ''}:${offset}:${limit}`, () =>
    loadBookLists(ctx, keyword, offset, limit),
  );
}

async function loadBookLists(
  ctx: AppContext,
  keyword: string | undefined,
  offset: number,
  limit: number,
): Promise<Paged<BookListSummary>> {
  const page = await lq.listBookLists(ctx.db, keyword?.trim() || undefined, offset, limit);
  const items = await lq.listItems(
    ctx.db,
    page.rows.map((r) => r.id),
  );
  const rows = page.rows.map((list) => {
    const mine = items.filter((i) => i.listId === list.id);
    return {
      id: list.id,
      name: list.name,
      description: list.description,
      bookCount: mine.length,
      covers: mine.slice(0, COVERS_PER_LIST).map((i) => coverUrl(i.cover)),
    };
  });
  return pageOf(rows, page.total);
}

export async function getBookList(ctx: AppContext, id: number, includeUnpublished: boolean): Promise<BookListDetail> {
  const list = await lq.findBookList(ctx.db, id);
  if (!list || (!list.published && !includeUnpublished)) throw notFound();
  const items = await lq.listItems(ctx.db, [id]);
  const ids = items.map((i) => i.bookId);
  const books = inOrder(ids, await q.findCardsByIds(ctx.db, ids));
  return {
    id: list.id,
    name: list.name,
    description: list.description,
    bookCount: books.length,
    covers: books.slice(0, COVERS_PER_LIST).map((b) => b.cover),
    books,
  };
}

export interface BookListInput {
  name: string;
  description: string;
  bookIds: number[];
  published: boolean;
  sort: number;
}

async function checkBooks(ctx: AppContext, bookIds: number[]): Promise<number[]> {
  const unique = [...new Set(bookIds)];
  const found = await q.existingBookIds(ctx.db, unique);
  if (found.length !== unique.length) throw refused(Msg.BOOK_UNKNOWN_IDS);
  return unique;
}

export async function saveBookList(ctx: AppContext, id: number | null, input: BookListInput): Promise<number> {
  const bookIds = await checkBooks(ctx, input.bookIds);
  const now = Date.now();
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const fields = {
        name: input.name,
        description: input.description,
        sort: input.sort,
        published: input.published ? 1 : 0,
        updated_at: now,
      };
      let listId = id;
      if (listId === null) {
        listId = await lq.insertBookList(trx, { ...fields, created_at: now });
      } else {
        if (!(await lq.findBookList(trx, listId))) throw notFound();
        await lq.updateBookList(trx, listId, fields);
      }
      await lq.replaceItems(trx, listId, bookIds);
      return listId;
    })
    .finally(() => clearCatalogCache(ctx));
}

export async function deleteBookList(ctx: AppContext, id: number): Promise<void> {
  if (!(await lq.findBookList(ctx.db, id))) throw notFound();
  await lq.deleteBookList(ctx.db, id);
  clearCatalogCache(ctx);
}

/** The staff's page of book lists, published or not. */
export async function adminBookLists(ctx: AppContext, query: AdminBookListQuery): Promise<Paged<AdminBookListRow>> {
  const page = await lq.pageAdminBookLists(
    ctx.db,
    {
      keyword: query.keyword,
      published: query.published === undefined ? undefined : query.published === '1',
      sort: query.sort,
    },
    pageWindow(query),
  );
  return pageOf(
    page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      published: Boolean(r.published),
      sort: r.sort,
      bookCount: Number(r.bookCount ?? 0),
      updatedAt: r.updatedAt,
    })),
    page.total,
  );
}

/** A list to edit, with every book it holds in order (published or not: saving sends them all back). */
export async function adminBookList(ctx: AppContext, id: number): Promise<AdminBookListDetail> {
  const list = await lq.findAdminBookList(ctx.db, id);
  if (!list) throw notFound();
  const books = await lq.allItemsOf(ctx.db, id);
  return {
    ...list,
    published: Boolean(list.published),
    bookCount: books.length,
    books: books.map((b) => ({ id: b.id, title: b.title, published: Boolean(b.published) })),
  };
}

/** A list as it was (the audit log's "before"). */
export async function bookListSnapshot(ctx: AppContext, id: number) {
  const list = await lq.findAdminBookList(ctx.db, id);
  if (!list) return null;
  return { ...list, bookIds: (await lq.allItemsOf(ctx.db, id)).map((b) => b.id) };
}
