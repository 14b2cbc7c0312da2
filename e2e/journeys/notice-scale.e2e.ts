// Scale profile: two server processes on one database, notices fanned out through Redis. A notice created on
// instance A reaches the badge of a browser connected to instance B without a reload.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dropRedisKeys, REDIS_URL, redisReachable, testRedisPrefix } from '../../server/test/redis.js';
import { consoleErrors, DEVICES, livePush, setSessionCookies, shot, useJourney } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';

const redisUp = await redisReachable();
/** The two instances' keys and channels: this run's own, deleted after it. */
const REDIS_PREFIX = testRedisPrefix();

async function call<T>(base: string, pathname: string, body: unknown): Promise<T> {
  const res = await fetch(base + pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${pathname}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

describe.skipIf(!redisUp)('two instances behind one database, fan-out through Redis', () => {
  const journey = useJourney('notice-scale');
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;

  beforeAll(async () => {
    a = await startServer({ label: 'textbook-e2e-a', env: { REDIS_URL, REDIS_PREFIX }, readyTimeoutMs: 90_000 });
    b = await startServer({
      label: 'textbook-e2e-b',
      // one database and one file store, as instances of a real deployment share them
      env: {
        REDIS_URL,
        REDIS_PREFIX,
        DATA_DIR: a.dataDir,
        DATABASE_URL: path.join(a.dataDir, 'platform.db'),
        SEED_ON_START: '0',
      },
      readyTimeoutMs: 90_000,
    });
  }, 200_000);

  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await dropRedisKeys(REDIS_URL, REDIS_PREFIX);
  });

  for (const device of DEVICES) {
    test(`a notice made on instance A shows in the badge of a browser on instance B (${device})`, async () => {
      const { id: memberId } = await call<{ id: number }>(a!.baseURL, '/api/test/member', {
        userName: `跨实例${device}`,
      });
      const { token } = await call<{ token: string }>(b!.baseURL, '/api/test/session', { memberId });
      const page = await journey.page(device, { baseURL: b!.baseURL });
      await setSessionCookies(page.context(), token, b!.baseURL);
      await livePush(page);
      const stream = page.waitForResponse((r) => r.url().includes('/api/msg-notice/stream'), { timeout: 20_000 });
      await page.goto('/', { waitUntil: 'networkidle' });
      await expect.poll(() => page.getByTestId('notice-badge').count(), { timeout: 10_000 }).toBe(1);
      // the browser's live stream is on B: the notice is made once it is connected
      await stream;
      await call(a!.baseURL, '/api/test/notices', { memberId, count: 2 });
      const badge = page.getByTestId('notice-badge').locator('sup');
      await expect
        .poll(async () => ((await badge.count()) ? (await badge.first().textContent())?.trim() : ''), {
          timeout: 8000,
        })
        .toBe('2');
      await shot(page, 'badge-from-other-instance', { fullPage: false });
      expect(consoleErrors(page)).toEqual([]);
    });
  }
});
