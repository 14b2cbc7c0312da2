import { Redis } from 'ioredis';
import type { KvStore } from './index.js';

/** The scale profile's store: every instance shares counters, answers and tickets through Redis. */
export class RedisKv implements KvStore {
  private readonly redis: Redis;

  constructor(url: string, prefix = 'tb:') {
    this.redis = new Redis(url, { keyPrefix: prefix, lazyConnect: false, maxRetriesPerRequest: 2 });
    // ioredis reconnects on its own; a lost connection shows as the commands that fail (and in /api/ready).
    this.redis.on('error', () => undefined);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    // INCR then PEXPIRE NX in one round trip: the window starts at the first increment and never slides.
    const results = await this.redis.multi().incr(key).pexpire(key, ttlMs, 'NX').exec();
    const count = results?.[0]?.[1];
    if (typeof count !== 'number') throw new Error('redis INCR failed');
    return count;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(key, value, 'PX', ttlMs);
  }

  get(key: string): Promise<string | null> {
    return this.redis.get(key);
  }

  take(key: string): Promise<string | null> {
    return this.redis.getdel(key);
  }

  async del(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
