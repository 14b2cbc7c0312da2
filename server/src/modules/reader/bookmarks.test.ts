import { describe, expect, it } from 'vitest';
import type { ReaderBookmark } from '@textbook/contracts';
import { buildMember } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { buildEpub, importBook, tempDataDir, type DraftChapter } from '../../../test/reader-fixtures.js';
import { grantShelfEntry } from '../shelf/index.js';

const CHAPTERS: DraftChapter[] = [
  { title: '第一章 绪论', body: '<p>学而时习之，不亦说乎。有朋自远方来，不亦乐乎。</p>' },
  { title: '第二章 为政', body: '<p>温故而知新，可以为师矣。</p><p>学而不思则罔，思而不学则殆。</p>' },
  { title: '第三章 八佾', body: '<p>人而不仁，如礼何？人而不仁，如乐何？</p>' },
];

describe('reader bookmarks', () => {
  const t = useTestApp({ dataDir: tempDataDir() });
  let seq = 0;

  async function setup() {
    seq += 1;
    const { bookId } = await importBook(t.ctx, buildEpub(`urn:test:bookmarks:${seq}:${Date.now()}`, '论语', CHAPTERS));
    const chapters = (
      await t.ctx.db.selectFrom('book_chapters').select(['id']).where('book_id', '=', bookId).orderBy('seq').execute()
    ).map((c) => c.id);
    const m = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId, source: 'purchase', sourceRef: seq });
    return { bookId, chapters, m };
  }
  const post = <T>(url: string, payload: object, token?: string) =>
    call<T>(t.app, { method: 'POST', url, payload, token });
  const get = <T>(url: string, token?: string) => call<T>(t.app, { method: 'GET', url, token });
  const del = (url: string, token?: string) => call(t.app, { method: 'DELETE', url, token });

  it('adds, lists in reading order and removes a member’s bookmarks', async () => {
    const { bookId, chapters, m } = await setup();
    const anchor = { quote: '学而不思则罔', prefix: '可以为师矣。', offset: 12 };
    const later = expectOk(
      await post<ReaderBookmark>(
        '/api/reader/bookmark/add',
        { bookId, chapterId: chapters[1], anchor, label: '学而不思则罔，思而不学则殆。' },
        m.token,
      ),
    );
    expect(later).toMatchObject({ chapterId: chapters[1], chapterTitle: '第二章 为政', anchor });
    const first = expectOk(
      await post<ReaderBookmark>('/api/reader/bookmark/add', { bookId, chapterId: chapters[0] }, m.token),
    );
    const list = expectOk(await get<ReaderBookmark[]>(`/api/reader/bookmark/list?bookId=${bookId}`, m.token));
    expect(list.map((b) => b.id)).toEqual([first.id, later.id]);
    expect(list[1]).toMatchObject({ label: '学而不思则罔，思而不学则殆。', anchor });
    expectOk(await del(`/api/reader/bookmark/delete/${later.id}`, m.token));
    expectOk(await post(`/api/reader/bookmark/delete/${first.id}`, {}, m.token));
    expect(expectOk(await get(`/api/reader/bookmark/list?bookId=${bookId}`, m.token))).toEqual([]);
  });

  it('another member cannot see or remove them; visitors keep none; a chapter one may not read is refused', async () => {
    const { bookId, chapters, m } = await setup();
    const mark = expectOk(
      await post<ReaderBookmark>('/api/reader/bookmark/add', { bookId, chapterId: chapters[2] }, m.token),
    );
    const other = await buildMember(t.ctx.db);
    // Without the book: its locked chapters cannot be bookmarked (the free first one can).
    expect((await post('/api/reader/bookmark/add', { bookId, chapterId: chapters[2] }, other.token)).status).toBe(403);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: other.id, bookId, source: 'purchase', sourceRef: 1000 + seq });
    expect(expectOk(await get(`/api/reader/bookmark/list?bookId=${bookId}`, other.token))).toEqual([]);
    expect((await del(`/api/reader/bookmark/delete/${mark.id}`, other.token)).status).toBe(403);
    expect((await post(`/api/reader/bookmark/delete/${mark.id}`, {}, other.token)).status).toBe(403);
    expect((await del(`/api/reader/bookmark/delete/${mark.id}`)).status).toBe(401);
    expect((await get(`/api/reader/bookmark/list?bookId=${bookId}`)).status).toBe(401);
    expect((await post('/api/reader/bookmark/add', { bookId, chapterId: chapters[0] })).status).toBe(401);
    expect((await del('/api/reader/bookmark/delete/999999999', m.token)).status).toBe(404);
    const bad = await post('/api/reader/bookmark/add', { bookId, chapterId: 'x' }, m.token);
    expect(bad.status).toBe(400);
    // Still there for its owner.
    const mine = expectOk(await get<ReaderBookmark[]>(`/api/reader/bookmark/list?bookId=${bookId}`, m.token));
    expect(mine.map((b) => b.id)).toEqual([mark.id]);
  });
});
