import { z } from 'zod';
import {
  adminBookQuery,
  adminBookRow,
  adminBookListDetail,
  adminBookListQuery,
  adminBookListRow,
  BookAdminMsg,
  bookCard,
  bookDetail,
  bookListBody,
  bookListDetail,
  bookListQuery,
  bookListSummary,
  bookListsQuery,
  bookPublishBody,
  bookSearchHit,
  bookSearchQuery,
  bookUpdateBody,
  dictNode,
  freeChaptersBody,
  paged,
  sectionNode,
} from '@textbook/contracts';
import { defineModule, route } from '../../http/module.js';
import { asJson } from '../../http/read-cache.js';
import { pageWindow } from '../../http/paging.js';
import { readUpload } from '../../http/files.js';
import { isStaff } from '../../policies/helpers.js';
import * as lists from './booklists.js';
import * as manage from './manage.js';
import { searchBooks } from './search.js';
import * as books from './service.js';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const bookIdQuery = z.object({ bookId: z.coerce.number().int().positive() });
/** The largest cover image the staff may upload. */
const COVER_LIMIT_BYTES = 5 * 1024 * 1024;
const limitQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });

/**
 * The catalogue: public lists, search, detail, tree, book lists (anonymous access: `book.browse`; an unpublished
 * book is answered 404 to all but staff by the service, so it is not revealed), and the staff's catalogue
 * management under /api/admin.
 */
export const catalogModule = defineModule({
  prefix: '/api',
  tag: 'books',
  routes: [
    route({
      method: 'GET',
      url: '/book/list',
      summary: 'Textbook list: subject (with subtree), collection, keyword, sort, paging',
      policy: 'book.browse',
      query: bookListQuery,
      answer: paged(bookCard),
      handler: ({ ctx, query }) => asJson(books.listTextbooks(ctx, query)),
    }),
    route({
      method: 'GET',
      url: '/book/search',
      summary: 'Ranked search (type 0 normal, 1 advanced) with highlighted titles',
      policy: 'book.browse',
      query: bookSearchQuery,
      answer: paged(bookSearchHit),
      handler: ({ ctx, query }) => searchBooks(ctx, query),
    }),
    route({
      method: 'GET',
      url: '/book/recommend',
      summary: 'Recommended books (home)',
      policy: 'book.browse',
      query: limitQuery,
      answer: z.array(bookCard),
      handler: ({ ctx, query }) => asJson(books.recommendedBooks(ctx, query.limit)),
    }),
    route({
      method: 'GET',
      url: '/book/new',
      summary: 'Newest published books (home)',
      policy: 'book.browse',
      query: limitQuery,
      answer: z.array(bookCard),
      handler: ({ ctx, query }) => asJson(books.newBooks(ctx, query.limit)),
    }),
    route({
      method: 'GET',
      url: '/book/getAllBooks',
      summary: 'Every published book (staff: every book), for pickers',
      policy: 'book.browse',
      answer: z.array(z.object({ id: z.number().int(), title: z.string(), cover: z.string(), published: z.boolean() })),
      handler: ({ ctx, actor }) => books.allBooks(ctx, actor),
    }),
    route({
      method: 'GET',
      url: '/book/all/field',
      summary: 'Filter options: subject tree, collections, years, publishers, sorts',
      policy: 'book.browse',
      answer: z.object({
        subjects: z.array(dictNode),
        collections: z.array(dictNode),
        years: z.array(z.number().int()),
        publishers: z.array(z.string()),
        sorts: z.array(z.object({ value: z.string(), label: z.string() })),
      }),
      handler: ({ ctx }) => books.allFields(ctx),
    }),
    route({
      method: 'GET',
      url: '/book/detail/:id',
      summary: 'Book detail (an unpublished book: 404 but to staff)',
      policy: 'book.browse',
      params: idParam,
      answer: bookDetail,
      handler: ({ ctx, actor, params }) => books.getBookDetail(ctx, actor, params.id),
    }),
    route({
      method: 'GET',
      url: '/book/extra/:id',
      summary: 'Book extras',
      policy: 'book.browse',
      params: idParam,
      answer: z.record(z.string(), z.unknown()),
      handler: ({ ctx, actor, params }) => books.getBookExtra(ctx, actor, params.id),
    }),
    route({
      method: 'GET',
      url: '/book/sectionTree',
      summary: 'Table of contents of a book, with free-preview flags',
      policy: 'book.browse',
      query: bookIdQuery,
      answer: z.array(sectionNode),
      handler: ({ ctx, actor, query }) => asJson(books.getSectionTree(ctx, actor, query.bookId)),
    }),
    route({
      method: 'GET',
      url: '/booklist/list',
      summary: 'Book lists (booklist; keyword searches names and titles: booksearch)',
      policy: 'book.browse',
      query: bookListsQuery,
      answer: paged(bookListSummary),
      handler: ({ ctx, query }) => {
        const { offset, limit } = pageWindow(query);
        return lists.listBookLists(ctx, query.keyword, offset, limit);
      },
    }),
    route({
      method: 'GET',
      url: '/booklist/detail/:id',
      summary: 'A book list with its books (booklistdetail)',
      policy: 'book.browse',
      params: idParam,
      answer: bookListDetail,
      handler: ({ ctx, actor, params }) => lists.getBookList(ctx, params.id, isStaff(actor)),
    }),

    // Staff: catalogue management.
    route({
      method: 'GET',
      url: '/admin/book/page',
      summary: 'Staff: every book, published or not (title, authors or ISBN words; newest, title or updated)',
      policy: 'book.manage',
      query: adminBookQuery,
      answer: paged(adminBookRow),
      handler: ({ ctx, query }) => manage.adminBooks(ctx, query),
    }),
    route({
      method: 'PUT',
      url: '/admin/book/:id',
      summary: 'Staff: edit book metadata',
      policy: 'book.manage',
      params: idParam,
      body: bookUpdateBody,
      answer: z.null(),
      audit: { before: ({ ctx, params }) => manage.bookSnapshot(ctx, params.id) },
      handler: async ({ ctx, params, body }) => {
        await manage.updateBook(ctx, params.id, body);
        return null;
      },
    }),
    route({
      method: 'POST',
      url: '/admin/book/:id/publish',
      summary: 'Staff: publish or unpublish a book',
      policy: 'book.manage',
      params: idParam,
      body: bookPublishBody,
      answer: z.null(),
      audit: { before: ({ ctx, params }) => manage.bookSnapshot(ctx, params.id) },
      handler: async ({ ctx, params, body }) => {
        await manage.setPublished(ctx, params.id, body.published);
        return null;
      },
    }),
    route({
      method: 'PUT',
      url: '/admin/book/:id/freeChapters',
      summary: 'Staff: the chapters free to preview',
      policy: 'book.manage',
      params: idParam,
      body: freeChaptersBody,
      answer: z.null(),
      audit: { before: ({ ctx, params }) => manage.bookSnapshot(ctx, params.id) },
      handler: async ({ ctx, params, body }) => {
        await manage.setFreeChapters(ctx, params.id, body.chapterIds);
        return null;
      },
    }),
    route({
      method: 'POST',
      url: '/admin/book/:id/cover',
      summary: 'Staff: upload a new cover (multipart field "file"; JPEG, PNG, GIF or WebP by content, at most 5 MB)',
      policy: 'book.manage',
      params: idParam,
      upload: true,
      answer: z.object({ cover: z.string() }),
      audit: { before: ({ ctx, params }) => manage.bookSnapshot(ctx, params.id) },
      handler: async ({ ctx, params, request }) => {
        const file = await readUpload(request, {
          maxBytes: COVER_LIMIT_BYTES,
          missing: BookAdminMsg.COVER_TYPE,
          tooLarge: BookAdminMsg.COVER_TOO_LARGE,
        });
        return { cover: await manage.setCover(ctx, params.id, file.bytes) };
      },
    }),
    route({
      method: 'GET',
      url: '/admin/booklist/page',
      summary: 'Staff: every book list, published or not (name words; sort order, name or updated)',
      policy: 'book.manage',
      query: adminBookListQuery,
      answer: paged(adminBookListRow),
      handler: ({ ctx, query }) => lists.adminBookLists(ctx, query),
    }),
    route({
      method: 'GET',
      url: '/admin/booklist/:id',
      summary: 'Staff: a book list to edit, with all its books in order (published or not)',
      policy: 'book.manage',
      params: idParam,
      answer: adminBookListDetail,
      handler: ({ ctx, params }) => lists.adminBookList(ctx, params.id),
    }),
    route({
      method: 'POST',
      url: '/admin/booklist',
      summary: 'Staff: create a book list',
      policy: 'book.manage',
      body: bookListBody,
      answer: z.object({ id: z.number().int() }),
      handler: async ({ ctx, body }) => ({ id: await lists.saveBookList(ctx, null, body) }),
    }),
    route({
      method: 'PUT',
      url: '/admin/booklist/:id',
      summary: 'Staff: replace a book list',
      policy: 'book.manage',
      params: idParam,
      body: bookListBody,
      answer: z.null(),
      audit: { before: ({ ctx, params }) => lists.bookListSnapshot(ctx, params.id) },
      handler: async ({ ctx, params, body }) => {
        await lists.saveBookList(ctx, params.id, body);
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: '/admin/booklist/:id',
      summary: 'Staff: delete a book list',
      policy: 'book.manage',
      params: idParam,
      answer: z.null(),
      audit: { before: ({ ctx, params }) => lists.bookListSnapshot(ctx, params.id) },
      handler: async ({ ctx, params }) => {
        await lists.deleteBookList(ctx, params.id);
        return null;
      },
    }),
  ],
});
