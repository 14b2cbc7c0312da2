import type { Config } from '../../config.js';
import { MemoryKv } from './memory.js';
import { RedisKv } from './redis.js';

/**
 * Short-lived shared state: rate-limit counters, captcha answers and tickets (DESIGN.md §1). In process for
 * the embedded profile; Redis (`REDIS_URL`) in the scale profile so every instance sees the same counters.
 */
export interface KvStore {
  /** Sets the key only when it is absent (or expired); true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Adds one and answers the new count; the first increment starts the key's time to live. */
  incr(key: string, ttlMs: number): Promise<number>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | null>;
  /** Reads and deletes in one step: a value taken once is gone for every instance (single-use tickets). */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** Throws when the store cannot be reached (readiness); at once in process. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A new store for one app: Redis with `REDIS_URL`, else in process. buildApp makes it once and closes it. */
export function createKv(config: Pick<Config, 'redisUrl' | 'redisPrefix'>): KvStore {
  return config.redisUrl ? new RedisKv(config.redisUrl, config.redisPrefix) : new MemoryKv();
}
