import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMsg } from '@textbook/contracts';
import { appContext, buildApp } from '../../app.js';
import { loadConfig, type Config } from '../../config.js';
import { uniquePhone } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp, type TestApp } from '../../../test/helpers.js';
import { requestCode, solveSlider } from '../../modules/auth/test-support.js';
import { CacheHub, tag } from '../../http/read-cache.js';
import { dropRedisKeys, REDIS_URL, testRedisPrefix } from '../../../test/redis.js';
import { RedisKv } from './redis.js';

/** Scale profile: two instances of the server share limits, puzzle answers and tickets through Redis. */
describe('limits shared by two instances through Redis', () => {
  const accounts = { ...loadConfig({ NODE_ENV: 'test' }).accounts, smsDailyPerAddress: 2 };
  const a = useTestApp({ accounts, redisUrl: REDIS_URL });
  let b: TestApp;
  let appB: FastifyInstance;

  beforeAll(async () => {
    const config: Config = { ...a.ctx.config, accounts: { ...accounts } };
    appB = await buildApp({ config, database: a.database });
    await appB.ready();
    b = { app: appB, ctx: appContext(appB), database: a.database };
  });
  afterAll(async () => appB?.close());

  it('the 60-second gap set by one instance holds on the other', async () => {
    const phone = uniquePhone();
    expectOk(await requestCode(a, phone, `10.9.${randomInt(0, 255)}.${randomInt(0, 255)}`));
    expectRefused(
      await requestCode(b, phone, `10.8.${randomInt(0, 255)}.${randomInt(0, 255)}`),
      AuthMsg.SMS_TOO_OFTEN,
      429,
    );
  });

  it('the daily cap per address counts sends on both instances', async () => {
    const address = `10.7.${randomInt(0, 255)}.${randomInt(0, 255)}`;
    expectOk(await requestCode(a, uniquePhone(), address));
    expectOk(await requestCode(b, uniquePhone(), address));
    expectRefused(await requestCode(a, uniquePhone(), address), AuthMsg.SMS_DAILY_ADDRESS, 429);
  });

  it('a ticket from one instance is good once, on any instance', async () => {
    const ticket = await solveSlider(a);
    const phone = uniquePhone();
    const address = { remoteAddress: `10.6.${randomInt(0, 255)}.${randomInt(0, 255)}` };
    expectOk(await call(b.app, { url: `/api/loginCode?phoneNumber=${phone}&ticket=${ticket}`, ...address }));
    expectRefused(
      await call(a.app, { url: `/api/loginCode?phoneNumber=${uniquePhone()}&ticket=${ticket}`, ...address }),
      AuthMsg.CAPTCHA_REQUIRED,
    );
  });
});

describe('RedisKv', () => {
  it('counts within a fixed window and takes a value once', async () => {
    const prefix = testRedisPrefix();
    const kv = new RedisKv(REDIS_URL, prefix);
    const key = 'count';
    try {
      expect(await kv.incr(key, 60_000)).toBe(1);
      expect(await kv.incr(key, 60_000)).toBe(2);
      expect(await kv.setIfAbsent(`${key}:nx`, 'v', 60_000)).toBe(true);
      expect(await kv.setIfAbsent(`${key}:nx`, 'w', 60_000)).toBe(false);
      expect(await kv.take(`${key}:nx`)).toBe('v');
      expect(await kv.take(`${key}:nx`)).toBeNull();
      await kv.set(`${key}:short`, 'x', 50);
      await new Promise((r) => setTimeout(r, 120));
      expect(await kv.get(`${key}:short`)).toBeNull();
    } finally {
      await kv.close();
      await dropRedisKeys(REDIS_URL, prefix);
    }
  });
});

describe('the cache bus through Redis', () => {
  it('an invalidation announced by one instance drops the entry on another', async () => {
    const prefix = testRedisPrefix();
    const [announcer, listener] = [
      new CacheHub(REDIS_URL, undefined, prefix),
      new CacheHub(REDIS_URL, undefined, prefix),
    ];
    try {
      await Promise.all([announcer.ready(), listener.ready()]);
      const member = randomInt(1e6, 1e9);
      const actors = listener.cache<string>('actors', { ttlMs: 60_000, maxEntries: 10 });
      await actors.get('token', async () => ({ value: 'signed in', tags: [tag.member(member)] }));
      await actors.get('other', async () => ({ value: 'someone else', tags: [tag.member(member + 1)] }));
      expect(actors.size).toBe(2);
      await announcer.announce([tag.member(member)]);
      await expect.poll(() => actors.size, { timeout: 2000 }).toBe(1);
    } finally {
      await Promise.all([announcer.close(), listener.close()]);
    }
  });
});
