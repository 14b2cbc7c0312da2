import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisKv } from '../src/adapters/kv/redis.js';
import { requestCode } from '../src/modules/auth/test-support.js';
import { uniquePhone } from './factories.js';
import { expectOk, useTestApp } from './helpers.js';
import { dropRedisKeys, REDIS_URL, redisReachable, testRedisPrefix } from './redis.js';

/**
 * The test harness on a shared Redis: a test app keeps its keys under a prefix of its own and leaves none behind,
 * so test files side by side, later runs and a deployment on the same Redis never meet each other's limits.
 */
const redisUp = await redisReachable();
const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
afterAll(() => probe.disconnect());

async function keysUnder(prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const keys of probe.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) {
    found.push(...keys);
  }
  return found;
}

describe.skipIf(!redisUp)('a test app on Redis', () => {
  let prefix = '';
  const phone = uniquePhone();

  describe('while it runs', () => {
    const t = useTestApp({ redisUrl: REDIS_URL });

    it('keeps its keys under a prefix of its own, not the deployment’s tb:', async () => {
      prefix = t.ctx.config.redisPrefix;
      expect(prefix).toMatch(/^tb-test-/);
      expectOk(await requestCode(t, phone, '10.5.0.1'));
      const keys = await keysUnder(prefix);
      expect(keys).toEqual(expect.arrayContaining([expect.stringContaining(`sms:gap:${phone}`)]));
      expect(await keysUnder(`tb:sms:gap:${phone}`)).toEqual([]);
    });
  });

  describe('after it closed', () => {
    it('left no key behind', async () => {
      expect(prefix).not.toBe('');
      expect(await keysUnder(prefix)).toEqual([]);
    });
  });
});

describe.skipIf(!redisUp)('dropRedisKeys', () => {
  it('deletes every key under a test prefix and nothing else', async () => {
    const [mine, other] = [testRedisPrefix(), testRedisPrefix()];
    const stores = [new RedisKv(REDIS_URL, mine), new RedisKv(REDIS_URL, other)];
    try {
      for (let i = 0; i < 3; i += 1) await stores[0]!.set(`k${i}`, 'v', 60_000);
      await stores[1]!.set('k0', 'v', 60_000);
      expect(await dropRedisKeys(REDIS_URL, mine)).toBe(3);
      expect(await keysUnder(mine)).toEqual([]);
      expect(await stores[1]!.get('k0')).toBe('v');
    } finally {
      await dropRedisKeys(REDIS_URL, other);
      for (const store of stores) await store.close();
    }
  });

  it('refuses a prefix that is not a test one', async () => {
    await expect(dropRedisKeys(REDIS_URL, 'tb:')).rejects.toThrow(/not a test prefix/);
  });
});
