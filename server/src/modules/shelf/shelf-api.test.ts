import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { Code, ReaderMsg, type BookAccess, type CollectBook, type Paged, type ShelfBook } from '@textbook/contracts';
import { buildCollege, buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { buildEpub, importBook, tempDataDir } from '../../../test/reader-fixtures.js';
import { grantShelfEntry } from './index.js';

describe('shelf and favourites API', () => {
  const t = useTestApp({ dataDir: tempDataDir() });
  let seq = 0;

  async function book(title: string, price = 0, published = true): Promise<number> {
    seq += 1;
    const bytes = buildEpub(`urn:test:shelf:${seq}:${Date.now()}`, title, [
      { title: '第一章', body: '<p>一</p>' },
      { title: '第二章', body: '<p>二</p>' },
    ]);
    return (await importBook(t.ctx, bytes, { price, published })).bookId;
  }

  const post = <T>(url: string, payload: object, token?: string) =>
    call<T>(t.app, { method: 'POST', url, payload, token });
  const get = <T>(url: string, token?: string) => call<T>(t.app, { method: 'GET', url, token });

  it('asks a visitor to log in and refuses staff on every member route', async () => {
    const b = await book('免费书');
    const staff = await buildStaff(t.ctx.db);
    for (const url of [
      '/api/book/shelfBook',
      '/api/shelfBook/deleteOnDetail',
      '/api/book/markBook',
      '/api/book/cancelStar',
    ]) {
      expect((await post(url, { bookId: b })).status, url).toBe(401);
      expect((await post(url, { bookId: b }, staff.token)).status, url).toBe(403);
    }
    expect((await get('/api/shelfBook/page')).status).toBe(401);
    expect((await get('/api/bookCollect/page')).status).toBe(401);
  });

  it('tells each caller what it may do with a book: a teacher may ask for a sample, others may not', async () => {
    const free = await book('能力测试');
    const c = await buildCollege(t.ctx.db);
    const teacher = await buildMember(t.ctx.db, { college: c, roles: '2' });
    const student = await buildMember(t.ctx.db, { college: c, roles: '3' });
    const abilities = async (token?: string) =>
      expectOk(await get<BookAccess>(`/api/book/readAccess?bookId=${free}`, token)).abilities;
    expect(await abilities(teacher.token)).toEqual({ canAskSample: true, canTeach: true, canAddFree: true });
    expect(await abilities(student.token)).toEqual({ canAskSample: false, canTeach: false, canAddFree: true });
    expect(await abilities()).toEqual({ canAskSample: false, canTeach: false, canAddFree: false });
    expect(await abilities((await buildStaff(t.ctx.db)).token)).toEqual({
      canAskSample: false,
      canTeach: false,
      canAddFree: false,
    });
  });

  it('adds a free book once, refuses a paid one, and removes only what the member added', async () => {
    const free = await book('免费的高等数学');
    const paid = await book('付费的线性代数', 3900);
    const m = await buildMember(t.ctx.db);
    expect((await post('/api/book/shelfBook', { bookId: free }, m.token)).body.msg).toBe(ReaderMsg.ADDED_TO_SHELF);
    expectOk(await post('/api/book/shelfBook', { bookId: free }, m.token));
    expectRefused(await post('/api/book/shelfBook', { bookId: paid }, m.token), ReaderMsg.NOT_FREE);
    const unpublished = await book('未发布', 0, false);
    expect((await post('/api/book/shelfBook', { bookId: unpublished }, m.token)).status).toBe(404);

    let page = expectOk(await get<Paged<ShelfBook>>('/api/shelfBook/page', m.token));
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ id: free, sources: ['free'], expiresAt: null, progress: 0 });

    const removed = await post<{ removed: boolean; remaining: number }>(
      '/api/shelfBook/deleteOnDetail',
      { bookId: free },
      m.token,
    );
    expect(expectOk(removed)).toEqual({ removed: true, remaining: 0 });
    page = expectOk(await get<Paged<ShelfBook>>('/api/shelfBook/page', m.token));
    expect(page.total).toBe(0);
  });

  it('keeps a class grant on the shelf when the member removes the book', async () => {
    const b = await book('班级教材', 5000);
    const c = await buildCollege(t.ctx.db);
    const m = await buildMember(t.ctx.db, { college: c, roles: '3' });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: m.id,
      bookId: b,
      source: 'class',
      sourceRef: 4,
      collegeId: c.id,
    });
    const r = await post<{ removed: boolean; remaining: number }>(
      '/api/shelfBook/deleteOnDetail',
      { bookId: b },
      m.token,
    );
    expect(r.body.msg).toBe(ReaderMsg.KEPT_ON_SHELF);
    expect(expectOk(r)).toEqual({ removed: false, remaining: 1 });
  });

  it('lists the shelf with sources, expiry, another college, filters and paging; never another member’s books', async () => {
    const home = await buildCollege(t.ctx.db);
    const other = await buildCollege(t.ctx.db, '理学院');
    const m = await buildMember(t.ctx.db, { college: home, roles: '3' });
    const someoneElse = await buildMember(t.ctx.db);
    const a = await book('甲 数据结构', 100);
    const b = await book('乙 操作系统', 100);
    const c = await book('丙 编译原理', 100);
    const gone = await book('丁 过期的书', 100);
    const until = Date.now() + 86_400_000;
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId: a, source: 'purchase', sourceRef: 1 });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: m.id,
      bookId: b,
      source: 'sample',
      sourceRef: 2,
      collegeId: home.id,
      expiresAt: until,
    });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: m.id,
      bookId: c,
      source: 'class',
      sourceRef: 3,
      collegeId: other.id,
    });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: m.id,
      bookId: gone,
      source: 'sample',
      sourceRef: 4,
      expiresAt: Date.now() - 1,
    });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: someoneElse.id,
      bookId: gone,
      source: 'purchase',
      sourceRef: 5,
    });

    const all = expectOk(await get<Paged<ShelfBook>>('/api/shelfBook/page?pageSize=2', m.token));
    expect(all.total).toBe(3);
    expect(all.rows).toHaveLength(2);
    const second = expectOk(await get<Paged<ShelfBook>>('/api/shelfBook/page?pageSize=2&pageNum=2', m.token));
    const rows = [...all.rows, ...second.rows];
    expect(rows.map((r) => r.id).sort()).toEqual([a, b, c].sort());
    expect(rows.find((r) => r.id === b)).toMatchObject({
      sources: ['sample'],
      expiresAt: until,
      otherCollegeName: null,
    });
    expect(rows.find((r) => r.id === c)).toMatchObject({ otherCollegeName: '理学院' });

    const samples = expectOk(await get<Paged<ShelfBook>>('/api/shelfBook/page?source=sample', m.token));
    expect(samples.rows.map((r) => r.id)).toEqual([b]);
    const keyword = expectOk(
      await get<Paged<ShelfBook>>(`/api/shelfBook/page?keyword=${encodeURIComponent('编译')}`, m.token),
    );
    expect(keyword.rows.map((r) => r.id)).toEqual([c]);
  });

  it('stars and unstars a book, pages favourites and exports them as a spreadsheet (type 0)', async () => {
    const m = await buildMember(t.ctx.db);
    const ids: number[] = [];
    for (const title of ['收藏一', '收藏二', '收藏三']) ids.push(await book(title, 990));
    for (const id of ids)
      expect((await post('/api/book/markBook', { bookId: id }, m.token)).body.msg).toBe(ReaderMsg.STARRED);
    expectOk(await post('/api/book/markBook', { bookId: ids[0] }, m.token));
    expect((await post('/api/book/cancelStar', { bookId: ids[1] }, m.token)).body.msg).toBe(ReaderMsg.UNSTARRED);

    const page1 = expectOk(await get<Paged<CollectBook>>('/api/bookCollect/page?pageSize=1', m.token));
    expect(page1.total).toBe(2);
    expect(page1.rows.map((r) => r.title)).toEqual(['收藏三']);
    const other = await buildMember(t.ctx.db);
    expect(expectOk(await get<Paged<CollectBook>>('/api/bookCollect/page', other.token)).total).toBe(0);

    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/bookCollect/export',
      payload: { type: 0 },
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('我的收藏')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('书名');
    const titles = [sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value];
    expect(titles).toEqual(['收藏三', '收藏一']);
    expect(sheet.getRow(2).getCell(5).value).toBe(9.9);
    expect((await post('/api/bookCollect/export', { type: 0 })).body.code).toBe(Code.UNAUTHORIZED);
  });
});
