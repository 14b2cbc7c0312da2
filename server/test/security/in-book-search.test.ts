import { describe, expect, it } from 'vitest';
import { ReaderMsg, type InBookHit } from '@textbook/contracts';
import { grantShelfEntry } from '../../src/modules/shelf/service.js';
import { buildMember } from '../factories.js';
import { call, expectOk, useTestApp } from '../helpers.js';
import { buildEpub, importBook, tempDataDir } from '../reader-fixtures.js';

/** Issue 12.2: in-book search gives text only from chapters the caller may read. */
describe('in-book search and paid chapters', () => {
  const t = useTestApp({ dataDir: tempDataDir() });

  async function paidBook() {
    const bytes = buildEpub(`urn:sec:${Date.now()}`, '付费教材', [
      { title: '第一章 免费', body: '<p>免费章节里的共同词语：矩阵。</p>' },
      { title: '第二章 付费', body: '<p>付费章节的秘密句子：矩阵的特征值是机密内容。</p>' },
      { title: '第三章 付费', body: '<p>另一段机密内容，只有读者能看。</p>' },
    ]);
    const { bookId } = await importBook(t.ctx, bytes, { freeChapters: 1 });
    return bookId;
  }

  const search = (bookId: number, q: string, token?: string) =>
    call<{ rows: InBookHit[]; total: number }>(t.app, {
      url: `/api/book/searchInBook?bookId=${bookId}&q=${encodeURIComponent(q)}`,
      token,
    });

  it('a visitor sees snippets of the free chapter only; paid chapters say matches exist and need a login', async () => {
    const bookId = await paidBook();
    const res = expectOk(await search(bookId, '矩阵'));
    const free = res.rows.filter((r) => !r.locked);
    const locked = res.rows.filter((r) => r.locked);
    expect(free.map((r) => r.chapterTitle)).toEqual(['第一章 免费']);
    expect(locked).toEqual([
      expect.objectContaining({ chapterTitle: '第二章 付费', snippet: ReaderMsg.SEARCH_LOCKED_LOGIN }),
    ]);
    expect(JSON.stringify(res)).not.toContain('特征值');
    const secret = expectOk(await search(bookId, '机密内容'));
    expect(secret.rows).toHaveLength(2);
    expect(secret.rows.every((r) => r.locked && r.snippet === ReaderMsg.SEARCH_LOCKED_LOGIN)).toBe(true);
    expect(JSON.stringify(secret)).not.toMatch(/特征值|只有读者/);
  });

  it('a member without the book: the same, with "needs access"; a reader with an entry sees every snippet', async () => {
    const bookId = await paidBook();
    const stranger = await buildMember(t.ctx.db);
    const other = expectOk(await search(bookId, '机密内容', stranger.token));
    expect(other.rows.every((r) => r.locked && r.snippet === ReaderMsg.SEARCH_LOCKED_ACCESS)).toBe(true);
    const reader = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: reader.id,
      bookId,
      source: 'purchase',
      sourceRef: 1,
      collegeId: null,
      expiresAt: Date.now() + 60_000,
    });
    const full = expectOk(await search(bookId, '机密内容', reader.token));
    expect(full.rows.some((r) => r.locked)).toBe(false);
    expect(full.rows.map((r) => r.chapterTitle)).toEqual(['第二章 付费', '第三章 付费']);
    expect(full.rows[0]!.snippet).toContain('<em>机密内容</em>');
  });
});
