import { describe, expect, it } from 'vitest';
import { Code, Msg, type BookAccess, type ChapterContent } from '@textbook/contracts';
import { buildCollege, buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { buildEpub, importBook, tempDataDir } from '../../../test/reader-fixtures.js';
import type { ShelfSource } from '../../db/tables/shelf.js';
import { grantShelfEntry } from './service.js';
import { switchCollege } from '../account/service.js';

const ASSET = /\/api\/book\/asset\/([\w.-]+)/g;

describe('who may read a book (one decision for reader, assets, shelf and detail)', () => {
  const t = useTestApp({ dataDir: tempDataDir() });
  let seq = 0;

  /** A published book: chapter 1 free with free.png; chapters 2 and 3 not, chapter 2 with paid.png. */
  async function book(options: { published?: boolean; price?: number } = {}) {
    seq += 1;
    const bytes = buildEpub(`urn:test:access:${seq}:${Date.now()}`, `访问测试${seq}`, [
      { title: '第一章 试读', body: '<p>免费的文字。</p><img src="images/free.png" alt="f"/>' },
      { title: '第二章 正文', body: '<p>需要授权的文字。</p><img src="images/paid.png" alt="p"/>' },
      { title: '第三章 正文', body: '<p>第三章的文字。</p>' },
    ]);
    const result = await importBook(t.ctx, bytes, { published: options.published ?? true, price: options.price ?? 0 });
    const chapters = await t.ctx.db
      .selectFrom('book_chapters')
      .select(['id', 'html', 'free'])
      .where('book_id', '=', result.bookId)
      .orderBy('seq')
      .execute();
    const cover = await t.ctx.db
      .selectFrom('books')
      .select('cover')
      .where('id', '=', result.bookId)
      .executeTakeFirstOrThrow();
    const assets = (html: string) => [...html.matchAll(ASSET)].map((m) => m[1]!);
    const css = await t.ctx.db
      .selectFrom('book_assets')
      .select('name')
      .where('book_id', '=', result.bookId)
      .where('media_type', '=', 'text/css')
      .executeTakeFirstOrThrow();
    return {
      id: result.bookId,
      free: chapters[0]!.id,
      paid: chapters[1]!.id,
      third: chapters[2]!.id,
      freeImage: assets(chapters[0]!.html)[0]!,
      paidImage: assets(chapters[1]!.html)[0]!,
      cover: cover.cover,
      css: css.name,
    };
  }

  const chapter = (bookId: number, chapterId: number, token?: string) =>
    call<ChapterContent>(t.app, {
      method: 'GET',
      url: `/api/book/chapter?bookId=${bookId}&chapterId=${chapterId}`,
      token,
    });
  const asset = (name: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/book/asset/${name}`, headers });

  it('serves a free-preview chapter to a visitor and asks them to log in for the next', async () => {
    const b = await book();
    const free = expectOk(await chapter(b.id, b.free));
    expect(free.html).toContain('免费的文字');
    expect(free.nextId).toBe(b.paid);
    const next = await chapter(b.id, b.paid);
    expect(next.status).toBe(401);
    expect(next.body.code).toBe(Code.UNAUTHORIZED);
    expect(JSON.stringify(next.body)).not.toContain('需要授权的文字');
  });

  it('refuses a member without a shelf entry (403) and never sends the text', async () => {
    const b = await book();
    const m = await buildMember(t.ctx.db);
    const r = await chapter(b.id, b.paid, m.token);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(Code.FORBIDDEN);
    expect(JSON.stringify(r.body)).not.toContain('需要授权的文字');
    expectOk(await chapter(b.id, b.free, m.token));
  });

  const sources: { source: ShelfSource; college: boolean }[] = [
    { source: 'purchase', college: false },
    { source: 'free', college: false },
    { source: 'sample', college: true },
    { source: 'authorization', college: true },
    { source: 'class', college: true },
  ];
  for (const { source, college } of sources) {
    it(`opens every chapter through a ${source} entry, and not after it expired`, async () => {
      const b = await book();
      const c = await buildCollege(t.ctx.db);
      const m = await buildMember(t.ctx.db, { college: c, roles: '3' });
      await grantShelfEntry(t.ctx, t.ctx.db, {
        memberId: m.id,
        bookId: b.id,
        source,
        sourceRef: 11,
        collegeId: college ? c.id : null,
        expiresAt: Date.now() + 60_000,
      });
      expect(expectOk(await chapter(b.id, b.paid, m.token)).html).toContain('需要授权的文字');
      expectOk(await chapter(b.id, b.third, m.token));
      const access = expectOk(
        await call<BookAccess>(t.app, { method: 'GET', url: `/api/book/readAccess?bookId=${b.id}`, token: m.token }),
      );
      expect(access).toMatchObject({ readable: true, onShelf: true, sources: [source] });

      await grantShelfEntry(t.ctx, t.ctx.db, {
        memberId: m.id,
        bookId: b.id,
        source,
        sourceRef: 11,
        collegeId: college ? c.id : null,
        expiresAt: Date.now() - 1,
      });
      expect((await chapter(b.id, b.paid, m.token)).status).toBe(403);
      expect((await asset(b.paidImage, { authorization: `Bearer ${m.token}` })).statusCode).toBe(403);
    });
  }

  it('answers 502 with 请切换至{college}后使用。 for an entry of another college, until the member switches', async () => {
    const b = await book();
    const home = await buildCollege(t.ctx.db);
    const other = await buildCollege(t.ctx.db, '外国语学院');
    const m = await buildMember(t.ctx.db, { college: home, roles: '3' });
    await t.ctx.db
      .insertInto('college_members')
      .values({ college_id: other.id, member_id: m.id, roles: '3', created_at: Date.now() })
      .execute();
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: m.id,
      bookId: b.id,
      source: 'class',
      sourceRef: 5,
      collegeId: other.id,
    });
    const r = await chapter(b.id, b.paid, m.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      code: Code.OTHER_COLLEGE,
      msg: '请切换至外国语学院后使用。',
      data: { collegeId: other.id, collegeName: '外国语学院' },
    });
    expect(r.body.msg).toBe(Msg.OTHER_COLLEGE('外国语学院'));
    expect(JSON.stringify(r.body)).not.toContain('需要授权的文字');
    const imageRefused = await asset(b.paidImage, { authorization: `Bearer ${m.token}` });
    expect(imageRefused.json()).toMatchObject({ code: Code.OTHER_COLLEGE });
    const access = expectOk(
      await call<BookAccess>(t.app, { method: 'GET', url: `/api/book/readAccess?bookId=${b.id}`, token: m.token }),
    );
    expect(access).toMatchObject({ readable: false, reason: 'otherCollege', collegeName: '外国语学院' });

    // The college switcher (the signed-in session now acts in the other college at once).
    await switchCollege(t.ctx, m.id, other.id);
    expect(expectOk(await chapter(b.id, b.paid, m.token)).html).toContain('需要授权的文字');
  });

  it('opens the book when one entry is of the current college even if another is not', async () => {
    const b = await book();
    const home = await buildCollege(t.ctx.db);
    const other = await buildCollege(t.ctx.db);
    const m = await buildMember(t.ctx.db, { college: home, roles: '3' });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: m.id,
      bookId: b.id,
      source: 'class',
      sourceRef: 1,
      collegeId: other.id,
    });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: m.id,
      bookId: b.id,
      source: 'authorization',
      sourceRef: 2,
      collegeId: home.id,
    });
    expectOk(await chapter(b.id, b.paid, m.token));
  });

  it('hides an unpublished book from members with an entry, but staff read it', async () => {
    const b = await book({ published: false });
    const m = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId: b.id, source: 'purchase', sourceRef: 3 });
    expect((await chapter(b.id, b.paid, m.token)).status).toBe(404);
    expect((await chapter(b.id, b.free, m.token)).status).toBe(404);
    expect((await asset(b.freeImage)).statusCode).toBe(404);
    const staff = await buildStaff(t.ctx.db);
    expectOk(await chapter(b.id, b.paid, staff.token));
  });

  it('never sends a paid chapter image to a visitor or a member without an entry, even by its exact URL', async () => {
    const b = await book();
    const visitor = await asset(b.paidImage);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['content-type']).toContain('application/json');
    const stranger = await buildMember(t.ctx.db);
    expect((await asset(b.paidImage, { authorization: `Bearer ${stranger.token}` })).statusCode).toBe(403);
    expect((await asset(b.paidImage, { cookie: `Book-Token=${stranger.token}` })).statusCode).toBe(403);
    expect((await asset('00000000-0000-4000-8000-000000000000.png')).statusCode).toBe(404);
  });

  it('serves a paid image to a reader by cookie (as the browser loads it), never to shared caches', async () => {
    const b = await book();
    const m = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId: b.id, source: 'purchase', sourceRef: 9 });
    const byCookie = await asset(b.paidImage, { cookie: `other=1; Book-Token=${encodeURIComponent(m.token)}` });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['content-type']).toBe('image/png');
    expect(byCookie.headers['cache-control']).toMatch(/^private/);
    expect((await asset(b.paidImage, { authorization: `Bearer ${m.token}` })).statusCode).toBe(200);
  });

  it('serves the cover, free-chapter images and the stylesheet to everyone, cacheable', async () => {
    const b = await book();
    for (const name of [b.cover, b.freeImage, b.css]) {
      const r = await asset(name);
      expect(r.statusCode, name).toBe(200);
      expect(r.headers['cache-control']).toMatch(/^public/);
    }
  });

  it('tells the book-detail page why a visitor or a member may not read', async () => {
    const b = await book({ price: 1200 });
    const visitor = expectOk(
      await call<BookAccess>(t.app, { method: 'GET', url: `/api/book/readAccess?bookId=${b.id}` }),
    );
    expect(visitor).toMatchObject({ readable: false, reason: 'login', onShelf: false, canAddFree: false });
    const m = await buildMember(t.ctx.db);
    const member = expectOk(
      await call<BookAccess>(t.app, { method: 'GET', url: `/api/book/readAccess?bookId=${b.id}`, token: m.token }),
    );
    expect(member).toMatchObject({ readable: false, reason: 'noGrant', starred: false, canAddFree: false });
  });
});
