import { describe, expect, it } from 'vitest';
import { Code, Msg, ReaderMsg, type ReaderNote, type ReadingPosition, type TransResult } from '@textbook/contracts';
import { buildMember } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { buildEpub, importBook, tempDataDir, type DraftChapter } from '../../../test/reader-fixtures.js';
import { grantShelfEntry } from '../shelf/index.js';
import { locate } from './anchor.js';
import { cjkFont, NO_CJK_FONT } from './pdf.js';

const FIRST: DraftChapter[] = [
  { title: '第一章 绪论', body: '<p>学而时习之，不亦说乎。有朋自远方来，不亦乐乎。</p>' },
  {
    title: '第二章 为政',
    body: '<p>温故而知新，可以为师矣。</p><p>学而不思则罔，思而不学则殆。</p><p>知之为知之，不知为不知，是知也。</p>',
  },
  { title: '第三章 八佾', body: '<p>人而不仁，如礼何？人而不仁，如乐何？</p>' },
];

/** The next edition: a preface is inserted, chapter two is re-flowed and loses one sentence. */
const SECOND: DraftChapter[] = [
  { title: '序', body: '<p>新版序言。</p>' },
  FIRST[0]!,
  {
    title: '第二章 为政（修订）',
    body: '<p>温故而知新，\n   可以为师矣。</p><p>学而不思则罔，思而不学则殆。</p>',
  },
  FIRST[2]!,
];

describe('reader: position, reading time, notes and translation', () => {
  const t = useTestApp({ dataDir: tempDataDir() });
  let seq = 0;

  async function setup() {
    seq += 1;
    const identifier = `urn:test:reader:${seq}:${Date.now()}`;
    const { bookId } = await importBook(t.ctx, buildEpub(identifier, '论语选读', FIRST));
    const chapters = await t.ctx.db
      .selectFrom('book_chapters')
      .select(['id'])
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
    const m = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId, source: 'purchase', sourceRef: seq });
    return { identifier, bookId, chapters: chapters.map((c) => c.id), m };
  }

  const post = <T>(url: string, payload: object, token?: string) =>
    call<T>(t.app, { method: 'POST', url, payload, token });
  const get = <T>(url: string, token?: string) => call<T>(t.app, { method: 'GET', url, token });

  it('records the position as a text anchor and restores it; visitors keep none', async () => {
    const { bookId, chapters, m } = await setup();
    expect(expectOk(await get(`/api/book/extend/getPosition?bookId=${bookId}`, m.token))).toBeNull();
    const anchor = { quote: '学而不思则罔', prefix: '可以为师矣。', offset: 12 };
    expectOk(
      await post(
        '/api/book/extend/leave',
        { bookId, chapterId: chapters[1], anchor, progress: 0.4, seconds: 30 },
        m.token,
      ),
    );
    const position = expectOk(await get<ReadingPosition>(`/api/book/extend/getPosition?bookId=${bookId}`, m.token));
    // The client's own progress figure is not taken: nothing was reported read.
    expect(position).toMatchObject({ chapterId: chapters[1], anchor, progress: 0, reads: [] });
    expect((await post('/api/book/extend/leave', { bookId, chapterId: chapters[0] })).status).toBe(401);
  });

  it('progress is how much of the book was read, by text length, merged across devices', async () => {
    const { bookId, chapters, m } = await setup();
    const spine = expectOk(await get<{ id: number; length: number }[]>(`/api/reader/spine?bookId=${bookId}`));
    const length = spine.map((c) => c.length);
    const total = length.reduce((a, b) => a + b, 0);
    expect(length.every((n) => n > 0)).toBe(true);
    const position = async () =>
      expectOk(await get<ReadingPosition>(`/api/book/extend/getPosition?bookId=${bookId}`, m.token));
    const leave = (chapterId: number, reads: { chapterId: number; read: number }[], progress = 0) =>
      post('/api/book/extend/leave', { bookId, chapterId, reads, progress }, m.token);

    // Opening the last chapter (all of it on a large screen) is that chapter only, not the book.
    expectOk(await leave(chapters[2]!, [{ chapterId: chapters[2]!, read: 1 }], 1));
    let p = await position();
    expect(p.progress).toBeCloseTo(Math.floor((length[2]! / total) * 1000) / 1000, 3);
    expect(p.progress).toBeLessThan(0.5);
    // Another device reads the first chapter half way; the furthest point of each chapter counts.
    expectOk(await leave(chapters[0]!, [{ chapterId: chapters[0]!, read: 0.5 }]));
    expectOk(
      await leave(chapters[0]!, [
        { chapterId: chapters[0]!, read: 0.2 },
        { chapterId: 999_999, read: 1 },
      ]),
    );
    p = await position();
    expect(p.progress).toBeCloseTo(Math.floor(((length[2]! + length[0]! / 2) / total) * 1000) / 1000, 3);
    expect(p.reads.sort((a, b) => a.chapterId - b.chapterId)).toEqual([
      { chapterId: chapters[0], read: 0.5 },
      { chapterId: chapters[2], read: 1 },
    ]);
    // Every chapter to its end: the whole book.
    expectOk(
      await leave(
        chapters[1]!,
        chapters.map((chapterId) => ({ chapterId, read: 1 })),
      ),
    );
    expect((await position()).progress).toBe(1);
    // The shelf shows the same figure.
    const shelf = expectOk(
      await get<{ rows: { id: number; progress: number }[] }>('/api/shelfBook/page?pageNum=1&pageSize=50', m.token),
    );
    expect(shelf.rows.find((r) => r.id === bookId)?.progress).toBe(1);
    // Out of range figures are refused, never a 500.
    expect((await leave(chapters[0]!, [{ chapterId: chapters[0]!, read: 2 }])).status).toBe(400);
  });

  it('a chapter without text (a cover image) is read once the reader was in it', async () => {
    seq += 1;
    const cover: DraftChapter = { title: '', body: '<div><img src="images/cover.png" alt=""/></div>' };
    const { bookId } = await importBook(
      t.ctx,
      buildEpub(`urn:test:reader:cover:${seq}:${Date.now()}`, '论语选读', [cover, ...FIRST]),
    );
    const spine = expectOk(await get<{ id: number; length: number }[]>(`/api/reader/spine?bookId=${bookId}`));
    expect(spine.map((c) => c.length > 0)).toEqual([false, true, true, true]);
    const m = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId, source: 'purchase', sourceRef: seq });
    const leave = (chapterId: number, reads: { chapterId: number; read: number }[]) =>
      post('/api/book/extend/leave', { bookId, chapterId, reads }, m.token);
    // Every chapter with text read to its end, the cover only opened (no text on screen to report).
    expectOk(
      await leave(
        spine[1]!.id,
        spine.slice(1).map((c) => ({ chapterId: c.id, read: 1 })),
      ),
    );
    expectOk(await leave(spine[0]!.id, []));
    const p = expectOk(await get<ReadingPosition>(`/api/book/extend/getPosition?bookId=${bookId}`, m.token));
    expect(p.reads.find((r) => r.chapterId === spine[0]!.id)?.read).toBe(1);
    expect(p.progress).toBe(1);
  });

  it('adds active reading time per member, book, chapter and day', async () => {
    const { bookId, chapters, m } = await setup();
    for (const seconds of [20, 25]) {
      expectOk(await post('/api/book/extend/leave', { bookId, chapterId: chapters[0], seconds }, m.token));
    }
    expectOk(await post('/api/book/extend/leave', { bookId, chapterId: chapters[2], seconds: 7 }, m.token));
    const rows = expectOk(
      await get<{ chapterId: number; day: string; seconds: number }[]>(
        `/api/book/extend/readingTime?bookId=${bookId}`,
        m.token,
      ),
    );
    expect(rows.map((r) => [r.chapterId, r.seconds]).sort()).toEqual(
      [
        [chapters[0], 45],
        [chapters[2], 7],
      ].sort(),
    );
    expect(rows[0]!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses to record a position in a chapter the member may not read', async () => {
    const { bookId, chapters } = await setup();
    const stranger = await buildMember(t.ctx.db);
    expect((await post('/api/book/extend/leave', { bookId, chapterId: chapters[1] }, stranger.token)).status).toBe(403);
    expectOk(await post('/api/book/extend/leave', { bookId, chapterId: chapters[0] }, stranger.token));
  });

  it('adds, lists and deletes notes; another member can neither see nor delete them', async () => {
    const { bookId, chapters, m } = await setup();
    const note = expectOk(
      await post<ReaderNote>(
        '/api/reader/note/add',
        {
          bookId,
          chapterId: chapters[1],
          quote: '温故而知新',
          prefix: '',
          suffix: '，可以为师矣',
          startOffset: 7,
          endOffset: 12,
          color: 'green',
          content: '复习的重要',
        },
        m.token,
      ),
    );
    expect(note).toMatchObject({ chapterTitle: '第二章 为政', orphan: false, color: 'green' });
    const other = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: other.id, bookId, source: 'purchase', sourceRef: 99 });
    expect(expectOk(await get<ReaderNote[]>(`/api/reader/note/detail?bookId=${bookId}`, other.token))).toEqual([]);
    expect((await post(`/api/reader/note/delete/${note.id}`, {}, other.token)).status).toBe(403);
    const mine = expectOk(
      await get<ReaderNote[]>(`/api/reader/note/detail?bookId=${bookId}&chapterId=${chapters[1]}`, m.token),
    );
    expect(mine.map((n) => n.id)).toEqual([note.id]);
    expectOk(await post(`/api/reader/note/delete/${note.id}`, {}, m.token));
    expect(expectOk(await get<ReaderNote[]>(`/api/reader/note/detail?bookId=${bookId}`, m.token))).toEqual([]);
    const empty = await post(
      '/api/reader/note/add',
      { bookId, chapterId: chapters[1], quote: ' ', startOffset: 0, endOffset: 0 },
      m.token,
    );
    expect(empty.body).toMatchObject({ code: Code.REFUSED, msg: ReaderMsg.NOTE_EMPTY });
  });

  it('an offline note sent again (after a lost answer, or twice at once) is one note; a bad key is refused', async () => {
    const { bookId, chapters, m } = await setup();
    const body = {
      bookId,
      chapterId: chapters[1],
      quote: '温故而知新',
      suffix: '，可以为师矣',
      startOffset: 7,
      endOffset: 12,
      clientKey: '5f0c2a9e-offline-1',
    };
    const [a, b] = await Promise.all([
      post<ReaderNote>('/api/reader/note/add', body, m.token),
      post<ReaderNote>('/api/reader/note/add', body, m.token),
    ]);
    const again = expectOk(await post<ReaderNote>('/api/reader/note/add', body, m.token));
    expect(expectOk(a).id).toBe(expectOk(b).id);
    expect(again).toMatchObject({ id: expectOk(a).id, chapterTitle: '第二章 为政' });
    expect(expectOk(await get<ReaderNote[]>(`/api/reader/note/detail?bookId=${bookId}`, m.token))).toHaveLength(1);
    // Another member's note with the same key is their own note.
    const other = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: other.id, bookId, source: 'purchase', sourceRef: 98 });
    expect(expectOk(await post<ReaderNote>('/api/reader/note/add', body, other.token)).id).not.toBe(again.id);
    const bad = await post('/api/reader/note/add', { ...body, clientKey: 'x y' }, m.token);
    expect(bad.body.code).toBe(Code.REFUSED);
  });

  it('edits a note: the owner changes its text and colour; others, visitors and bad input change nothing', async () => {
    const { bookId, chapters, m } = await setup();
    const note = expectOk(
      await post<ReaderNote>(
        '/api/reader/note/add',
        { bookId, chapterId: chapters[0], quote: '有朋自远方来', startOffset: 10, endOffset: 16, content: '初读' },
        m.token,
      ),
    );
    expect(note).toMatchObject({ color: 'yellow', content: '初读' });
    const url = `/api/reader/note/update/${note.id}`;
    const detail = async () =>
      expectOk(await get<ReaderNote[]>(`/api/reader/note/detail?bookId=${bookId}&chapterId=${chapters[0]}`, m.token));

    const edited = expectOk(await post<ReaderNote>(url, { content: '再读：朋友来访之乐', color: 'blue' }, m.token));
    expect(edited).toMatchObject({
      id: note.id,
      content: '再读：朋友来访之乐',
      color: 'blue',
      quote: '有朋自远方来',
      chapterTitle: '第一章 绪论',
      createdAt: note.createdAt,
    });
    expect(await detail()).toEqual([edited]);
    // One field at a time leaves the other as it was; an empty text keeps the highlight.
    expectOk(await post<ReaderNote>(url, { color: 'pink' }, m.token));
    expect((await detail())[0]).toMatchObject({ color: 'pink', content: '再读：朋友来访之乐' });
    expectOk(await post<ReaderNote>(url, { content: '' }, m.token));
    expect((await detail())[0]).toMatchObject({ color: 'pink', content: '' });
    expectOk(await post<ReaderNote>(url, { content: '第三遍' }, m.token));

    const other = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: other.id, bookId, source: 'purchase', sourceRef: 98 });
    const stranger = await post(url, { content: '改别人的笔记', color: 'green' }, other.token);
    const strangerDelete = await post(`/api/reader/note/delete/${note.id}`, {}, other.token);
    expect(stranger.status).toBe(strangerDelete.status);
    expect(stranger.body).toEqual(strangerDelete.body);
    expect(stranger.body).toMatchObject({ code: Code.FORBIDDEN, msg: Msg.FORBIDDEN });
    const visitor = await post(url, { content: '访客' });
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe(Code.UNAUTHORIZED);
    expect((await post('/api/reader/note/update/999999', { color: 'green' }, m.token)).status).toBe(404);

    const refusals: [object, string][] = [
      [{ content: '长'.repeat(5001) }, ReaderMsg.NOTE_TOO_LONG],
      [{ content: '好', color: 'orange' }, ReaderMsg.NOTE_COLOR],
      [{}, ReaderMsg.NOTE_NOTHING_TO_UPDATE],
    ];
    for (const [payload, msg] of refusals) {
      const res = await post(url, payload, m.token);
      expect(res.status, msg).toBe(400);
      expect(res.body).toMatchObject({ code: Code.REFUSED, msg });
    }
    // The limits are those of adding a note.
    const tooLong = await post(
      '/api/reader/note/add',
      { bookId, chapterId: chapters[0], quote: '学而', startOffset: 0, endOffset: 2, content: '长'.repeat(5001) },
      m.token,
    );
    expect(tooLong.body).toMatchObject({ code: Code.REFUSED, msg: ReaderMsg.NOTE_TOO_LONG });
    expectOk(await post<ReaderNote>(url, { content: '长'.repeat(5000) }, m.token));
    expectOk(await post<ReaderNote>(url, { content: '第三遍' }, m.token));
    // Nothing refused was stored.
    expect(await detail()).toMatchObject([{ id: note.id, content: '第三遍', color: 'pink', quote: '有朋自远方来' }]);
  });

  it('re-anchors notes and the position after a changed edition is imported, and lists the lost ones as unplaced', async () => {
    const { identifier, bookId, chapters, m } = await setup();
    const add = (chapterId: number, quote: string, prefix: string, suffix: string, startOffset: number) =>
      post<ReaderNote>(
        '/api/reader/note/add',
        { bookId, chapterId, quote, prefix, suffix, startOffset, endOffset: startOffset + quote.length },
        m.token,
      );
    const kept = expectOk(await add(chapters[1]!, '可以为师矣', '温故而知新，', '', 6));
    const lost = expectOk(await add(chapters[1]!, '是知也', '不知为不知，', '', 40));
    // The same words twice in chapter three: the suffix picks the second.
    const second = expectOk(await add(chapters[2]!, '人而不仁', '如礼何？', '，如乐何', 12));
    expectOk(
      await post(
        '/api/book/extend/leave',
        { bookId, chapterId: chapters[1], anchor: { quote: '学而不思', prefix: '', offset: 14 } },
        m.token,
      ),
    );

    const next = await importBook(t.ctx, buildEpub(identifier, '论语选读', SECOND), { bookId });
    expect(next).toMatchObject({ bookId, edition: 2 });
    const newChapters = await t.ctx.db
      .selectFrom('book_chapters')
      .select(['id', 'text'])
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
    const notes = expectOk(await get<ReaderNote[]>(`/api/reader/note/detail?bookId=${bookId}`, m.token));
    const byId = new Map(notes.map((n) => [n.id, n]));
    expect(byId.get(kept.id)).toMatchObject({
      chapterId: newChapters[2]!.id,
      orphan: false,
      chapterTitle: '第二章 为政（修订）',
    });
    expect(byId.get(second.id)).toMatchObject({ chapterId: newChapters[3]!.id, orphan: false });
    const text = newChapters[3]!.text.replace(/\s+/g, ' ');
    expect(byId.get(second.id)!.startOffset).toBe(text.lastIndexOf('人而不仁'));
    expect(byId.get(lost.id)).toMatchObject({ orphan: true, quote: '是知也' });
    expect(notes.at(-1)!.id).toBe(lost.id);
    const position = expectOk(await get<ReadingPosition>(`/api/book/extend/getPosition?bookId=${bookId}`, m.token));
    expect(position.chapterId).toBe(newChapters[2]!.id);

    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/reader/note/export',
      payload: { bookId, type: 1 },
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(exported.headers['content-type']).toContain('text/plain');
    expect(exported.body).toContain('## 未能定位的笔记');
    expect(exported.body).toContain('> 可以为师矣');

    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/reader/note/export',
      payload: { bookId, type: 2 },
      headers: { authorization: `Bearer ${m.token}` },
    });
    if (cjkFont()) {
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.rawPayload.length).toBeGreaterThan(2000);
    } else {
      expect(pdf.json()).toMatchObject({ code: Code.REFUSED, msg: NO_CJK_FONT });
    }
  });

  it('locates a quote by its context, ignoring re-flowed whitespace', () => {
    const text = '甲乙丙。\n  甲乙丙丁。甲乙丙戊。';
    expect(locate(text, { quote: '甲乙丙', prefix: '', suffix: '戊', startOffset: 0 })).toEqual({ start: 10, end: 13 });
    expect(locate(text, { quote: '甲乙丙', prefix: '', suffix: '', startOffset: 6 })).toEqual({ start: 5, end: 8 });
    expect(locate(text, { quote: '庚', prefix: '', suffix: '', startOffset: 0 })).toBeNull();
  });

  it('translates a word both ways from the offline dictionary and says when no sentence provider is configured', async () => {
    const { m } = await setup();
    const zh = expectOk(await get<TransResult>(`/api/reader/trans?text=${encodeURIComponent('图书馆')}`, m.token));
    expect(zh.kind).toBe('word');
    expect(zh.entries[0]!.english.join(' ')).toMatch(/library/);
    const en = expectOk(await get<TransResult>('/api/reader/trans?text=library', m.token));
    expect(en.entries.map((e) => e.simplified)).toContain('图书馆');
    expect(en.entries[0]).toMatchObject({ simplified: 'library' });
    expect(en.entries[0]!.english.join(' ')).toMatch(/图书馆/);
    const sentence = expectOk(
      await get<TransResult>(`/api/reader/trans?text=${encodeURIComponent('学而时习之，不亦说乎。')}`, m.token),
    );
    expect(sentence).toMatchObject({ kind: 'sentence', translation: null, message: ReaderMsg.NO_PROVIDER });
    expect(sentence.entries.length).toBeGreaterThan(0);
    // The dictionary loads in its worker thread (at a lower priority) on the first look-up in tests.
  }, 120_000);

  it('looks English words up in ECDICT with their lemma (insular, cats → cat, running → run)', async () => {
    const { m } = await setup();
    const insular = expectOk(await get<TransResult>('/api/reader/trans?text=insular', m.token));
    expect(insular).toMatchObject({ kind: 'word', provider: 'ecdict' });
    expect(insular.entries[0]).toMatchObject({ simplified: 'insular' });
    expect(insular.entries[0]!.english.join(' ')).toMatch(/岛/);
    const cats = expectOk(await get<TransResult>('/api/reader/trans?text=Cats', m.token));
    expect(cats.entries[0]).toMatchObject({ simplified: 'cat' });
    expect(cats.entries[0]!.english.join(' ')).toMatch(/猫/);
    const running = expectOk(await get<TransResult>('/api/reader/trans?text=running', m.token));
    expect(running.entries.map((e) => e.simplified).slice(0, 2)).toEqual(['run', 'running']);
    // A regular form ECDICT does not list is taken back to its base form.
    const unknown = expectOk(await get<TransResult>('/api/reader/trans?text=xqzt', m.token));
    expect(unknown.entries).toEqual([]);
  }, 120_000);
});
