import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether something listens at REDIS_URL (the scale-profile tests are skipped, with a warning, when not). */
export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  const up = await new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
  if (!up) console.warn(`Redis not reachable at ${url}: its tests are skipped`);
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
