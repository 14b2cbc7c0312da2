import { Redis } from 'ioredis';
import { Code, Msg } from '@textbook/contracts';
import { AppError } from '../../http/errors.js';
import type { KvStore } from './index.js';

/** A command not answered by then counts as failed (a connection that hangs rather than closes). */
export const REDIS_COMMAND_MS = 500;

/** The refusal of a shared value while Redis cannot be reached: 503, the request is worth trying again later. */
export const storeUnavailable = (cause: unknown) =>
  Object.assign(new AppError('store_unavailable', Code.REFUSED, 503, Msg.NOT_READY), { cause });

/**
 * ioredis settings that never let a request wait on a Redis that is down. By default ioredis keeps a command
 * sent while disconnected in its offline queue until it reconnects (or until a number of reconnections failed,
 * their delays growing): a route that reads a ticket then hung for seconds. Here such a command fails at once,
 * one on a connection that stops answering fails after REDIS_COMMAND_MS, and the client keeps reconnecting at
 * most a second apart, so service comes back by itself when Redis does.
 */
export const FAIL_FAST = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: REDIS_COMMAND_MS,
  connectTimeout: 1_000,
  retryStrategy: (times: number) => Math.min(times * 100, 1_000),
} as const;

/**
 * The scale profile's store: every instance shares counters, answers and tickets through Redis. While Redis
 * cannot be reached every call throws `storeUnavailable` at once; `onState` hears each change (up, down).
 */
export class RedisKv implements KvStore {
  private readonly redis: Redis;
  private readonly firstContact: Promise<void>;
  private contacted = false;

  constructor(url: string, prefix = 'tb:', onState: (up: boolean, err?: unknown) => void = () => {}) {
    this.redis = new Redis(url, { keyPrefix: prefix, ...FAIL_FAST });
    this.redis.on('ready', () => onState(true));
    this.redis.on('error', (err: unknown) => onState(false, err));
    this.redis.on('close', () => onState(false));
    // The app starts once its first connection answered or failed: a command before it would be refused.
    this.firstContact = new Promise((resolve) => {
      const done = () => {
        this.contacted = true;
        resolve();
      };
      this.redis.once('ready', done);
      this.redis.once('error', done);
    });
  }

  /** Whether commands can go now (connected and ready). */
  get up(): boolean {
    return this.redis.status === 'ready';
  }

  /** Resolves once the first connection answered or failed, or after `ms`. */
  async connected(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.firstContact, new Promise((r) => (timer = setTimeout(r, ms)))]);
    clearTimeout(timer);
  }

  private async run<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    // Only the first connection is waited for (a store used as soon as it is made); after it, never.
    if (!this.contacted) await this.connected(FAIL_FAST.connectTimeout);
    if (!this.up) throw storeUnavailable(new Error(`redis ${this.redis.status}`));
    try {
      return await command(this.redis);
    } catch (err) {
      throw storeUnavailable(err);
    }
  }

  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return this.run(async (r) => (await r.set(key, value, 'PX', ttlMs, 'NX')) === 'OK');
  }

  incr(key: string, ttlMs: number): Promise<number> {
    return this.run(async (r) => {
      // INCR then PEXPIRE NX in one round trip: the window starts at the first increment and never slides.
      const results = await r.multi().incr(key).pexpire(key, ttlMs, 'NX').exec();
      const count = results?.[0]?.[1];
      if (typeof count !== 'number') throw new Error('redis INCR failed');
      return count;
    });
  }

  set(key: string, value: string, ttlMs: number): Promise<void> {
    return this.run(async (r) => void (await r.set(key, value, 'PX', ttlMs)));
  }

  get(key: string): Promise<string | null> {
    return this.run((r) => r.get(key));
  }

  take(key: string): Promise<string | null> {
    return this.run((r) => r.getdel(key));
  }

  del(key: string): Promise<void> {
    return this.run(async (r) => void (await r.del(key)));
  }

  ping(): Promise<void> {
    return this.run(async (r) => void (await r.ping()));
  }

  async close(): Promise<void> {
    // QUIT needs the connection; without one there is nothing to say goodbye to.
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
