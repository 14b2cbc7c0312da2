import { describe, expect, it } from 'vitest';
import { CacheHub } from '../../http/read-cache.js';
import { useTestApp } from '../../../test/helpers.js';
import { buildEpub, importBook, tempDataDir } from '../../../test/reader-fixtures.js';
import { cached, clearCatalogCache, ViewCounter } from './cache.js';
import { wordsOf } from './words.js';

describe('the catalogue’s per-app state', () => {
  const t = useTestApp({ dataDir: tempDataDir() });

  it('keeps reads per app instance, and a write clears them', async () => {
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cached(t.ctx, 'k', load)).toBe(1);
    expect(await cached(t.ctx, 'k', load)).toBe(1);
    const other = new CacheHub(null);
    try {
      expect(await cached({ caches: other }, 'k', load)).toBe(2); // another instance has its own
    } finally {
      await other.close();
    }
    clearCatalogCache(t.ctx);
    expect(await cached(t.ctx, 'k', load)).toBe(3);
  });

  it('writes the counted views when the app closes its counter', async () => {
    const { bookId } = await importBook(
      t.ctx,
      buildEpub('urn:test:views', '计数', [{ title: '一', body: '<p>一</p>' }]),
    );
    const views = async () =>
      (await t.ctx.db.selectFrom('books').select('views').where('id', '=', bookId).executeTakeFirstOrThrow()).views;
    const before = await views();
    const counter = new ViewCounter(t.ctx.db);
    for (let i = 0; i < 3; i++) counter.count(bookId);
    await counter.close();
    expect(await views()).toBe(before + 3);
  });

  it('keeps one word segmenter per app', () => {
    expect(wordsOf(t.ctx)).toBe(wordsOf(t.ctx));
    expect(wordsOf(t.ctx).queryWords('高等数学')).toContain('高等数学');
  });
});
