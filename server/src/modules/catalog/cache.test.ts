import { describe, expect, it } from 'vitest';
import { BoundedTtlCache } from './cache.js';

describe('the catalogue read cache', () => {
  it('serves a hit within its lifetime, forgets failures and never holds more than its bound', async () => {
    const cache = new BoundedTtlCache<number>(60_000, 3);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    await expect(cache.get('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('bad', load)).toBe(2);
    for (const key of ['b', 'c', 'd', 'e']) await cache.get(key, load);
    expect(cache.size).toBe(3);
    expect(await cache.get('a', load)).toBe(7); // the oldest went first
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
