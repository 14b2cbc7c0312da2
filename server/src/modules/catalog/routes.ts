import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
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
  chapterContent,
  dictNode,
  dictQuery,
  envelope,
  freeChaptersBody,
  inBookHit,
  inBookSearchQuery,
  monthStat,
  paged,
  sectionNode,
  subjectCondition,
} from '@textbook/contracts';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { authorize } from '../../policies/index.js';
import { isStaff } from '../../policies/helpers.js';
import { loadAsset } from './assets.js';
import * as lists from './booklists.js';
import { chapterAnswer, chapterAnswerNow, compressedAnswer, type ChapterAnswer } from '../reader/chapter-cache.js';
import { searchInBook } from './chapters.js';
import * as manage from './manage.js';
import { searchBooks } from './search.js';
import * as books from './service.js';
import { assetActor } from '../shelf/access.js';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const bookIdQuery = z.object({ bookId: z.coerce.number().int().positive() });
const limitQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
const okNull = { 200: envelope(z.null()) };

/** Book files are immutable under their generated names; SVG and fonts must never run as a page. */
const ASSET_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
};

export const catalogRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['books'];

  r.get(
    '/api/dict/data/hierarchical',
    {
      schema: {
        tags,
        summary: 'A hierarchical dictionary (book_subject or book_collection)',
        querystring: dictQuery,
        response: { 200: envelope(z.array(dictNode)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.browse');
      return ok(await books.dictionary(ctx, request.query.dictType));
    },
  );

  r.get(
    '/api/book/subjectSearch',
    {
      schema: {
        tags,
        summary: 'Search conditions of the header panel: subject (key 1) and collection (key 4)',
        response: { 200: envelope(z.array(subjectCondition)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.browse');
      return ok(await books.subjectConditions(ctx));
    },
  );

  r.get(
    '/api/book/list',
    {
      schema: {
        tags,
        summary: 'Textbook list: subject (with subtree), collection, keyword, sort, paging',
        querystring: bookListQuery,
        response: { 200: envelope(paged(bookCard)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.browse');
      return ok(await books.listTextbooks(ctx, request.query));
    },
  );

  r.get(
    '/api/book/search',
    {
      schema: {
        tags,
        summary: 'Ranked search (type 0 normal, 1 advanced) with highlighted titles',
        querystring: bookSearchQuery,
        response: { 200: envelope(paged(bookSearchHit)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.browse');
      return ok(await searchBooks(ctx, request.query));
    },
  );

  r.get(
    '/api/book/recommend',
    {
      schema: {
        tags,
        summary: 'Recommended books (home)',
        querystring: limitQuery,
        response: { 200: envelope(z.array(bookCard)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.browse');
      return ok(await books.recommendedBooks(ctx, request.query.limit));
    },
  );

  r.get(
    '/api/book/new',
    {
      schema: {
        tags,
        summary: 'Newest published books (home)',
        querystring: limitQuery,
        response: { 200: envelope(z.array(bookCard)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.browse');
      return ok(await books.newBooks(ctx, request.query.limit));
    },
  );

  r.get(
    '/api/book/getAllBooks',
    {
      schema: {
        tags,
        summary: 'Every published book (staff: every book), for pickers',
        response: {
          200: envelope(
            z.array(z.object({ id: z.number().int(), title: z.string(), cover: z.string(), published: z.boolean() })),
          ),
        },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.browse');
      return ok(await books.allBooks(ctx, request.actor));
    },
  );

  r.get(
    '/api/book/all/field',
    {
      schema: {
        tags,
        summary: 'Filter options: subject tree, collections, years, publishers, sorts',
        response: {
          200: envelope(
            z.object({
              subjects: z.array(dictNode),
              collections: z.array(dictNode),
              years: z.array(z.number().int()),
              publishers: z.array(z.string()),
              sorts: z.array(z.object({ value: z.string(), label: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.browse');
      return ok(await books.allFields(ctx));
    },
  );

  r.get(
    '/api/book/month/statistics',
    {
      schema: {
        tags,
        summary: 'Books published per month, last twelve months',
        response: { 200: envelope(z.array(monthStat)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.browse');
      return ok(await books.monthStatistics(ctx));
    },
  );

  r.get(
    '/api/book/detail/:id',
    { schema: { tags, summary: 'Book detail', params: idParam, response: { 200: envelope(bookDetail) } } },
    async (request) => ok(await books.getBookDetail(ctx, request.actor, request.params.id)),
  );

  r.get(
    '/api/book/extra/:id',
    {
      schema: {
        tags,
        summary: 'Book extras',
        params: idParam,
        response: { 200: envelope(z.record(z.string(), z.unknown())) },
      },
    },
    async (request) => ok(await books.getBookExtra(ctx, request.actor, request.params.id)),
  );

  r.get(
    '/api/book/sectionTree',
    {
      schema: {
        tags,
        summary: 'Table of contents of a book, with free-preview flags',
        querystring: bookIdQuery,
        response: { 200: envelope(z.array(sectionNode)) },
      },
    },
    async (request) => ok(await books.getSectionTree(ctx, request.actor, request.query.bookId)),
  );

  r.get(
    '/api/book/chapter',
    {
      schema: {
        tags,
        summary: 'Sanitized chapter HTML, for those the read decision lets read it (ETag: 304 when unchanged)',
        querystring: bookIdQuery.extend({ chapterId: z.coerce.number().int().positive() }),
        response: { 200: envelope(chapterContent), 304: z.null().describe('Not modified: the browser has it') },
      },
    },
    // Answered from memory (reader/chapter-cache.ts), without a promise when all it needs is there; the read
    // decision runs on every request; a browser that has the chapter already is answered 304.
    (request, reply) => {
      const { bookId, chapterId } = request.query;
      const br = /\bbr\b/.test(request.headers['accept-encoding'] ?? '');
      const ready = chapterAnswerNow(ctx, request.actor, bookId, chapterId);
      if (ready && (!br || ready.br)) return sendChapter(request, reply, ready, br ? ready.br : undefined);
      return (async () => {
        const answer = await chapterAnswer(ctx, request.actor, bookId, chapterId);
        sendChapter(request, reply, answer, br ? await compressedAnswer(ctx, answer) : undefined);
      })();
    },
  );

  r.get(
    '/api/book/searchInBook',
    {
      schema: {
        tags,
        summary: 'Where words occur in a book, with snippets linking into the reader',
        querystring: inBookSearchQuery,
        response: { 200: envelope(z.object({ rows: z.array(inBookHit), total: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await searchInBook(ctx, request.actor, request.query.bookId, request.query.q, request.query.limit)),
  );

  r.get(
    '/api/book/asset/:name',
    {
      schema: {
        tags,
        summary: 'A stored book file (cover, image, stylesheet, font) by generated name',
        params: z.object({ name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      authorize(request.actor, 'book.asset');
      const asset = await loadAsset(ctx, await assetActor(ctx, request), request.params.name);
      // A file only some members may read must never sit in a shared cache.
      const cache = asset.shared ? {} : { 'cache-control': 'private, max-age=86400' };
      return reply
        .headers({ ...ASSET_HEADERS, ...cache })
        .type(asset.mediaType)
        .send(asset.bytes);
    },
  );

  r.get(
    '/api/booklist/list',
    {
      schema: {
        tags,
        summary: 'Book lists (booklist; keyword searches names and titles: booksearch)',
        querystring: bookListsQuery,
        response: { 200: envelope(paged(bookListSummary)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.browse');
      const { offset, limit } = pageWindow(request.query);
      return ok(await lists.listBookLists(ctx, request.query.keyword, offset, limit));
    },
  );

  r.get(
    '/api/booklist/detail/:id',
    {
      schema: {
        tags,
        summary: 'A book list with its books (booklistdetail)',
        params: idParam,
        response: { 200: envelope(bookListDetail) },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.browse');
      return ok(await lists.getBookList(ctx, request.params.id, isStaff(request.actor)));
    },
  );

  // Staff: catalogue management.
  r.put(
    '/api/book/:id',
    { schema: { tags, summary: 'Staff: edit book metadata', params: idParam, body: bookUpdateBody, response: okNull } },
    async (request) => {
      authorize(request.actor, 'book.manage');
      await manage.updateBook(ctx, request.params.id, request.body);
      return ok(null);
    },
  );

  r.post(
    '/api/book/:id/publish',
    {
      schema: {
        tags,
        summary: 'Staff: publish or unpublish a book',
        params: idParam,
        body: bookPublishBody,
        response: okNull,
      },
    },
    async (request) => {
      authorize(request.actor, 'book.manage');
      await manage.setPublished(ctx, request.params.id, request.body.published);
      return ok(null);
    },
  );

  r.put(
    '/api/book/:id/freeChapters',
    {
      schema: {
        tags,
        summary: 'Staff: the chapters free to preview',
        params: idParam,
        body: freeChaptersBody,
        response: okNull,
      },
    },
    async (request) => {
      authorize(request.actor, 'book.manage');
      await manage.setFreeChapters(ctx, request.params.id, request.body.chapterIds);
      return ok(null);
    },
  );

  r.post(
    '/api/booklist',
    {
      schema: {
        tags,
        summary: 'Staff: create a book list',
        body: bookListBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.manage');
      return ok({ id: await lists.saveBookList(ctx, null, request.body) });
    },
  );

  r.put(
    '/api/booklist/:id',
    { schema: { tags, summary: 'Staff: replace a book list', params: idParam, body: bookListBody, response: okNull } },
    async (request) => {
      authorize(request.actor, 'book.manage');
      await lists.saveBookList(ctx, request.params.id, request.body);
      return ok(null);
    },
  );

  r.delete(
    '/api/booklist/:id',
    { schema: { tags, summary: 'Staff: delete a book list', params: idParam, response: okNull } },
    async (request) => {
      authorize(request.actor, 'book.manage');
      await lists.deleteBookList(ctx, request.params.id);
      return ok(null);
    },
  );
};

/** Sends a chapter's answer: 304 to a browser that has it, the brotli body when given, else the JSON as it is. */
function sendChapter(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ChapterAnswer,
  br: Buffer | undefined,
): void {
  void reply.headers({
    'content-type': 'application/json; charset=utf-8',
    vary: 'accept-encoding, authorization',
    'cache-control': 'private, no-cache',
    etag: answer.etag,
  });
  if (request.headers['if-none-match'] === answer.etag) return void reply.code(304).send();
  if (br) return void reply.header('content-encoding', 'br').send(br);
  // Already the envelope's JSON: sent as it is, not serialized again.
  void reply.serializer((payload: unknown) => payload as string).send(answer.json);
}
