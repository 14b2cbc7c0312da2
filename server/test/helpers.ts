import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { Code, type Envelope } from '@textbook/contracts';
import { appContext, buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { AppContext } from '../src/http/context.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { dropRedisKeys, testRedisPrefix } from './redis.js';
import { startLocalS3, type LocalS3 } from './s3.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
}

export interface TestAppOptions {
  /**
   * Where the app's files live: `folder` (under its DATA_DIR) or `s3`, a bucket of a local S3-compatible server
   * started for the file and stopped after it. Default: TEST_STORAGE (`s3` runs any suite on object storage),
   * else `folder`.
   */
  storage?: 'folder' | 's3';
}

/**
 * The real app on a real, fresh database, for one test file; closed and dropped after it. With `redisUrl` and no
 * `redisPrefix`, the app's Redis keys and channels get a prefix of their own (`testRedisPrefix`), and its keys are
 * deleted after it: nothing is left in a shared Redis for the next run. Another app built on `t.ctx.config`
 * shares the prefix (an `afterAll` registered after this call runs before this one's, and may close it).
 */
export function useTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): TestApp {
  const holder = {} as TestApp;
  const storage = options.storage ?? (process.env.TEST_STORAGE === 's3' ? 's3' : 'folder');
  const ownPrefix = overrides.redisUrl && !overrides.redisPrefix ? testRedisPrefix() : undefined;
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    if (storage === 's3') s3 = await startLocalS3();
    const config: Config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      webDist: '/nonexistent',
      ...overrides,
      ...(ownPrefix ? { redisPrefix: ownPrefix } : {}),
      ...(s3 ? { storage: s3.storage } : {}),
    };
    holder.database = database;
    holder.app = await buildApp({ config, database });
    holder.ctx = appContext(holder.app);
    await holder.app.ready();
  });
  afterAll(async () => {
    await holder.app?.close();
    if (ownPrefix) await dropRedisKeys(overrides.redisUrl!, ownPrefix);
    await holder.database?.drop();
    await s3?.stop();
  });
  return holder;
}

export interface ApiResult<T> {
  status: number;
  body: Envelope<T>;
  response: LightMyRequestResponse;
}

/** Injects a request with an optional bearer token and parses the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  options: InjectOptions & { token?: string },
): Promise<ApiResult<T>> {
  const { token, headers, ...rest } = options;
  const response = await app.inject({
    ...rest,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.statusCode, body: response.json() as Envelope<T>, response };
}

export function expectOk<T>(result: ApiResult<T>): T {
  expect(result.body.code, result.body.msg).toBe(Code.OK);
  expect(result.status).toBe(200);
  return result.body.data;
}

/** A rule refused the request with exactly this message. */
export function expectRefused(result: ApiResult<unknown>, msg: string, status = 400): void {
  expect(result.body).toMatchObject({ code: Code.REFUSED, msg });
  expect(result.status).toBe(status);
}
