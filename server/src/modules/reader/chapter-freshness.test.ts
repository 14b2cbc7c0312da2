import { describe, expect, it } from 'vitest';
import { Code, type ChapterContent } from '@textbook/contracts';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { buildEpub, importBook, tempDataDir } from '../../../test/reader-fixtures.js';
import { grantShelfEntry, revokeShelfEntry } from '../shelf/index.js';

/**
 * The chapter API answers from memory (caller, chapter flags, grants: read-cache.ts). Each test first has the
 * answer cached, then makes the write through the product, and expects the very next request to follow it.
 */
describe('GET /api/book/chapter follows every write at once, though answered from memory', () => {
  const t = useTestApp({ dataDir: tempDataDir() });
  let seq = 0;

  async function book() {
    seq += 1;
    const { bookId } = await importBook(
      t.ctx,
      buildEpub(`urn:test:fresh:${seq}:${Date.now()}`, `新鲜${seq}`, [
        { title: '一', body: '<p>试读的文字。</p>' },
        { title: '二', body: '<p>正文的文字。</p>' },
      ]),
      { published: true, freeChapters: 1 },
    );
    const [free, paid] = await t.ctx.db
      .selectFrom('book_chapters')
      .select('id')
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
    return { id: bookId, free: free!.id, paid: paid!.id };
  }

  const chapter = (bookId: number, chapterId: number, token?: string, headers: Record<string, string> = {}) =>
    call<ChapterContent>(t.app, {
      method: 'GET',
      url: `/api/book/chapter?bookId=${bookId}&chapterId=${chapterId}`,
      token,
      headers,
    });

  it('a grant opens the chapter and its revocation closes it, on the next request', async () => {
    const b = await book();
    const m = await buildMember(t.ctx.db);
    expect((await chapter(b.id, b.paid, m.token)).status).toBe(403);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId: b.id, source: 'class', sourceRef: 9 });
    expect(expectOk(await chapter(b.id, b.paid, m.token)).html).toContain('正文的文字');
    await revokeShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId: b.id, source: 'class', sourceRef: 9 });
    expect((await chapter(b.id, b.paid, m.token)).status).toBe(403);
  });

  it('a grant that expires stops opening the chapter when it expires', async () => {
    const b = await book();
    const m = await buildMember(t.ctx.db);
    const expiresAt = Date.now() + 400;
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId: b.id, source: 'sample', sourceRef: 1, expiresAt });
    expectOk(await chapter(b.id, b.paid, m.token));
    await new Promise((resolve) => setTimeout(resolve, expiresAt - Date.now() + 20));
    expect((await chapter(b.id, b.paid, m.token)).status).toBe(403);
  });

  it('unpublishing hides the book and changing the free chapters changes what a visitor reads', async () => {
    const b = await book();
    const staff = await buildStaff(t.ctx.db);
    expectOk(await chapter(b.id, b.free));
    expect((await chapter(b.id, b.paid)).status).toBe(401);

    expectOk(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/book/${b.id}/freeChapters`,
        token: staff.token,
        payload: { chapterIds: [b.paid] },
      }),
    );
    expect((await chapter(b.id, b.free)).status).toBe(401);
    expect(expectOk(await chapter(b.id, b.paid)).free).toBe(true);

    expectOk(
      await call(t.app, {
        method: 'POST',
        url: `/api/admin/book/${b.id}/publish`,
        token: staff.token,
        payload: { published: false },
      }),
    );
    expect((await chapter(b.id, b.paid)).status).toBe(404);
    // Staff still read an unpublished book.
    expectOk(await chapter(b.id, b.paid, staff.token));
  });

  it('a logged-out token and a disabled staff account are refused on the next request', async () => {
    const b = await book();
    const m = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId: b.id, source: 'purchase', sourceRef: 1 });
    expectOk(await chapter(b.id, b.paid, m.token));
    expectOk(await call(t.app, { method: 'POST', url: '/api/logout', token: m.token }));
    expect((await chapter(b.id, b.paid, m.token)).status).toBe(401);

    const admin = await buildStaff(t.ctx.db, { isAdmin: true });
    const editor = await buildStaff(t.ctx.db);
    expectOk(await chapter(b.id, b.paid, editor.token));
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/staff/update',
        token: admin.token,
        payload: { id: editor.id, disabled: true },
      }),
    );
    expect((await chapter(b.id, b.paid, editor.token)).status).toBe(401);
  });

  it('answers 304 to a browser that has the chapter, only after the read decision', async () => {
    const b = await book();
    const m = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId: b.id, source: 'purchase', sourceRef: 2 });
    const first = await chapter(b.id, b.paid, m.token);
    const etag = first.response.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.response.headers['cache-control']).toBe('private, no-cache');

    const again = await t.app.inject({
      method: 'GET',
      url: `/api/book/chapter?bookId=${b.id}&chapterId=${b.paid}`,
      headers: { authorization: `Bearer ${m.token}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Someone else with the same copy in the browser cache is refused, not told "not modified".
    const other = await buildMember(t.ctx.db);
    const refused = await chapter(b.id, b.paid, other.token, { 'if-none-match': etag });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(Code.FORBIDDEN);
  });
});
