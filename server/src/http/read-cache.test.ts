import { afterEach, describe, expect, it, vi } from 'vitest';
import { CacheHub, invalidate, KeptBeside, ReadCache, tag } from './read-cache.js';

/** A load that counts its calls and can be held open. */
function loader<V>(value: V, tags: string[] = []) {
  let release: () => void = () => {};
  let held = false;
  const fn = vi.fn(async () => {
    if (held) await new Promise<void>((resolve) => (release = resolve));
    return { value, tags };
  });
  return {
    fn,
    hold: () => (held = true),
    release: () => release(),
  };
}

describe('ReadCache', () => {
  afterEach(() => vi.useRealTimers());

  it('answers from memory until the time limit, then loads again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new ReadCache<string>(1000, 10);
    const load = loader('a');
    expect(await cache.get('k', load.fn)).toBe('a');
    expect(await cache.get('k', load.fn)).toBe('a');
    expect(load.fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    expect(await cache.get('k', load.fn)).toBe('a');
    expect(load.fn).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent misses and keeps nothing for a null load', async () => {
    const cache = new ReadCache<string>(60_000, 10);
    const load = loader('a');
    load.hold();
    const both = Promise.all([cache.get('k', load.fn), cache.get('k', load.fn)]);
    await Promise.resolve();
    load.release();
    expect(await both).toEqual(['a', 'a']);
    expect(load.fn).toHaveBeenCalledTimes(1);

    const unknown = vi.fn(async () => null);
    expect(await cache.get('nobody', unknown)).toBeNull();
    expect(await cache.get('nobody', unknown)).toBeNull();
    expect(unknown).toHaveBeenCalledTimes(2);
  });

  it('forgets by tag, and never keeps a load that was under way when its tag was forgotten', async () => {
    const cache = new ReadCache<string>(60_000, 10);
    await cache.get('a', loader('A', ['member:1']).fn);
    await cache.get('b', loader('B', ['member:2']).fn);
    cache.forget('member:1');
    const again = loader('A2', ['member:1']);
    expect(await cache.get('a', again.fn)).toBe('A2');
    expect(await cache.get('b', loader('B2').fn)).toBe('B');

    // A load that read the old state before the write finished is answered but not kept.
    const slow = loader('stale', ['member:3']);
    slow.hold();
    const pending = cache.get('c', slow.fn);
    await Promise.resolve();
    cache.forget('member:3');
    slow.release();
    expect(await pending).toBe('stale');
    expect(await cache.get('c', loader('fresh', ['member:3']).fn)).toBe('fresh');
  });

  it('drops the oldest entries beyond its size', async () => {
    const cache = new ReadCache<number>(60_000, 3);
    for (let i = 0; i < 5; i++) await cache.get(`k${i}`, loader(i, [`t${i}`]).fn);
    expect(cache.size).toBe(3);
    const reload = loader(-1);
    expect(await cache.get('k0', reload.fn)).toBe(-1);
    expect(await cache.get('k4', reload.fn)).toBe(4);
    // Forgetting a tag of an evicted entry is harmless.
    cache.forget('t1');
    expect(cache.size).toBe(3);
  });
});

describe('invalidate', () => {
  it("drops the tag in every cache of the writer's hub, and again a moment later; another app's hub keeps its own", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const [mine, other] = [new CacheHub(null), new CacheHub(null)];
    try {
      const caches = ['actors', 'grants'].map((name) => mine.cache<string>(name, { ttlMs: 60_000, maxEntries: 10 }));
      const elsewhere = other.cache<string>('actors', { ttlMs: 60_000, maxEntries: 10 });
      for (const cache of [...caches, elsewhere]) await cache.get('token', loader('old', [tag.member(7)]).fn);
      invalidate({ caches: mine }, tag.member(7));
      for (const cache of caches) expect(cache.size).toBe(0);
      // No process-wide registry: an app built beside this one (a test's) hears only through a shared bus (Redis).
      expect(elsewhere.size).toBe(1);

      // A read between the write and its commit (PostgreSQL) kept the old state: the second drop removes it.
      await caches[0]!.get('token', loader('read-before-commit', [tag.member(7)]).fn);
      expect(caches[0]!.size).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(caches[0]!.size).toBe(0);
    } finally {
      vi.useRealTimers();
      await Promise.all([mine.close(), other.close()]);
    }
  });
});

describe('KeptBeside', () => {
  it('keeps what was worked out per owner and key, works it out again when refused or for another owner', () => {
    const kept = new KeptBeside<{ n: number }>(2);
    const owner = {};
    let made = 0;
    const make = () => ({ n: ++made });
    expect(kept.get(owner, 'a', make)).toEqual({ n: 1 });
    expect(kept.get(owner, 'a', make)).toEqual({ n: 1 });
    expect(kept.get({}, 'a', make)).toEqual({ n: 2 });
    expect(kept.get(owner, 'a', make, () => false)).toEqual({ n: 3 });
    kept.get(owner, 'b', make);
    kept.get(owner, 'c', make); // a third key for one owner: the kept ones are let go first
    expect(kept.get(owner, 'a', make)).toEqual({ n: 6 });
  });
});
