import { describe, expect, it } from 'vitest';
import { Code, type SectionResource } from '@textbook/contracts';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { buildEpub, importBook, tempDataDir } from '../../../test/reader-fixtures.js';
import { grantShelfEntry } from '../shelf/index.js';

describe('section resources', () => {
  const t = useTestApp({ dataDir: tempDataDir() });

  it('lets staff attach resources to sections; readers see them by chapter, category and catalog', async () => {
    const { bookId } = await importBook(
      t.ctx,
      buildEpub(`urn:test:res:${Date.now()}`, '资源测试', [
        { title: '第一章', body: '<p>一</p>' },
        { title: '第二章', body: '<p>二</p>' },
      ]),
    );
    const [c1, c2] = (
      await t.ctx.db.selectFrom('book_chapters').select('id').where('book_id', '=', bookId).orderBy('seq').execute()
    ).map((c) => c.id);
    const staff = await buildStaff(t.ctx.db);
    const student = await buildMember(t.ctx.db);
    const attach = (body: object, token?: string) =>
      call<{ id: number }>(t.app, { method: 'POST', url: '/api/admin/reader/section/resource', payload: body, token });

    const video = {
      bookId,
      chapterId: c1,
      category: 'video',
      title: '导学视频',
      url: 'https://video.example.edu/1.mp4',
    };
    expect((await attach(video, student.token)).status).toBe(403);
    expect((await attach(video)).status).toBe(401);
    const bad = await attach({ ...video, url: 'javascript:alert(1)' }, staff.token);
    expect(bad.body).toMatchObject({ code: Code.REFUSED, msg: '资源地址须以 http:// 或 https:// 开头' });
    expectOk(await attach(video, staff.token));
    expectOk(
      await attach(
        { ...video, chapterId: c2, category: 'document', title: '习题', url: 'https://x.edu/a.pdf' },
        staff.token,
      ),
    );

    const chapter1 = expectOk(
      await call<SectionResource[]>(t.app, {
        method: 'GET',
        url: `/api/reader/section/resource/chapter?bookId=${bookId}&chapterId=${c1}`,
      }),
    );
    expect(chapter1.map((r) => r.title)).toEqual(['导学视频']);
    // Chapter two is not free: its resources are the reader's only.
    const refused = await call(t.app, {
      method: 'GET',
      url: `/api/reader/section/resource/chapter?bookId=${bookId}&chapterId=${c2}`,
      token: student.token,
    });
    expect(refused.status).toBe(403);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: student.id, bookId, source: 'purchase', sourceRef: 1 });
    const catalog = expectOk(
      await call<SectionResource[]>(t.app, {
        method: 'GET',
        url: `/api/reader/section/resource/catalog?bookId=${bookId}`,
        token: student.token,
      }),
    );
    expect(catalog.map((r) => [r.chapterId, r.category])).toEqual([
      [c1, 'video'],
      [c2, 'document'],
    ]);
    const categories = expectOk(
      await call<{ category: string; count: number }[]>(t.app, {
        method: 'GET',
        url: `/api/reader/section/resource/category?bookId=${bookId}`,
        token: student.token,
      }),
    );
    expect(categories).toEqual([
      { category: 'video', count: 1 },
      { category: 'document', count: 1 },
    ]);
  });
});
