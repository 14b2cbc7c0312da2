import { z } from 'zod';
import {
  bookAccess,
  bookIdBody,
  collectBook,
  collectQuery,
  favouriteExportBody,
  paged,
  ReaderMsg,
  shelfBook,
  shelfQuery,
} from '@textbook/contracts';
import { sendDownload } from '../../http/files.js';
import { defineModule, HEAVY, route, say } from '../../http/module.js';
import { pageWindow } from '../../http/paging.js';
import { asJson } from '../../http/read-cache.js';
import { asMember } from '../../policies/helpers.js';
import * as shelf from './shelf.js';

const bookIdQuery = z.object({ bookId: z.coerce.number().int().positive() });

/** The read decision as pages show it, and the member's shelf and favourites (`shelf.own`: 401 visitor, 403 staff). */
export const shelfModule = defineModule({
  prefix: '/api',
  tag: 'shelf',
  routes: [
    route({
      method: 'GET',
      url: '/book/readAccess',
      summary: 'May the caller read this book, and why not (the one read decision); shelf, star state, abilities',
      // Anonymous access: a visitor learns that logging in is needed.
      policy: 'book.browse',
      query: bookIdQuery,
      answer: bookAccess,
      handler: ({ ctx, actor, query }) => shelf.readAccess(ctx, actor, query.bookId),
    }),
    route({
      method: 'POST',
      url: '/book/shelfBook',
      summary: 'Add a free book to the shelf',
      policy: 'shelf.own',
      body: bookIdBody,
      answer: z.null(),
      handler: async ({ ctx, actor, body }) => {
        await shelf.addFreeBook(ctx, asMember(actor), body.bookId);
        return say(ReaderMsg.ADDED_TO_SHELF, null);
      },
    }),
    route({
      method: 'POST',
      url: '/shelfBook/deleteOnDetail',
      summary: 'Remove a book the member added; grants from classes, samples, authorizations and orders stay',
      policy: 'shelf.own',
      body: bookIdBody,
      answer: z.object({ removed: z.boolean(), remaining: z.number().int() }),
      handler: async ({ ctx, actor, body }) => {
        const result = await shelf.removeFromShelf(ctx, asMember(actor), body.bookId);
        return say(result.remaining ? ReaderMsg.KEPT_ON_SHELF : ReaderMsg.REMOVED_FROM_SHELF, result);
      },
    }),
    route({
      method: 'GET',
      url: '/shelfBook/page',
      summary: "The member's shelf: sources, expiry, progress, last read; filter by source and title",
      policy: 'shelf.own',
      query: shelfQuery,
      answer: paged(shelfBook),
      handler: ({ ctx, actor, query }) => asJson(shelf.shelfPage(ctx, asMember(actor), query)),
    }),
    route({
      method: 'POST',
      url: '/book/markBook',
      summary: 'Add a book to favourites',
      policy: 'shelf.own',
      body: bookIdBody,
      answer: z.null(),
      handler: async ({ ctx, actor, body }) => {
        await shelf.star(ctx, asMember(actor), body.bookId);
        return say(ReaderMsg.STARRED, null);
      },
    }),
    route({
      method: 'POST',
      url: '/book/cancelStar',
      summary: 'Remove a book from favourites',
      policy: 'shelf.own',
      body: bookIdBody,
      answer: z.null(),
      handler: async ({ ctx, actor, body }) => {
        await shelf.unstar(ctx, asMember(actor), body.bookId);
        return say(ReaderMsg.UNSTARRED, null);
      },
    }),
    route({
      method: 'POST',
      url: '/bookCollect/update',
      summary: 'Star or unstar a book (collect true/false)',
      policy: 'shelf.own',
      body: bookIdBody.extend({ collect: z.boolean() }),
      answer: z.null(),
      handler: async ({ ctx, actor, body }) => {
        if (body.collect) await shelf.star(ctx, asMember(actor), body.bookId);
        else await shelf.unstar(ctx, asMember(actor), body.bookId);
        return say(body.collect ? ReaderMsg.STARRED : ReaderMsg.UNSTARRED, null);
      },
    }),
    route({
      method: 'GET',
      url: '/bookCollect/page',
      summary: "The member's favourites, newest first",
      policy: 'shelf.own',
      query: collectQuery,
      answer: paged(collectBook),
      handler: ({ ctx, actor, query }) => {
        const { offset, limit } = pageWindow(query);
        return shelf.favouritesPage(ctx, asMember(actor), query.keyword, offset, limit);
      },
    }),
    route({
      method: 'POST',
      url: '/bookCollect/export',
      summary: 'Export favourites (type 0: spreadsheet)',
      policy: 'shelf.own',
      rateLimit: HEAVY,
      body: favouriteExportBody,
      handler: async ({ ctx, actor, body, reply }) => {
        const bytes = await shelf.exportFavourites(ctx, asMember(actor), body.keyword);
        return sendDownload(reply, { kind: 'xlsx', fileName: '我的收藏.xlsx', bytes });
      },
    }),
  ],
});
