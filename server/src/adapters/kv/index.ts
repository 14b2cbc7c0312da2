import type { Config } from '../../config.js';
import { LimitsFallback, StoreState } from './fallback.js';
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

export type { StoreOutage } from './fallback.js';

/**
 * The two faces of an app's store. `kv`: values that must be the same on every instance (captcha answers and
 * tickets, bind tokens, phone-change windows, job locks); while Redis is down each call is refused at once (503).
 * `limits`: counters (rate limits, SMS gaps and daily caps, captcha failures); while Redis is down they are
 * counted in this instance's memory, so a limit holds per instance instead of across them. In process both are
 * the one memory store.
 */
export interface KvStores {
  kv: KvStore;
  limits: KvStore;
  state: StoreState;
  /** Resolves once the first connection to Redis answered or failed (at most `ms`); at once in process. */
  connected(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** The stores of one app: Redis with `REDIS_URL`, else in process. buildApp makes them once and closes them. */
export function createKv(
  config: Pick<Config, 'redisUrl' | 'redisPrefix'>,
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
): KvStores {
  const state = new StoreState(log);
  if (!config.redisUrl) {
    const memory = new MemoryKv();
    return { kv: memory, limits: memory, state, connected: async () => {}, close: () => memory.close() };
  }
  const redis = new RedisKv(config.redisUrl, config.redisPrefix, (up, err) => state.heard(up, err));
  const memory = new MemoryKv();
  return {
    kv: state.counting(redis),
    limits: new LimitsFallback(redis, memory, state),
    state,
    connected: (ms) => redis.connected(ms),
    close: async () => {
      state.closing();
      await redis.close();
      await memory.close();
    },
  };
}
