import { z } from 'zod';
import {
  envelope,
  leaveBody,
  noteBody,
  noteDetailQuery,
  noteExportBody,
  noteUpdateBody,
  ReaderMsg,
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
import type { Actor, MemberActor } from '../../http/actor.js';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { authorize } from '../../policies/index.js';
import { asMember } from '../../policies/helpers.js';
import * as resources from './resources.js';
import * as reader from './service.js';
import { translate } from './translate.js';

function member(actor: Actor): MemberActor {
  authorize(actor, 'reader.self');
  return asMember(actor);
}

const bookIdQuery = z.object({ bookId: z.coerce.number().int().positive() });
const idParam = z.object({ id: z.coerce.number().int().positive() });

export const readerRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reader'];

  r.get(
    '/api/reader/spine',
    {
      schema: {
        tags,
        summary: 'The chapters of a book in reading order (prev/next, progress); titles only',
        querystring: bookIdQuery,
        response: {
          200: envelope(z.array(spineChapter)),
        },
      },
    },
    // Anonymous access: the same facts as the public section tree.
    async (request) => ok(await reader.spine(ctx, request.actor, request.query.bookId)),
  );

  r.post(
    '/api/book/extend/leave',
    {
      schema: {
        tags,
        summary: 'Record the reading position (chapter and text anchor) and active reading seconds',
        body: leaveBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await reader.leave(ctx, member(request.actor), request.body);
      return ok(null);
    },
  );

  r.get(
    '/api/book/extend/getPosition',
    {
      schema: {
        tags,
        summary: 'The last reading position in a book (null when none)',
        querystring: bookIdQuery,
        response: { 200: envelope(readingPosition.nullable()) },
      },
    },
    async (request) => ok(await reader.getPosition(ctx, member(request.actor), request.query.bookId)),
  );

  r.get(
    '/api/book/extend/readingTime',
    {
      schema: {
        tags,
        summary: "The member's active reading seconds in a book, per chapter and day",
        querystring: bookIdQuery,
        response: {
          200: envelope(z.array(z.object({ chapterId: z.number().int(), day: z.string(), seconds: z.number().int() }))),
        },
      },
    },
    async (request) => ok(await reader.readingTime(ctx, member(request.actor), request.query.bookId)),
  );

  r.post(
    '/api/reader/note/add',
    {
      schema: {
        tags,
        summary: 'Highlight or note on selected text (quote, prefix, suffix, offsets)',
        body: noteBody,
        response: { 200: envelope(readerNote) },
      },
    },
    async (request) => ok(await reader.addNote(ctx, member(request.actor), request.body)),
  );

  const remove = async (request: { actor: Actor; params: { id: number } }) => {
    await reader.deleteNote(ctx, member(request.actor), request.params.id);
    return ok(null);
  };
  const deleteSchema = {
    schema: { tags, summary: 'Delete one of my notes', params: idParam, response: { 200: envelope(z.null()) } },
  };
  r.delete('/api/reader/note/delete/:id', deleteSchema, remove);
  r.post('/api/reader/note/delete/:id', deleteSchema, remove);

  r.post(
    '/api/reader/note/update/:id',
    {
      schema: {
        tags,
        summary: 'Edit one of my notes: its text, its highlight colour, or both',
        params: idParam,
        body: noteUpdateBody,
        response: { 200: envelope(readerNote) },
      },
    },
    async (request) => ok(await reader.editNote(ctx, member(request.actor), request.params.id, request.body)),
  );

  r.get(
    '/api/reader/note/detail',
    {
      schema: {
        tags,
        summary: 'My notes of a book (or one chapter); notes whose quote is gone are marked orphan',
        querystring: noteDetailQuery,
        response: { 200: envelope(z.array(readerNote)) },
      },
    },
    async (request) =>
      ok(await reader.listNotes(ctx, member(request.actor), request.query.bookId, request.query.chapterId)),
  );

  r.post(
    '/api/reader/note/export',
    { schema: { tags, summary: 'Export my notes of a book (type 1 text, 2 pdf)', body: noteExportBody } },
    async (request, reply) => {
      const actor = member(request.actor);
      if (request.body.type === 2) {
        const { notesAsPdf } = await import('./pdf.js');
        const bytes = await notesAsPdf(ctx, actor, request.body.bookId);
        return reply
          .header(
            'content-disposition',
            `attachment; filename*=UTF-8''${encodeURIComponent(`${ReaderMsg.NOTES_FILE}.pdf`)}`,
          )
          .type('application/pdf')
          .send(bytes);
      }
      const text = await reader.notesAsText(ctx, actor, request.body.bookId);
      return reply
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(`${ReaderMsg.NOTES_FILE}.txt`)}`,
        )
        .type('text/plain; charset=utf-8')
        .send(text);
    },
  );

  const resourceList = { 200: envelope(z.array(sectionResource)) };
  r.get(
    '/api/reader/section/resource/category',
    {
      schema: {
        tags,
        summary: 'Resource categories of a book with counts (for those who may read it)',
        querystring: bookIdQuery,
        response: {
          200: envelope(z.array(z.object({ category: z.enum(ResourceCategories), count: z.number().int() }))),
        },
      },
    },
    async (request) => ok(await resources.categories(ctx, request.actor, request.query.bookId)),
  );
  r.get(
    '/api/reader/section/resource/catalog',
    {
      schema: {
        tags,
        summary: 'All resources of a book, by section',
        querystring: resourceQuery,
        response: resourceList,
      },
    },
    async (request) => ok(await resources.catalog(ctx, request.actor, request.query.bookId, request.query.category)),
  );
  r.get(
    '/api/reader/section/resource/chapter',
    {
      schema: {
        tags,
        summary: "The resources of one chapter's sections (side panel)",
        querystring: resourceQuery.extend({ chapterId: z.coerce.number().int().positive() }),
        response: resourceList,
      },
    },
    async (request) =>
      ok(
        await resources.ofChapter(
          ctx,
          request.actor,
          request.query.bookId,
          request.query.chapterId,
          request.query.category,
        ),
      ),
  );
  r.post(
    '/api/reader/section/resource',
    {
      schema: {
        tags,
        summary: 'Staff: attach a resource to a section',
        body: resourceBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      authorize(request.actor, 'book.manage');
      return ok({ id: await resources.attach(ctx, request.body) });
    },
  );
  r.delete(
    '/api/reader/section/resource/:id',
    { schema: { tags, summary: 'Staff: remove a resource', params: idParam, response: { 200: envelope(z.null()) } } },
    async (request) => {
      authorize(request.actor, 'book.manage');
      await resources.detach(ctx, request.params.id);
      return ok(null);
    },
  );

  r.get(
    '/api/reader/trans',
    {
      schema: {
        tags,
        summary: 'Look up a word (offline CC-CEDICT) or translate a sentence (configured provider)',
        querystring: transQuery,
        response: { 200: envelope(transResult) },
      },
    },
    async (request) => {
      authorize(request.actor, 'reader.translate');
      return ok(await translate(ctx, request.query.text, request.query.to));
    },
  );
};
