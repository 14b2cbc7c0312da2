import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BookAdminMsg,
  type AdminBookListDetail,
  type AdminBookListRow,
  type AdminBookRow,
  type AuditRow,
  type BookDetail,
  type BookEditions,
  type ImportJob,
  type Paged,
  type SectionNode,
} from '@textbook/contracts';
import { buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { multipart } from '../../../test/multipart.js';
import { buildEpub, tempDataDir } from '../../../test/reader-fixtures.js';
import { waitForJob } from '../import/index.js';

/**
 * The staff's book editing in the console (issue 19): every metadata field, a cover upload, free chapters picked
 * from the table of contents, book lists with all their books, and editions (a new EPUB for a chosen book);
 * editors may, finance and reviewers may not; every change is in the audit log; bad input says why (never 500).
 */
const dataDir = tempDataDir();
const t = useTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
let editor: { id: number; token: string };
let finance: { id: number; token: string };
let reviewer: { id: number; token: string };
let chief: { id: number; token: string };

const chapters = [1, 2, 3].map((n) => ({ title: `第${n}章`, body: `<p>第${n}章的内容。</p>` }));

async function upload(token: string, bytes: Uint8Array, name: string, fields: Record<string, string> = {}) {
  const { jobId } = expectOk(
    await call<{ jobId: number }>(t.app, {
      method: 'POST',
      url: '/api/admin/book/import',
      token,
      ...multipart({ bytes, name, type: 'application/epub+zip' }, fields),
    }),
  );
  await waitForJob(t.ctx, jobId);
  return expectOk(await call<ImportJob>(t.app, { url: `/api/admin/book/import/job/${jobId}`, token }));
}

async function auditOf(action: string, target: number) {
  const log = expectOk(
    await call<Paged<AuditRow>>(t.app, {
      url: `/api/admin/audit/page?pageSize=100&keyword=${encodeURIComponent(action)}`,
      token: chief.token,
    }),
  );
  return log.rows.filter((r) => r.target === String(target));
}

let bookId: number;

beforeAll(async () => {
  editor = await buildStaff(t.ctx.db, { roles: ['editor'] });
  finance = await buildStaff(t.ctx.db, { roles: ['finance'] });
  reviewer = await buildStaff(t.ctx.db, { roles: ['reviewer'] });
  chief = await buildStaff(t.ctx.db, { isAdmin: true, roles: [] });
  const job = await upload(editor.token, buildEpub('urn:test:admin-books:1', '管理测试', chapters), '管理测试.epub');
  expect(job.status).toBe('done');
  bookId = job.bookId!;
});

describe("the staff's book editing", () => {
  it('edits every metadata field (auto-approve for samples too); finance and reviewers may not', async () => {
    const subject = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/dict',
        token: editor.token,
        payload: { dictType: 'book_subject', label: '管理学' },
      }),
    ).id;
    const payload = {
      title: '管理学原理',
      authors: '张三, 李四',
      isbn: '978-7-111-11111-1',
      publisher: '示范大学出版社',
      subjectId: subject,
      price: 3990,
      description: '一本教材',
      recommended: true,
      sampleAutoApprove: true,
    };
    for (const who of [finance, reviewer]) {
      const res = await call(t.app, { method: 'PUT', url: `/api/admin/book/${bookId}`, token: who.token, payload });
      expect(res.status).toBe(403);
      const publish = await call(t.app, {
        method: 'POST',
        url: `/api/admin/book/${bookId}/publish`,
        token: who.token,
        payload: { published: true },
      });
      expect(publish.status).toBe(403);
    }
    expectOk(await call(t.app, { method: 'PUT', url: `/api/admin/book/${bookId}`, token: editor.token, payload }));
    const row = expectOk(
      await call<Paged<AdminBookRow>>(t.app, {
        url: '/api/admin/book/page?keyword=9787111111111',
        token: editor.token,
      }),
    ).rows[0]!;
    expect(row).toMatchObject({
      title: '管理学原理',
      subjectName: '管理学',
      price: 39.9,
      recommended: true,
      sampleAutoApprove: true,
    });
    // The staff's list filters by a subject (with the subjects below it).
    const bySubject = expectOk(
      await call<Paged<AdminBookRow>>(t.app, { url: `/api/admin/book/page?subjectId=${subject}`, token: editor.token }),
    );
    expect(bySubject.rows.map((r) => r.id)).toEqual([bookId]);
    expect((await call(t.app, { url: '/api/admin/book/page?subjectId=x', token: editor.token })).status).toBe(400);
    const audit = await auditOf('book.manage', bookId);
    expect(audit[0]!.before).toContain('"sample_auto_approve":0');
    expect(audit[0]!.after).toContain('"sampleAutoApprove":true');

    // Bad input: a clear 400, never 500.
    const put = (body: object) =>
      call(t.app, { method: 'PUT', url: `/api/admin/book/${bookId}`, token: editor.token, payload: body });
    expectRefused(await put({ title: ' ' }), '请输入书名');
    expect((await put({ price: -1 })).status).toBe(400);
    expect((await put({ sampleAutoApprove: 'yes' })).status).toBe(400);
    expectRefused(await put({ subjectId: 99_999_999 }), '请求参数不正确');
  });

  it('takes a cover image by its content; anything else is refused with the reason', async () => {
    const send = (token: string, bytes: Uint8Array, name: string) =>
      call<{ cover: string }>(t.app, {
        method: 'POST',
        url: `/api/admin/book/${bookId}/cover`,
        token,
        ...multipart({ bytes, name, type: 'image/png' }),
      });
    expect((await send(finance.token, PNG, 'c.png')).status).toBe(403);
    expectRefused(await send(editor.token, Buffer.from('not an image at all'), 'c.png'), BookAdminMsg.COVER_TYPE);
    expectRefused(
      await call(t.app, { method: 'POST', url: `/api/admin/book/${bookId}/cover`, token: editor.token, payload: {} }),
      BookAdminMsg.COVER_TYPE,
    );
    const { cover } = expectOk(await send(editor.token, PNG, 'c.png'));
    expect(cover).toMatch(/^\/api\/book\/asset\/[\w-]+\.png$/);
    const detail = expectOk(await call<BookDetail>(t.app, { url: `/api/book/detail/${bookId}`, token: editor.token }));
    expect(detail.cover).toBe(cover);
    // Published, the new cover is public.
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: `/api/admin/book/${bookId}/publish`,
        token: editor.token,
        payload: { published: true },
      }),
    );
    const image = await t.app.inject({ url: cover });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/png');
    expect((await auditOf('book.manage', bookId)).some((r) => r.url.endsWith('/cover'))).toBe(true);
  });

  it('sets the free chapters picked from the table of contents, and logs the ones before', async () => {
    const tree = expectOk(
      await call<SectionNode[]>(t.app, { url: `/api/book/sectionTree?bookId=${bookId}`, token: editor.token }),
    );
    expect(tree.map((n) => n.free)).toEqual([true, false, false]);
    const picked = [tree[1]!.chapterId!, tree[2]!.chapterId!];
    expectOk(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/book/${bookId}/freeChapters`,
        token: editor.token,
        payload: { chapterIds: picked },
      }),
    );
    const after = expectOk(await call<SectionNode[]>(t.app, { url: `/api/book/sectionTree?bookId=${bookId}` }));
    expect(after.map((n) => n.free)).toEqual([false, true, true]);
    const row = (await auditOf('book.manage', bookId)).find((r) => r.url.endsWith('/freeChapters'))!;
    expect(row.before).toContain(`"freeChapterIds":[${tree[0]!.chapterId}]`);
    expectRefused(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/book/${bookId}/freeChapters`,
        token: editor.token,
        payload: { chapterIds: [99_999_999] },
      }),
      '请求参数不正确',
    );
  });

  it('lists every book list for the staff and edits one with all its books, unpublished ones kept', async () => {
    const hidden = await upload(editor.token, buildEpub('urn:test:admin-books:2', '未发布的书', chapters), 'h.epub');
    const ids = [bookId, hidden.bookId!];
    const made = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/booklist',
        token: editor.token,
        payload: { name: '草稿书单', bookIds: ids, published: false },
      }),
    );
    const page = expectOk(
      await call<Paged<AdminBookListRow>>(t.app, {
        url: `/api/admin/booklist/page?keyword=${encodeURIComponent('草稿')}`,
        token: editor.token,
      }),
    );
    expect(page.rows[0]).toMatchObject({ id: made.id, published: false, bookCount: 2 });
    // The public list does not show it.
    expect((await call(t.app, { url: `/api/booklist/detail/${made.id}` })).status).toBe(404);
    const detail = expectOk(
      await call<AdminBookListDetail>(t.app, { url: `/api/admin/booklist/${made.id}`, token: editor.token }),
    );
    expect(detail.books.map((b) => [b.id, b.published])).toEqual([
      [bookId, true],
      [hidden.bookId, false],
    ]);
    // Reordered and published.
    expectOk(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/booklist/${made.id}`,
        token: editor.token,
        payload: { name: '草稿书单', bookIds: [...ids].reverse(), published: true },
      }),
    );
    const again = expectOk(
      await call<AdminBookListDetail>(t.app, { url: `/api/admin/booklist/${made.id}`, token: editor.token }),
    );
    expect(again.books.map((b) => b.id)).toEqual([...ids].reverse());
    const audit = await auditOf('book.manage', made.id);
    expect(audit.find((r) => r.method === 'PUT')!.before).toContain(`"bookIds":[${ids.join(',')}]`);
    expect((await call(t.app, { url: '/api/admin/booklist/page', token: finance.token })).status).toBe(403);
    expect((await call(t.app, { url: '/api/admin/booklist/99999999', token: editor.token })).status).toBe(404);
    expect((await call(t.app, { url: '/api/admin/booklist/page?sort=nope', token: editor.token })).status).toBe(400);
  });

  it("adds a new edition from an EPUB chosen for the book and lists the book's editions", async () => {
    const other = await upload(editor.token, buildEpub('urn:test:admin-books:3', '另一本书', chapters), 'o.epub');
    // A file with another identifier becomes this book's second edition (the book takes its identifier).
    const second = await upload(
      editor.token,
      buildEpub('urn:test:admin-books:1b', '管理学原理（第二版）', chapters.slice(0, 2)),
      '第二版.epub',
      { bookId: String(bookId) },
    );
    expect(second).toMatchObject({ status: 'done', bookId });
    expect(second.message).toContain('已更新为新版本');
    const editions = expectOk(
      await call<BookEditions>(t.app, { url: `/api/admin/book/${bookId}/editions`, token: editor.token }),
    );
    expect(editions).toMatchObject({ bookId, edition: 2, identifier: 'urn:test:admin-books:1b' });
    expect(editions.rows.map((r) => [r.edition, r.fileName])).toEqual([
      [2, '第二版.epub'],
      [1, '管理测试.epub'],
    ]);
    expect(editions.rows[0]!.staffName).not.toBe('');
    // The same file again without a chosen book is a new book: only the staff member's choice makes an edition.
    const again = await upload(
      editor.token,
      buildEpub('urn:test:admin-books:1b', '管理学原理（第二版）', chapters),
      '第二版.epub',
    );
    expect(again).toMatchObject({ status: 'done' });
    expect(again.bookId).not.toBe(bookId);
    // A file whose identifier is another book's becomes the chosen book's edition: the staff member decided.
    const shared = await upload(editor.token, buildEpub('urn:test:admin-books:3', '另一本书', chapters), 'o2.epub', {
      bookId: String(bookId),
    });
    expect(shared).toMatchObject({ status: 'done', bookId });
    expect(other.bookId).not.toBe(bookId);
    expect((await call(t.app, { url: `/api/admin/book/${bookId}/editions`, token: finance.token })).status).toBe(403);
    expect((await call(t.app, { url: '/api/admin/book/99999999/editions', token: editor.token })).status).toBe(404);
  });
});
