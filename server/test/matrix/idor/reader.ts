import { call } from '../../helpers.js';
import { buildMember } from '../../factories.js';
import { buildEpub, importBook } from '../../reader-fixtures.js';
import type { IdorCase, MatrixWorld } from '../world.js';

/**
 * Books of someone else's: a paid book (chapter 1 free, chapter 2 with its own image), an unpublished one, a note
 * of another member. Made once per world.
 */
const made = new WeakMap<MatrixWorld, Promise<Things>>();
interface Things {
  bookId: number;
  paidChapterId: number;
  paidAsset: string;
  hiddenBookId: number;
  noteId: number;
  bookmarkId: number;
}

function things(w: MatrixWorld): Promise<Things> {
  let promise = made.get(w);
  if (!promise) made.set(w, (promise = make(w)));
  return promise;
}

async function make(w: MatrixWorld): Promise<Things> {
  const ctx = w.t.ctx;
  const paid = await importBook(
    ctx,
    buildEpub('urn:idor:paid', '付费教材', [
      { title: '第一章', body: '<p>免费试读的第一章。</p>' },
      { title: '第二章', body: '<p>付费内容。</p><img src="images/paid.png" alt="图"/>' },
    ]),
    { price: 1000, freeChapters: 1 },
  );
  const hidden = await importBook(
    ctx,
    buildEpub('urn:idor:hidden', '未发布教材', [{ title: '一', body: '<p>一</p>' }]),
    {
      published: false,
    },
  );
  const chapters = await ctx.db
    .selectFrom('book_chapters')
    .select(['id', 'free'])
    .where('book_id', '=', paid.bookId)
    .orderBy('seq')
    .execute();
  const asset = await ctx.db
    .selectFrom('book_assets')
    .select('name')
    .where('book_id', '=', paid.bookId)
    .where('media_type', '=', 'image/png')
    .executeTakeFirstOrThrow();
  const owner = await buildMember(ctx.db);
  const note = await call<{ id: number }>(w.t.app, {
    method: 'POST',
    url: '/api/reader/note/add',
    token: owner.token,
    payload: { bookId: paid.bookId, chapterId: chapters[0]!.id, quote: '免费试读', startOffset: 3, endOffset: 7 },
  });
  if (!note.body.data) throw new Error(`note: ${JSON.stringify(note.body)}`);
  const bookmark = await call<{ id: number }>(w.t.app, {
    method: 'POST',
    url: '/api/reader/bookmark/add',
    token: owner.token,
    payload: { bookId: paid.bookId, chapterId: chapters[0]!.id },
  });
  if (!bookmark.body.data) throw new Error(`bookmark: ${JSON.stringify(bookmark.body)}`);
  return {
    bookId: paid.bookId,
    paidChapterId: chapters.find((c) => !c.free)!.id,
    paidAsset: asset.name,
    hiddenBookId: hidden.bookId,
    noteId: note.body.data.id,
    bookmarkId: bookmark.body.data.id,
  };
}

export const cases: IdorCase[] = [
  {
    route: 'GET /api/book/chapter',
    make: async (w) => {
      const t = await things(w);
      return { caller: 'student', url: `/api/book/chapter?bookId=${t.bookId}&chapterId=${t.paidChapterId}` };
    },
  },
  {
    route: 'GET /api/book/asset/:name',
    make: async (w) => ({ caller: 'teacher', url: `/api/book/asset/${(await things(w)).paidAsset}` }),
  },
  {
    route: 'GET /api/reader/spine',
    make: async (w) => ({ caller: 'collegeAdmin', url: `/api/reader/spine?bookId=${(await things(w)).hiddenBookId}` }),
  },
  {
    route: 'GET /api/book/pages',
    make: async (w) => ({ caller: 'student', url: `/api/book/pages?bookId=${(await things(w)).hiddenBookId}` }),
  },
  {
    route: 'DELETE /api/reader/note/delete/:id',
    make: async (w) => ({ caller: 'student', url: `/api/reader/note/delete/${(await things(w)).noteId}` }),
  },
  {
    route: 'POST /api/reader/note/delete/:id',
    make: async (w) => ({ caller: 'common', url: `/api/reader/note/delete/${(await things(w)).noteId}`, payload: {} }),
  },
  {
    route: 'POST /api/reader/note/update/:id',
    make: async (w) => ({
      caller: 'otherCollege',
      url: `/api/reader/note/update/${(await things(w)).noteId}`,
      payload: { content: '改写' },
    }),
  },
  {
    route: 'DELETE /api/reader/bookmark/delete/:id',
    make: async (w) => ({ caller: 'student', url: `/api/reader/bookmark/delete/${(await things(w)).bookmarkId}` }),
  },
  {
    route: 'POST /api/reader/bookmark/delete/:id',
    make: async (w) => ({
      caller: 'teacher',
      url: `/api/reader/bookmark/delete/${(await things(w)).bookmarkId}`,
      payload: {},
    }),
  },
];
