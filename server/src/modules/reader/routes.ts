import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bookPage,
  bookmarkBody,
  inBookHit,
  inBookSearchQuery,
  leaveBody,
  noteBody,
  noteDetailQuery,
  noteExportBody,
  noteUpdateBody,
  ReaderMsg,
  readerBookmark,
  readerNote,
  readingPosition,
  ResourceCategories,
  resourceBody,
  resourceQuery,
  sectionResource,
  spineChapter,
  transQuery,
  transResult,
} from '@textbook/contracts';
import { searchInBook } from '../catalog/index.js';
import { chapterReadableBy } from '../shelf/index.js';
import { sendDownload } from '../../http/files.js';
import { sendStored } from '../../http/stored-file.js';
import { defineModule, HEAVY, route, type AnyRoute } from '../../http/module.js';
import { asJson } from '../../http/read-cache.js';
import { asMember } from '../../policies/helpers.js';
import { assetFacts } from './assets.js';
import { chapterAnswer, chapterFacts, compressedAnswer, type ChapterAnswer } from './chapter-cache.js';
import { bookPages } from './pages.js';
import * as resources from './resources.js';
import * as reader from './service.js';
import { translate } from './translate.js';

const bookIdQuery = z.object({ bookId: z.coerce.number().int().positive() });
const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Book files are immutable under their generated names; SVG and fonts must never run as a page. */
const ASSET_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
};

const deleteNote = (method: 'DELETE' | 'POST'): AnyRoute =>
  route({
    method,
    url: '/reader/note/delete/:id',
    summary: 'Delete one of my notes',
    policy: 'reader.noteOwn',
    gate: 'reader.self',
    params: idParam,
    answer: z.null(),
    load: ({ ctx, params }) => reader.noteOwner(ctx, params.id),
    handler: async ({ ctx, params }) => {
      await reader.deleteNote(ctx, params.id);
      return null;
    },
  });

const deleteBookmark = (method: 'DELETE' | 'POST'): AnyRoute =>
  route({
    method,
    url: '/reader/bookmark/delete/:id',
    summary: 'Remove one of my bookmarks',
    policy: 'reader.bookmarkOwn',
    gate: 'reader.self',
    params: idParam,
    answer: z.null(),
    load: ({ ctx, params }) => reader.bookmarkOwner(ctx, params.id),
    handler: async ({ ctx, params }) => {
      await reader.deleteBookmark(ctx, params.id);
      return null;
    },
  });

/**
 * The reader: chapters and book files behind the one read decision (policies/books.ts), position, reading time,
 * notes (the owner's), section resources, look-up. Staff attach resources under /api/admin.
 */
export const readerModule = defineModule({
  prefix: '/api',
  tag: 'reader',
  routes: [
    route({
      method: 'GET',
      url: '/book/searchInBook',
      summary:
        'Where words occur in a book, with snippets linking into the reader (snippets from readable chapters only)',
      policy: 'book.browse',
      query: inBookSearchQuery,
      answer: z.object({ rows: z.array(inBookHit), total: z.number().int() }),
      handler: ({ ctx, actor, query }) =>
        searchInBook(ctx, actor, query.bookId, query.q, query.limit, (book) => chapterReadableBy(ctx, actor, book)),
    }),
    route({
      method: 'GET',
      url: '/book/chapter',
      summary: 'Sanitized chapter HTML, for those the read decision lets read it (ETag: 304 when unchanged)',
      policy: 'book.readChapter',
      query: bookIdQuery.extend({ chapterId: z.coerce.number().int().positive() }),
      // Answered from memory (chapter-cache.ts); the read decision runs on every request; a browser that has the
      // chapter already is answered 304. The JSON envelope is made once per chapter, so no `answer` here.
      load: ({ ctx, actor, query }) => chapterFacts(ctx, actor, query.bookId, query.chapterId),
      handler: async ({ ctx, thing, request, reply }) => {
        const br = /\bbr\b/.test(request.headers['accept-encoding'] ?? '');
        const answer = await chapterAnswer(ctx, thing);
        sendChapter(request, reply, answer, br ? (answer.br ?? (await compressedAnswer(ctx, answer))) : undefined);
        return reply;
      },
    }),
    route({
      method: 'GET',
      url: '/book/asset/:name',
      summary: 'A stored book file (cover, image, stylesheet, font) by generated name, behind the read decision',
      policy: 'book.asset',
      // Images inside a chapter are loaded by the browser without an Authorization header: the session cookie
      // (HttpOnly, http/auth.ts) says who.
      params: z.object({ name: z.string().max(100) }),
      load: ({ ctx, actor, params }) => assetFacts(ctx, actor, params.name),
      // Streamed from storage with ETag (304) and byte ranges (206), after the read decision.
      handler: ({ ctx, thing, request, reply }) => {
        // A file only some members may read must never sit in a shared cache.
        const cache = thing.public ? {} : { 'cache-control': 'private, max-age=86400' };
        return sendStored(request, reply, ctx.files.books, thing.name, {
          type: thing.mediaType,
          headers: { ...ASSET_HEADERS, ...cache },
        });
      },
    }),
    route({
      method: 'GET',
      url: '/reader/spine',
      summary: 'The chapters of a book in reading order (prev/next, progress); titles only',
      // The same facts as the public section tree: an unpublished book for staff only.
      policy: 'book.read',
      query: bookIdQuery,
      answer: z.array(spineChapter),
      load: ({ ctx, query }) => reader.bookPublication(ctx, query.bookId),
      handler: ({ ctx, query }) => reader.spine(ctx, query.bookId),
    }),
    route({
      method: 'GET',
      url: '/book/pages',
      summary:
        "A book's print pages in reading order: label, chapter, anchor (page 跳转到页, the current page's label)",
      // Page labels are no secret: whoever may see the book's detail (an unpublished book: staff only).
      policy: 'book.read',
      query: bookIdQuery,
      answer: z.array(bookPage),
      load: ({ ctx, query }) => bookPages(ctx, query.bookId),
      handler: ({ thing }) => asJson(Promise.resolve(thing.pages)),
    }),
    route({
      method: 'POST',
      url: '/book/extend/leave',
      summary: 'Record the reading position (chapter and text anchor) and active reading seconds',
      policy: 'reader.self',
      body: leaveBody,
      answer: z.null(),
      handler: async ({ ctx, actor, body }) => {
        await reader.leave(ctx, asMember(actor), body);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: '/book/extend/getPosition',
      summary: 'The last reading position in a book (null when none)',
      policy: 'reader.self',
      query: bookIdQuery,
      answer: readingPosition.nullable(),
      handler: ({ ctx, actor, query }) => reader.getPosition(ctx, asMember(actor), query.bookId),
    }),
    route({
      method: 'GET',
      url: '/book/extend/readingTime',
      summary: "The member's active reading seconds in a book, per chapter and day",
      policy: 'reader.self',
      query: bookIdQuery,
      answer: z.array(z.object({ chapterId: z.number().int(), day: z.string(), seconds: z.number().int() })),
      handler: ({ ctx, actor, query }) => reader.readingTime(ctx, asMember(actor), query.bookId),
    }),
    route({
      method: 'POST',
      url: '/reader/note/add',
      summary: 'Highlight or note on selected text (quote, prefix, suffix, offsets)',
      policy: 'reader.self',
      body: noteBody,
      answer: readerNote,
      handler: ({ ctx, actor, body }) => reader.addNote(ctx, asMember(actor), body),
    }),
    deleteNote('DELETE'),
    deleteNote('POST'),
    route({
      method: 'POST',
      url: '/reader/note/update/:id',
      summary: 'Edit one of my notes: its text, its highlight colour, or both',
      policy: 'reader.noteOwn',
      gate: 'reader.self',
      params: idParam,
      body: noteUpdateBody,
      answer: readerNote,
      load: ({ ctx, params }) => reader.noteOwner(ctx, params.id),
      handler: ({ ctx, params, body }) => reader.editNote(ctx, params.id, body),
    }),
    route({
      method: 'GET',
      url: '/reader/note/detail',
      summary: 'My notes of a book (or one chapter); notes whose quote is gone are marked orphan',
      policy: 'reader.self',
      query: noteDetailQuery,
      answer: z.array(readerNote),
      handler: ({ ctx, actor, query }) => reader.listNotes(ctx, asMember(actor), query.bookId, query.chapterId),
    }),
    route({
      method: 'POST',
      url: '/reader/bookmark/add',
      summary: 'Bookmark a place in a chapter I may read (its text anchor and the words there)',
      policy: 'reader.self',
      body: bookmarkBody,
      answer: readerBookmark,
      handler: ({ ctx, actor, body }) => reader.addBookmark(ctx, asMember(actor), body),
    }),
    route({
      method: 'GET',
      url: '/reader/bookmark/list',
      summary: 'My bookmarks of a book, in reading order',
      policy: 'reader.self',
      query: bookIdQuery,
      answer: z.array(readerBookmark),
      handler: ({ ctx, actor, query }) => reader.listBookmarks(ctx, asMember(actor), query.bookId),
    }),
    deleteBookmark('DELETE'),
    deleteBookmark('POST'),
    route({
      method: 'POST',
      url: '/reader/note/export',
      summary: 'Export my notes of a book (type 1 text, 2 pdf)',
      policy: 'reader.self',
      rateLimit: HEAVY,
      body: noteExportBody,
      handler: async ({ ctx, actor, body, reply }) => {
        const member = asMember(actor);
        if (body.type === 2) {
          const { notesAsPdf } = await import('./pdf.js');
          const bytes = await notesAsPdf(ctx, member, body.bookId);
          return sendDownload(reply, { kind: 'pdf', fileName: `${ReaderMsg.NOTES_FILE}.pdf`, bytes });
        }
        const text = await reader.notesAsText(ctx, member, body.bookId);
        return sendDownload(reply, { kind: 'txt', fileName: `${ReaderMsg.NOTES_FILE}.txt`, bytes: text });
      },
    }),
    route({
      method: 'GET',
      url: '/reader/section/resource/category',
      summary: 'Resource categories of a book with counts (for those who may read it)',
      policy: 'book.browse',
      query: bookIdQuery,
      answer: z.array(z.object({ category: z.enum(ResourceCategories), count: z.number().int() })),
      handler: ({ ctx, actor, query }) => resources.categories(ctx, actor, query.bookId),
    }),
    route({
      method: 'GET',
      url: '/reader/section/resource/catalog',
      summary: 'All resources of a book, by section',
      policy: 'book.browse',
      query: resourceQuery,
      answer: z.array(sectionResource),
      handler: ({ ctx, actor, query }) => resources.catalog(ctx, actor, query.bookId, query.category),
    }),
    route({
      method: 'GET',
      url: '/reader/section/resource/chapter',
      summary: "The resources of one chapter's sections (side panel)",
      policy: 'book.browse',
      query: resourceQuery.extend({ chapterId: z.coerce.number().int().positive() }),
      answer: z.array(sectionResource),
      handler: ({ ctx, actor, query }) =>
        resources.ofChapter(ctx, actor, query.bookId, query.chapterId, query.category),
    }),
    route({
      method: 'POST',
      url: '/admin/reader/section/resource',
      summary: 'Staff: attach a resource to a section',
      policy: 'book.manage',
      body: resourceBody,
      answer: z.object({ id: z.number().int() }),
      handler: async ({ ctx, body }) => ({ id: await resources.attach(ctx, body) }),
    }),
    route({
      method: 'DELETE',
      url: '/admin/reader/section/resource/:id',
      summary: 'Staff: remove a resource',
      policy: 'book.manage',
      params: idParam,
      answer: z.null(),
      handler: async ({ ctx, params }) => {
        await resources.detach(ctx, params.id);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: '/reader/trans',
      summary: 'Look up a word (offline CC-CEDICT) or translate a sentence (configured provider)',
      policy: 'reader.translate',
      rateLimit: HEAVY,
      query: transQuery,
      answer: transResult,
      handler: ({ ctx, query }) => translate(ctx, query.text, query.to),
    }),
  ],
});

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
