import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { envelope } from '@textbook/contracts';
import { ROOT_DIR } from '../../config.js';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { importEpub } from '../import/importer.js';
import { bookStorage } from '../import/storage.js';
import { grantShelfEntry } from '../shelf/service.js';

/** The shared corpus of real EPUBs beside the repository (read at run time, never copied in). */
const CORPUS = path.resolve(ROOT_DIR, '..', 'shared', 'data', 'epub');

/**
 * Reader journeys only: import a corpus book, grant a shelf entry, list chapters with what they contain.
 * Registered only when test routes are on (never in production), like modules/testing.
 */
export const readerTestingRoutes: ModuleRoutes = (ctx) => async (app) => {
  if (!ctx.config.testRoutes) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hide = { hide: true };
  /**
   * The same file with the same options is imported once per server: journeys running side by side share
   * the book (a second import would be a new edition, with new chapter ids under the other journey's feet).
   */
  const imported = new Map<string, Promise<{ bookId: number; title: string }>>();

  r.post(
    '/api/test/reader/import',
    {
      schema: {
        ...hide,
        body: z.object({
          file: z.string().regex(/^[\w./-]+\.epub$/),
          freeChapters: z.number().int().min(0).default(1),
          price: z.number().int().min(0).default(0),
        }),
        response: { 200: envelope(z.object({ bookId: z.number().int(), title: z.string() })) },
      },
    },
    async (request) => {
      const file = path.resolve(CORPUS, request.body.file);
      if (!file.startsWith(CORPUS + path.sep) || request.body.file.includes('..')) throw notFound();
      const key = JSON.stringify(request.body);
      let result = imported.get(key);
      if (!result) {
        result = readFile(file).then(async (buffer) => {
          const book = await importEpub(
            { db: ctx.db, dialect: ctx.dialect, storage: bookStorage(ctx.config) },
            new Uint8Array(buffer),
            {
              published: true,
              freeChapters: request.body.freeChapters,
              price: request.body.price,
              fileName: path.basename(file),
            },
          );
          return { bookId: book.bookId, title: book.title };
        });
        imported.set(key, result);
        result.catch(() => imported.delete(key));
      }
      return ok(await result);
    },
  );

  r.post(
    '/api/test/reader/grant',
    {
      schema: {
        ...hide,
        body: z.object({
          memberId: z.number().int(),
          bookId: z.number().int(),
          source: z.enum(['purchase', 'sample', 'authorization', 'class', 'free']),
        }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { memberId, bookId, source } = request.body;
      const member = await ctx.db
        .selectFrom('members')
        .select('current_college_id')
        .where('id', '=', memberId)
        .executeTakeFirst();
      if (!member) throw notFound();
      const collegeId = source === 'purchase' || source === 'free' ? null : member.current_college_id;
      await grantShelfEntry(ctx.db, { memberId, bookId, source, sourceRef: 1, collegeId });
      return ok(null);
    },
  );

  r.get(
    '/api/test/reader/chapters',
    {
      schema: {
        ...hide,
        querystring: z.object({ bookId: z.coerce.number().int() }),
        response: {
          200: envelope(
            z.array(
              z.object({
                id: z.number().int(),
                title: z.string(),
                length: z.number().int(),
                math: z.boolean(),
                svg: z.boolean(),
                ruby: z.boolean(),
                img: z.boolean(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const rows = await ctx.db
        .selectFrom('book_chapters')
        .select(['id', 'title', 'html'])
        .where('book_id', '=', request.query.bookId)
        .orderBy('seq')
        .execute();
      return ok(
        rows.map((c) => ({
          id: c.id,
          title: c.title,
          length: c.html.length,
          math: c.html.includes('<math'),
          svg: c.html.includes('<svg') || /\.svg["?]/.test(c.html),
          ruby: c.html.includes('<ruby'),
          img: c.html.includes('<img'),
        })),
      );
    },
  );
};
