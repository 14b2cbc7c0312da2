import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, Msg, type Readiness } from '@textbook/contracts';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { startLocalS3, type LocalS3 } from '../../../test/s3.js';
import { REDIS_URL, redisReachable } from '../../../test/redis.js';

const redisUp = await redisReachable();

describe('health and readiness, embedded profile', () => {
  const t = useTestApp({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'health-')) });

  it('answers /api/health at once, to anyone, as often as a proxy asks', async () => {
    for (let i = 0; i < 200; i += 1) {
      const res = await call<{ live: true }>(t.app, { url: '/api/health' });
      expect(res.status).toBe(200);
    }
    const res = await call<{ live: true }>(t.app, { url: '/api/health' });
    expect(expectOk(res)).toEqual({ live: true });
    expect(res.response.headers['cache-control']).toBe('no-store');
  });

  it('is ready on its database and folders; Redis is not used', async () => {
    for (let i = 0; i < 100; i += 1) expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    expect(expectOk(await call<Readiness>(t.app, { url: '/api/ready' }))).toEqual({
      ready: true,
      degraded: false,
      checks: { database: 'ok', redis: 'skipped', storage: 'ok' },
      outage: null,
    });
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready']));
  });
});

describe.skipIf(!redisUp)('readiness, scale profile: Redis and an S3 bucket', () => {
  const t = useTestApp({ redisUrl: REDIS_URL }, { storage: 's3' });

  it('checks Redis and the bucket', async () => {
    expect(expectOk(await call<Readiness>(t.app, { url: '/api/ready' }))).toEqual({
      ready: true,
      degraded: false,
      checks: { database: 'ok', redis: 'ok', storage: 'ok' },
      outage: null,
    });
  });
});

describe('readiness names the part that fails', () => {
  let app: FastifyInstance;
  let s3: LocalS3;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'health-broken-'));
  const database = openDatabase(path.join(dir, 'platform.db'));

  beforeAll(async () => {
    await migrateToLatest(database.db);
    s3 = await startLocalS3();
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      webDist: '/nonexistent',
      dataDir: dir,
      // Nothing listens there: every command fails.
      redisUrl: 'redis://127.0.0.1:1',
      storage: s3.storage,
    };
    app = await buildApp({ config, database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('degraded (200) with redis failed, then 503 with storage and database failed too; health stays 200', async () => {
    const first = await call<Readiness>(app, { url: '/api/ready' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      ready: true,
      degraded: true,
      checks: { database: 'ok', redis: 'failed', storage: 'ok' },
    });

    await s3.stop();
    await database.close();
    const started = Date.now();
    const second = await call<Readiness>(app, { url: '/api/ready' });
    expect(second.status).toBe(503);
    expect(second.body).toMatchObject({
      code: Code.REFUSED,
      msg: Msg.NOT_READY,
      data: { ready: false, degraded: true, checks: { database: 'failed', redis: 'failed', storage: 'failed' } },
    });
    // Each part within its time limit, all at once.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
