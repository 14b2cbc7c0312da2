import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { Redis } from 'ioredis';
import { expect, test } from 'vitest';

export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * Whether something listens at REDIS_URL. When not, the scale-profile tests are skipped with a warning on a
 * developer's machine; under CI (`CI` set, as `.ci/run` does) the calling file gets a failing test instead, so a
 * CI without Redis fails rather than passing with the Redis suites skipped. Call it at a test file's top level.
 */
export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  const up = await new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
  if (up) return up;
  if (process.env.CI) {
    const why = `Redis not reachable at ${url}: CI must run the Redis suites (start redis-server or set REDIS_URL)`;
    test(`Redis is reachable at ${url}`, () => expect.fail(why));
  } else {
    console.warn(`Redis not reachable at ${url}: its tests are skipped (they fail under CI)`);
  }
  return up;
}

/**
 * A key and channel prefix (`REDIS_PREFIX`) of the caller's own: test files running side by side, later runs
 * and a deployment on the same Redis never see each other's counters, tickets, locks or messages. Never the
 * deployment's `tb:`.
 */
export function testRedisPrefix(): string {
  return `tb-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
}

/** Deletes every key under `prefix` (what a test's apps and stores left behind); answers how many. */
export async function dropRedisKeys(url: string, prefix: string): Promise<number> {
  if (!/^tb-test-[\w-]+:$/.test(prefix)) throw new Error(`not a test prefix: ${prefix}`);
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  try {
    let dropped = 0;
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) dropped += await redis.unlink(...keys);
    }
    return dropped;
  } finally {
    await redis.quit();
  }
}

/** A redis-server of a test's own (never the shared one): stopped and started again on the same port. */
export interface OwnRedis {
  url: string;
  port: number;
  /** Ends it at once (SIGKILL: an outage, nothing saved). */
  kill(): Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>;
}

/** Where redis-server is, or null. A test that needs it fails in CI (CI=true) rather than skip silently. */
export function redisServerBinary(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const file = `${dir}/redis-server`;
    if (dir && existsSync(file)) return file;
  }
  return null;
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `redis-server --port <free port> --save '' --appendonly no` (nothing on disk). */
export async function startOwnRedis(binary: string): Promise<OwnRedis> {
  const port = await freeLoopbackPort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    child = spawn(binary, args, { stdio: 'ignore' });
    const until = Date.now() + 10_000;
    while (!(await listening(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (Date.now() > until) throw new Error(`redis-server did not listen on ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { url, port, kill, start };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
