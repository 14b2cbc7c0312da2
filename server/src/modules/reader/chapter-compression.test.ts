import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { buildEpub, importBook, tempDataDir } from '../../../test/reader-fixtures.js';
import { grantShelfEntry } from '../shelf/index.js';

describe('GET /api/book/chapter compression', () => {
  const t = useTestApp({ dataDir: tempDataDir() });

  it('sends the same envelope brotli-compressed to a browser that accepts it, and plain to one that does not', async () => {
    const body = `<p>${'学而时习之，不亦说乎。有朋自远方来，不亦乐乎。'.repeat(400)}</p>`;
    const { bookId } = await importBook(
      t.ctx,
      buildEpub(`urn:test:br:${Date.now()}`, '压缩', [{ title: '一', body }]),
      { freeChapters: 0 },
    );
    const chapter = await t.ctx.db
      .selectFrom('book_chapters')
      .select('id')
      .where('book_id', '=', bookId)
      .executeTakeFirstOrThrow();
    const m = await buildMember(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId, source: 'purchase', sourceRef: 1 });
    const url = `/api/book/chapter?bookId=${bookId}&chapterId=${chapter.id}`;
    const headers = { authorization: `Bearer ${m.token}` };

    const plain = await t.app.inject({ method: 'GET', url, headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const envelope = plain.json<{ code: number; data: { html: string } }>();
    expect(envelope.code).toBe(200);
    expect(envelope.data.html).toContain('有朋自远方来');

    for (let i = 0; i < 2; i++) {
      const br = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    }

    // The read decision still runs first: without a token the member's chapter is refused, compressed or not.
    const refused = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json<{ code: number }>().code).toBe(401);
  });
});
