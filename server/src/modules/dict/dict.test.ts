import { beforeAll, describe, expect, it } from 'vitest';
import { DictMsg, type AdminDictRow, type AuditRow, type DictNode, type Paged } from '@textbook/contracts';
import { buildBook } from '../../../test/classes.js';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';

/**
 * The dictionaries' management (issue 19): editors add, rename, nest and delete subjects and collections; the
 * public tree shows each change at once; an entry in use is kept with a message saying why; other roles may not.
 */
const t = useTestApp();
let editor: { id: number; token: string };
let chief: { id: number; token: string };

beforeAll(async () => {
  editor = await buildStaff(t.ctx.db, { roles: ['editor'] });
  chief = await buildStaff(t.ctx.db, { isAdmin: true, roles: [] });
});

const create = (token: string | undefined, payload: object) =>
  call<{ id: number }>(t.app, { method: 'POST', url: '/api/admin/dict', token, payload });
const update = (token: string | undefined, id: number, payload: object) =>
  call(t.app, { method: 'PUT', url: `/api/admin/dict/${id}`, token, payload });
const remove = (token: string | undefined, id: number) =>
  call(t.app, { method: 'DELETE', url: `/api/admin/dict/${id}`, token });
const publicTree = async (dictType = 'book_subject') =>
  expectOk(await call<DictNode[]>(t.app, { url: `/api/dict/data/hierarchical?dictType=${dictType}` }));
const page = async (query: string) =>
  expectOk(await call<Paged<AdminDictRow>>(t.app, { url: `/api/admin/dict/page?${query}`, token: editor.token }));

describe('dictionaries', () => {
  it('adds, renames, nests and reorders subjects; the public tree shows each change at once', async () => {
    const science = expectOk(await create(editor.token, { dictType: 'book_subject', label: '理学' })).id;
    const maths = expectOk(
      await create(editor.token, { dictType: 'book_subject', label: '数学', parentId: science }),
    ).id;
    const stats = expectOk(await create(editor.token, { dictType: 'book_subject', label: '统计学' })).id;
    expect((await publicTree()).map((n) => n.label)).toEqual(['理学', '统计学']);

    // Nest 统计学 under 理学, after 数学; rename 数学.
    expectOk(await update(editor.token, stats, { parentId: science, sort: 5 }));
    expectOk(await update(editor.token, maths, { label: '数学与应用数学' }));
    const tree = await publicTree();
    expect(tree.map((n) => n.label)).toEqual(['理学']);
    expect(tree[0]!.children.map((n) => n.label)).toEqual(['数学与应用数学', '统计学']);

    // The staff's page: top entries with their subtrees; a keyword keeps the matches and their parents.
    const all = await page('dictType=book_subject');
    expect(all.total).toBe(1);
    expect(all.rows[0]!.children!.map((c) => c.label)).toEqual(['数学与应用数学', '统计学']);
    const found = await page(`dictType=book_subject&keyword=${encodeURIComponent('统计')}`);
    expect(found.rows[0]!.children!.map((c) => c.label)).toEqual(['统计学']);
    expect((await page(`dictType=book_subject&keyword=nothing`)).total).toBe(0);
    const byLabel = await page('dictType=book_subject&sort=label');
    expect(byLabel.rows[0]!.children!.map((c) => c.label)).toEqual(['数学与应用数学', '统计学']);
  });

  it('refuses a loop, a duplicate name, a parent of another dictionary and bad input with a clear message', async () => {
    const top = expectOk(await create(editor.token, { dictType: 'book_subject', label: '工学' })).id;
    const mid = expectOk(await create(editor.token, { dictType: 'book_subject', label: '计算机', parentId: top })).id;
    const low = expectOk(await create(editor.token, { dictType: 'book_subject', label: '软件工程', parentId: mid })).id;
    expectRefused(await update(editor.token, top, { parentId: low }), DictMsg.INTO_ITSELF);
    expectRefused(await update(editor.token, top, { parentId: top }), DictMsg.INTO_ITSELF);
    expectRefused(
      await create(editor.token, { dictType: 'book_subject', label: ' 计算机 ', parentId: top }),
      DictMsg.DUPLICATE('计算机'),
    );
    expectRefused(await update(editor.token, low, { parentId: top, label: '计算机' }), DictMsg.DUPLICATE('计算机'));
    const series = expectOk(await create(editor.token, { dictType: 'book_collection', label: '规划教材' })).id;
    expectRefused(
      await create(editor.token, { dictType: 'book_subject', label: '电子', parentId: series }),
      DictMsg.PARENT_UNKNOWN,
    );
    expectRefused(await update(editor.token, low, { parentId: series }), DictMsg.PARENT_UNKNOWN);
    expectRefused(await create(editor.token, { dictType: 'book_subject', label: '  ' }), DictMsg.LABEL_REQUIRED);
    expectRefused(
      await create(editor.token, { dictType: 'book_subject', label: '长'.repeat(51) }),
      DictMsg.LABEL_TOO_LONG,
    );
    expectRefused(await create(editor.token, { dictType: 'sample_quota', label: 'x' }), '请求参数不正确');
    expectRefused(await create(editor.token, { dictType: 'book_subject', label: 'x', parentId: -1 }), '请求参数不正确');
    expectRefused(await update(editor.token, top, { label: 42 }), DictMsg.LABEL_REQUIRED);
    expect((await update(editor.token, 99_999_999, { label: '无' })).status).toBe(404);
    // The sample settings rows are not the dictionaries' to change here.
    const quota = await t.ctx.db
      .selectFrom('dict_data')
      .select('id')
      .where('dict_type', '=', 'sample_quota')
      .executeTakeFirstOrThrow();
    expect((await remove(editor.token, quota.id)).status).toBe(404);
  });

  it('deletes an unused entry; one with entries below it or books is kept, saying what holds it', async () => {
    const arts = expectOk(await create(editor.token, { dictType: 'book_subject', label: '文学' })).id;
    const poetry = expectOk(await create(editor.token, { dictType: 'book_subject', label: '诗歌', parentId: arts })).id;
    const bookId = await buildBook(t.ctx.db, { title: '唐诗选' });
    expectOk(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/book/${bookId}`,
        token: editor.token,
        payload: { subjectId: poetry },
      }),
    );
    expectRefused(await remove(editor.token, arts), DictMsg.HAS_CHILDREN('文学', 1));
    expectRefused(await remove(editor.token, poetry), DictMsg.IN_USE('诗歌', 1));
    const counted = await page(`dictType=book_subject&keyword=${encodeURIComponent('诗歌')}`);
    expect(counted.rows[0]!.children![0]).toMatchObject({ label: '诗歌', bookCount: 1 });

    // Collections too: in use by a book's collection.
    const series = expectOk(await create(editor.token, { dictType: 'book_collection', label: '经典文库' })).id;
    expectOk(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/book/${bookId}`,
        token: editor.token,
        payload: { collectionId: series },
      }),
    );
    expectRefused(await remove(editor.token, series), DictMsg.IN_USE('经典文库', 1));

    expectOk(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/book/${bookId}`,
        token: editor.token,
        payload: { subjectId: null, collectionId: null },
      }),
    );
    expectOk(await remove(editor.token, poetry));
    expectOk(await remove(editor.token, arts));
    expectOk(await remove(editor.token, series));
    expect((await publicTree()).map((n) => n.label)).not.toContain('文学');
    expect((await publicTree('book_collection')).map((n) => n.label)).not.toContain('经典文库');
  });

  it('is the editors’ and the super administrator’s; reviewers, finance, members and visitors may not', async () => {
    const reviewer = await buildStaff(t.ctx.db, { roles: ['reviewer'] });
    const finance = await buildStaff(t.ctx.db, { roles: ['finance'] });
    const member = await buildMember(t.ctx.db);
    const body = { dictType: 'book_collection', label: '权限测试' };
    expect((await create(undefined, body)).status).toBe(401);
    expect((await create(member.token, body)).status).toBe(403);
    expect((await create(reviewer.token, body)).status).toBe(403);
    expect((await create(finance.token, body)).status).toBe(403);
    const id = expectOk(await create(chief.token, body)).id;
    for (const token of [reviewer.token, finance.token, member.token]) {
      expect((await update(token, id, { label: '改' })).status).toBe(403);
      expect((await remove(token, id)).status).toBe(403);
      expect((await call(t.app, { url: '/api/admin/dict/page', token })).status).toBe(403);
    }
    expectOk(await remove(editor.token, id));
  });

  it('records each change in the audit log with the entry before and after', async () => {
    const id = expectOk(await create(editor.token, { dictType: 'book_collection', label: '审计丛书' })).id;
    expectOk(await update(editor.token, id, { label: '审计丛书（新）' }));
    expectOk(await remove(editor.token, id));
    const log = expectOk(
      await call<Paged<AuditRow>>(t.app, {
        url: `/api/admin/audit/page?pageSize=50&keyword=dict.manage`,
        token: chief.token,
      }),
    );
    const mine = log.rows.filter((r) => r.after?.includes('审计丛书') || r.before?.includes('审计丛书'));
    expect(mine.map((r) => r.method)).toEqual(['DELETE', 'PUT', 'POST']);
    const put = mine.find((r) => r.method === 'PUT')!;
    expect(put).toMatchObject({ target: String(id), action: 'dict.manage' });
    expect(put.before).toContain('"label":"审计丛书"');
    expect(put.after).toContain('审计丛书（新）');
    expect(mine.find((r) => r.method === 'DELETE')!.before).toContain('审计丛书（新）');
  });
});
