import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ROOT_DIR } from '../../config.js';
import { notFound, refused } from '../../http/errors.js';
import { defineModule, route } from '../../http/module.js';
import { chaptersOf, currentCollegeOf } from './fixtures.js';
import { wordsOf } from '../catalog/index.js';
import { importEpub, ImportRefusal } from '../import/index.js';
import { grantShelfEntry } from '../shelf/index.js';

/** The shared corpus of real EPUBs beside the repository (read at run time, never copied in). */
const DATA = path.resolve(ROOT_DIR, '..', 'shared', 'data');
const CORPUS = path.join(DATA, 'epub');
/** Test books of the shared data outside the EPUB corpus (the W3C fixed-layout tests), by their folder there. */
const BESIDE_CORPUS = ['w3c-layout-media-tests/'];

/**
 * The same file with the same options is imported once per app: journeys running side by side share the book
 * (a second import would be a new edition, with new chapter ids under the other journey's feet).
 */
type Imported = Map<string, Promise<{ bookId: number; title: string }>>;

/**
 * Reader journeys only: import a corpus book, grant a shelf entry, list chapters with what they contain.
 * Registered only when test routes are on (never in production).
 */
export const readerTestingModule = defineModule({
  prefix: '/api/test/reader',
  tag: 'testing',
  routes: [
    route({
      method: 'POST',
      url: '/import',
      summary: 'Journeys: import a corpus book (once per app and options)',
      hide: true,
      policy: 'public',
      body: z.object({
        file: z.string().regex(/^[\w./-]+\.epub$/),
        freeChapters: z.number().int().min(0).default(1),
        price: z.number().int().min(0).default(0),
      }),
      answer: z.object({ bookId: z.number().int(), title: z.string() }),
      handler: ({ ctx, body }) => {
        const root = BESIDE_CORPUS.some((folder) => body.file.startsWith(folder)) ? DATA : CORPUS;
        const file = path.resolve(root, body.file);
        if (!file.startsWith(root + path.sep) || body.file.includes('..')) throw notFound();
        const imported = ctx.local<Imported>('testing:reader-imports', () => new Map());
        const key = JSON.stringify(body);
        let result = imported.get(key);
        if (!result) {
          result = readFile(file).then(async (buffer) => {
            const book = await importEpub(
              { db: ctx.db, dialect: ctx.dialect, storage: ctx.files.books, words: wordsOf(ctx), caches: ctx.caches },
              new Uint8Array(buffer),
              { published: true, freeChapters: body.freeChapters, price: body.price, fileName: path.basename(file) },
            );
            return { bookId: book.bookId, title: book.title };
          });
          // A refused book answers the importer's reason, as the console's import does.
          result = result.catch((err: unknown) => {
            throw err instanceof ImportRefusal ? refused(err.zh, 'import_refused') : err;
          });
          imported.set(key, result);
          result.catch(() => imported.delete(key));
        }
        return result;
      },
    }),
    route({
      method: 'POST',
      url: '/grant',
      summary: 'Journeys: grant a member a shelf entry',
      hide: true,
      policy: 'public',
      body: z.object({
        memberId: z.number().int(),
        bookId: z.number().int(),
        source: z.enum(['purchase', 'sample', 'authorization', 'class', 'free']),
      }),
      answer: z.null(),
      handler: async ({ ctx, body }) => {
        const { memberId, bookId, source } = body;
        const member = await currentCollegeOf(ctx.db, memberId);
        if (!member) throw notFound();
        const collegeId = source === 'purchase' || source === 'free' ? null : member.collegeId;
        await grantShelfEntry(ctx, ctx.db, { memberId, bookId, source, sourceRef: 1, collegeId });
        return null;
      },
    }),
    route({
      method: 'GET',
      url: '/chapters',
      summary: 'Journeys: the chapters of a book with what they contain',
      hide: true,
      policy: 'public',
      query: z.object({ bookId: z.coerce.number().int() }),
      answer: z.array(
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
      handler: async ({ ctx, query }) => {
        const rows = await chaptersOf(ctx.db, query.bookId);
        return rows.map((c) => ({
          id: c.id,
          title: c.title,
          length: c.html.length,
          math: c.html.includes('<math'),
          svg: c.html.includes('<svg') || /\.svg["?]/.test(c.html),
          ruby: c.html.includes('<ruby'),
          img: c.html.includes('<img'),
        }));
      },
    }),
  ],
});
