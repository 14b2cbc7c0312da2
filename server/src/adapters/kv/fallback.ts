import type { KvStore } from './index.js';
import type { MemoryKv } from './memory.js';
import type { RedisKv } from './redis.js';

/** An outage of Redis as this instance saw it (`/api/ready`): since when, and what it did instead. */
export interface StoreOutage {
  since: number;
  /** Limit checks counted in this instance's memory. */
  limitsInMemory: number;
  /** Shared values (puzzles, tickets, bind tokens, phone-change windows, job locks) refused with 503. */
  refused: number;
}

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** Whether Redis answers, as the app's client hears it: one warning when it goes, one line when it is back. */
export class StoreState {
  private outage: StoreOutage | null = null;
  private ended = false;

  constructor(private readonly log: Log) {}

  /** The outage under way, or null while Redis answers (and always in process). */
  get current(): StoreOutage | null {
    return this.outage && { ...this.outage };
  }

  heard(up: boolean, err?: unknown): void {
    if (this.ended) return;
    if (up) {
      if (!this.outage) return;
      const { since, limitsInMemory, refused } = this.outage;
      this.outage = null;
      this.log.info(
        { downMs: Date.now() - since, limitsInMemory, refused },
        'redis is back: limits and shared values in Redis again',
      );
      return;
    }
    if (this.outage) return;
    this.outage = { since: Date.now(), limitsInMemory: 0, refused: 0 };
    this.log.warn({ err }, "redis unreachable: limits counted in this instance's memory, shared values refused (503)");
  }

  inMemory(): void {
    if (this.outage) this.outage.limitsInMemory += 1;
  }

  refusedOne(): void {
    if (this.outage) this.outage.refused += 1;
  }

  /** The app closes: closing its connection is no outage. */
  closing(): void {
    this.ended = true;
  }

  /** The Redis store, each refusal counted in the outage. */
  counting(redis: RedisKv): KvStore {
    const count = <T>(work: Promise<T>): Promise<T> =>
      work.catch((err: unknown) => {
        this.refusedOne();
        throw err;
      });
    return {
      setIfAbsent: (key, value, ttlMs) => count(redis.setIfAbsent(key, value, ttlMs)),
      incr: (key, ttlMs) => count(redis.incr(key, ttlMs)),
      set: (key, value, ttlMs) => count(redis.set(key, value, ttlMs)),
      get: (key) => count(redis.get(key)),
      take: (key) => count(redis.take(key)),
      del: (key) => count(redis.del(key)),
      ping: () => redis.ping(),
      close: () => redis.close(),
    };
  }
}

/**
 * Limits while Redis is down: counted in this instance's memory rather than refused, so a rate-limited route
 * keeps answering; on N instances a limit then lets through up to N times its count until Redis is back (the
 * next call after Redis returns counts there again; what memory counted is not carried over).
 */
export class LimitsFallback implements KvStore {
  constructor(
    private readonly redis: RedisKv,
    private readonly memory: MemoryKv,
    private readonly state: StoreState,
  ) {}

  private async either<T>(work: (store: KvStore) => Promise<T>): Promise<T> {
    if (this.redis.up) {
      try {
        return await work(this.redis);
      } catch {
        // Redis stopped answering under this call: counted here like the calls after it.
        this.state.heard(false);
      }
    }
    this.state.inMemory();
    return work(this.memory);
  }

  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return this.either((s) => s.setIfAbsent(key, value, ttlMs));
  }

  incr(key: string, ttlMs: number): Promise<number> {
    return this.either((s) => s.incr(key, ttlMs));
  }

  set(key: string, value: string, ttlMs: number): Promise<void> {
    return this.either((s) => s.set(key, value, ttlMs));
  }

  get(key: string): Promise<string | null> {
    return this.either((s) => s.get(key));
  }

  take(key: string): Promise<string | null> {
    return this.either((s) => s.take(key));
  }

  del(key: string): Promise<void> {
    return this.either((s) => s.del(key));
  }

  ping(): Promise<void> {
    return this.redis.ping();
  }

  async close(): Promise<void> {}
}
