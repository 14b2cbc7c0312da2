import { describe, expect, it } from 'vitest';
import type { BookAccess, Paged, ShelfBook } from '@textbook/contracts';
import { buildCollege, buildMember } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { buildEpub, importBook, tempDataDir } from '../../../test/reader-fixtures.js';
import { grantShelfEntry } from './index.js';

/**
 * Issue 30 item 15: the book detail shows an owned book as owned. `readAccess` (the one read decision) answers
 * where the member stopped reading, so the page offers 开始阅读 then 继续阅读; the shelf takes the same decision.
 */
describe('an owned book as the book detail and the shelf show it', () => {
  const t = useTestApp({ dataDir: tempDataDir() });

  it('readAccess: readable and on the shelf, no chapter read yet, then the chapter the member stopped in', async () => {
    const { bookId } = await importBook(
      t.ctx,
      buildEpub(`urn:test:read-look:${Date.now()}`, '拥有之书', [
        { title: '第一章', body: '<p>第一章的正文。</p>' },
        { title: '第二章', body: '<p>第二章的正文。</p>' },
      ]),
    );
    const chapters = await t.ctx.db
      .selectFrom('book_chapters')
      .select('id')
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
    const m = await buildMember(t.ctx.db);
    const access = async () =>
      expectOk(await call<BookAccess>(t.app, { url: `/api/book/readAccess?bookId=${bookId}`, token: m.token }));

    expect(await access()).toMatchObject({ readable: false, onShelf: false, lastChapterId: null });
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId, source: 'purchase', sourceRef: 1 });
    expect(await access()).toMatchObject({ readable: true, onShelf: true, lastChapterId: null });
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/book/extend/leave',
        token: m.token,
        payload: { bookId, chapterId: chapters[1]!.id, progress: 0, seconds: 5 },
      }),
    );
    expect(await access()).toMatchObject({ readable: true, lastChapterId: chapters[1]!.id });
  });

  it('the shelf asks to switch exactly when the read decision does (another college of the member)', async () => {
    const { bookId } = await importBook(
      t.ctx,
      buildEpub(`urn:test:read-look:college:${Date.now()}`, '学院之书', [{ title: '一', body: '<p>正文。</p>' }]),
    );
    const here = await buildCollege(t.ctx.db);
    const there = await buildCollege(t.ctx.db);
    const m = await buildMember(t.ctx.db, { college: here, roles: '3' });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: m.id,
      bookId,
      source: 'authorization',
      sourceRef: 1,
      collegeId: there.id,
    });
    const access = expectOk(
      await call<BookAccess>(t.app, { url: `/api/book/readAccess?bookId=${bookId}`, token: m.token }),
    );
    const shelf = expectOk(
      await call<Paged<ShelfBook>>(t.app, { url: '/api/shelfBook/page?pageSize=50', token: m.token }),
    );
    const row = shelf.rows.find((r) => r.id === bookId)!;
    expect(access).toMatchObject({ readable: false, reason: 'otherCollege', collegeId: there.id });
    expect(row).toMatchObject({ otherCollegeId: there.id, otherCollegeName: there.name });
  });
});
