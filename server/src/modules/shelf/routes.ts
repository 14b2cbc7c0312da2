import { z } from 'zod';
import {
  bookAccess,
  bookIdBody,
  collectBook,
  collectQuery,
  envelope,
  favouriteExportBody,
  paged,
  ReaderMsg,
  shelfBook,
  shelfQuery,
} from '@textbook/contracts';
import type { Actor, MemberActor } from '../../http/actor.js';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { authorize } from '../../policies/index.js';
import { asMember } from '../../policies/helpers.js';
import * as shelf from './shelf.js';

/** The shelf and favourites are the member's own: a visitor gets 401, staff 403. */
function member(actor: Actor): MemberActor {
  authorize(actor, 'shelf.own');
  return asMember(actor);
}

const bookIdQuery = z.object({ bookId: z.coerce.number().int().positive() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const shelfRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shelf'];

  r.get(
    '/api/book/readAccess',
    {
      schema: {
        tags,
        summary: 'May the caller read this book, and why not (the one read decision); shelf and star state',
        querystring: bookIdQuery,
        response: { 200: envelope(bookAccess) },
      },
    },
    // Anonymous access: a visitor learns that logging in is needed.
    async (request) => ok(await shelf.readAccess(ctx, request.actor, request.query.bookId)),
  );

  r.post(
    '/api/book/shelfBook',
    {
      schema: {
        tags,
        summary: 'Add a free book to the shelf',
        body: bookIdBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await shelf.addFreeBook(ctx, member(request.actor), request.body.bookId);
      return ok(null, ReaderMsg.ADDED_TO_SHELF);
    },
  );

  r.post(
    '/api/shelfBook/deleteOnDetail',
    {
      schema: {
        tags,
        summary: 'Remove a book the member added; grants from classes, samples, authorizations and orders stay',
        body: bookIdBody,
        response: { 200: envelope(z.object({ removed: z.boolean(), remaining: z.number().int() })) },
      },
    },
    async (request) => {
      const result = await shelf.removeFromShelf(ctx, member(request.actor), request.body.bookId);
      return ok(result, result.remaining ? ReaderMsg.KEPT_ON_SHELF : ReaderMsg.REMOVED_FROM_SHELF);
    },
  );

  r.get(
    '/api/shelfBook/page',
    {
      schema: {
        tags,
        summary: "The member's shelf: sources, expiry, progress, last read; filter by source and title",
        querystring: shelfQuery,
        response: { 200: envelope(paged(shelfBook)) },
      },
    },
    async (request) => ok(await shelf.shelfPage(ctx, member(request.actor), request.query)),
  );

  r.post(
    '/api/book/markBook',
    { schema: { tags, summary: 'Add a book to favourites', body: bookIdBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await shelf.star(ctx, member(request.actor), request.body.bookId);
      return ok(null, ReaderMsg.STARRED);
    },
  );

  r.post(
    '/api/book/cancelStar',
    {
      schema: {
        tags,
        summary: 'Remove a book from favourites',
        body: bookIdBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await shelf.unstar(ctx, member(request.actor), request.body.bookId);
      return ok(null, ReaderMsg.UNSTARRED);
    },
  );

  r.post(
    '/api/bookCollect/update',
    {
      schema: {
        tags,
        summary: 'Star or unstar a book (collect true/false)',
        body: bookIdBody.extend({ collect: z.boolean() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const actor = member(request.actor);
      if (request.body.collect) await shelf.star(ctx, actor, request.body.bookId);
      else await shelf.unstar(ctx, actor, request.body.bookId);
      return ok(null, request.body.collect ? ReaderMsg.STARRED : ReaderMsg.UNSTARRED);
    },
  );

  r.get(
    '/api/bookCollect/page',
    {
      schema: {
        tags,
        summary: "The member's favourites, newest first",
        querystring: collectQuery,
        response: { 200: envelope(paged(collectBook)) },
      },
    },
    async (request) => {
      const { offset, limit } = pageWindow(request.query);
      return ok(await shelf.favouritesPage(ctx, member(request.actor), request.query.keyword, offset, limit));
    },
  );

  r.post(
    '/api/bookCollect/export',
    { schema: { tags, summary: 'Export favourites (type 0: spreadsheet)', body: favouriteExportBody } },
    async (request, reply) => {
      const bytes = await shelf.exportFavourites(ctx, member(request.actor), request.body.keyword);
      return reply
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('我的收藏.xlsx')}`)
        .type(XLSX)
        .send(bytes);
    },
  );
};
