import { describe, expect, it } from 'vitest';
import { Code, type BookPage, type ReaderBookmark, type ReaderNote } from '@textbook/contracts';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { importBook, tempDataDir } from '../../../test/reader-fixtures.js';
import { writeEpub, type BookSource } from '../import/index.js';
import { grantShelfEntry } from '../shelf/index.js';
import { cjkFont } from './pdf.js';

/** A paid book of two chapters with print pages every 300 characters (a page list and page-break markers). */
const source = (id: string, pageEvery = 300): BookSource => ({
  identifier: id,
  title: '页码教材',
  authors: ['张三'],
  publisher: '示范大学出版社',
  language: 'zh-CN',
  date: '2024-09-01',
  description: '',
  pageEvery,
  chapters: [1, 2].map((c) => ({
    title: `第${c}章`,
    sections: [{ title: `${c}.1`, paragraphs: [`${c}甲`.repeat(200), `${c}乙`.repeat(200), `${c}丙`.repeat(200)] }],
  })),
});

describe('print pages in the reader', () => {
  const t = useTestApp({ dataDir: tempDataDir() });
  let seq = 0;
  const get = <T>(url: string, token?: string) => call<T>(t.app, { method: 'GET', url, token });
  const post = <T>(url: string, payload: object, token?: string) =>
    call<T>(t.app, { method: 'POST', url, payload, token });

  async function book(options: { published?: boolean } = {}) {
    seq += 1;
    const { bookId } = await importBook(t.ctx, writeEpub(source(`urn:test:pages:${seq}:${Date.now()}`)), {
      price: 1000,
      ...options,
    });
    return bookId;
  }

  it('lists a book’s print pages to whoever may see the book, chapters it may not read included', async () => {
    const bookId = await book();
    const pages = expectOk(await get<BookPage[]>(`/api/book/pages?bookId=${bookId}`));
    expect(pages.map((p) => p.label)).toEqual(['1', '2', '3', '4', '5', '6']);
    const chapters = await t.ctx.db
      .selectFrom('book_chapters')
      .select('id')
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
    expect(pages[0]).toEqual({ label: '1', chapterId: chapters[0]!.id, anchor: 'page1', pageIndex: 0 });
    expect(pages[3]).toMatchObject({ label: '4', chapterId: chapters[1]!.id, anchor: 'page4' });
    const member = await buildMember(t.ctx.db);
    expect(expectOk(await get<BookPage[]>(`/api/book/pages?bookId=${bookId}`, member.token))).toEqual(pages);
  });

  it('hides an unpublished book’s pages from all but staff, and says 404 for no such book', async () => {
    const bookId = await book({ published: false });
    const member = await buildMember(t.ctx.db);
    const refused = await get(`/api/book/pages?bookId=${bookId}`, member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.data ?? null).toBeNull();
    expect((await get(`/api/book/pages?bookId=${bookId}`)).status).toBe(401);
    const staff = await buildStaff(t.ctx.db);
    expect(expectOk(await get<BookPage[]>(`/api/book/pages?bookId=${bookId}`, staff.token))).toHaveLength(6);
    expect((await get('/api/book/pages?bookId=99999999')).status).toBe(404);
  });

  it('serves a new edition’s pages at once (the cache follows the import)', async () => {
    const bookId = await book();
    expect(expectOk(await get<BookPage[]>(`/api/book/pages?bookId=${bookId}`))).toHaveLength(6);
    await importBook(t.ctx, writeEpub(source(`urn:test:pages:again:${Date.now()}`, 100_000)), { bookId });
    expect(expectOk(await get<BookPage[]>(`/api/book/pages?bookId=${bookId}`)).map((p) => p.label)).toEqual(['1', '2']);
  });

  it('keeps the page a note or bookmark was made on, and the exports name it', async () => {
    const bookId = await book();
    const m = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId, source: 'purchase', sourceRef: 1 });
    const [chapter] = await t.ctx.db.selectFrom('book_chapters').select('id').where('book_id', '=', bookId).execute();
    const note = expectOk(
      await post<ReaderNote>(
        '/api/reader/note/add',
        { bookId, chapterId: chapter!.id, quote: '1乙1乙', startOffset: 420, endOffset: 424, pageLabel: '2' },
        m.token,
      ),
    );
    expect(note.pageLabel).toBe('2');
    const plain = expectOk(
      await post<ReaderNote>(
        '/api/reader/note/add',
        { bookId, chapterId: chapter!.id, quote: '1甲', startOffset: 10, endOffset: 12 },
        m.token,
      ),
    );
    expect(plain.pageLabel).toBe('');
    const listed = expectOk(await get<ReaderNote[]>(`/api/reader/note/detail?bookId=${bookId}`, m.token));
    expect(listed.map((n) => n.pageLabel)).toEqual(['', '2']);
    const tooLong = await post('/api/reader/note/add', { ...note, pageLabel: 'x'.repeat(41) }, m.token);
    expect(tooLong.body.code).not.toBe(Code.OK);

    const bookmark = expectOk(
      await post<ReaderBookmark>(
        '/api/reader/bookmark/add',
        { bookId, chapterId: chapter!.id, label: '1乙', pageLabel: 'xii' },
        m.token,
      ),
    );
    expect(bookmark.pageLabel).toBe('xii');
    const marks = expectOk(await get<ReaderBookmark[]>(`/api/reader/bookmark/list?bookId=${bookId}`, m.token));
    expect(marks[0]!.pageLabel).toBe('xii');

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/reader/note/export',
      payload: { bookId, type: 1 },
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(text.body).toContain('> 1乙1乙（第 2 页）');
    expect(text.body).toContain('> 1甲\n');
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/reader/note/export',
      payload: { bookId, type: 2 },
      headers: { authorization: `Bearer ${m.token}` },
    });
    if (cjkFont()) expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
