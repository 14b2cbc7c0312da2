import { openBus, type Bus } from '../adapters/bus/index.js';
import type { AppContext } from './context.js';
import { jsonData, type JsonData } from './envelope.js';

/**
 * Hot reads kept in process memory for a few seconds: who a token belongs to, a member's grants for a book, a
 * chapter's flags. The chapter API answers from memory alone, so it keeps pace with a bare route (DESIGN.md §8).
 *
 * Every entry carries tags (`member:7`, `session:31`, `grants:7`, `book:12`). A write that changes what an
 * entry says calls `invalidate(ctx, tag)`, which drops the entry at once here and, through the cache bus (Redis
 * when REDIS_URL is set), on every other instance. The time limit only bounds what no write announces (an
 * import from the command line, a lost message).
 */
export interface Loaded<V> {
  value: V;
  tags: readonly string[];
  /** When what it says stops being true by itself (a grant's expiry): kept no longer than this. */
  until?: number;
}

interface Slot<V> {
  value: V;
  until: number;
  tags: readonly string[];
}

export class ReadCache<V> {
  private readonly slots = new Map<string, Slot<V>>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly loading = new Map<string, Promise<V | null>>();
  /** Bumped by every invalidation: a load that was under way then may have read the old state; it is not kept. */
  private generation = 0;
  /** Reads answered from the cache, and reads that loaded (or joined a load): the metrics' cache hits. */
  hits = 0;
  misses = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The value kept under `key`, else `load`'s (concurrent misses share one load). A null load is not kept. */
  get(key: string, load: () => Promise<Loaded<V> | null>): Promise<V | null> {
    const slot = this.slots.get(key);
    if (slot) {
      if (slot.until > Date.now()) {
        this.hits += 1;
        return Promise.resolve(slot.value);
      }
      this.drop(key);
    }
    this.misses += 1;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const started = this.generation;
    const value = load().then(
      (loaded) => {
        this.loading.delete(key);
        if (!loaded) return null;
        if (this.generation === started) this.keep(key, loaded);
        return loaded.value;
      },
      (err: unknown) => {
        this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, value);
    return value;
  }

  /** The value kept under `key` if there is a fresh one, without waiting (the hot path's first try). */
  peek(key: string): V | undefined {
    const slot = this.slots.get(key);
    if (!slot || slot.until <= Date.now()) return undefined;
    this.hits += 1;
    return slot.value;
  }

  /** Drops every entry with this tag. */
  forget(tag: string): void {
    this.generation += 1;
    const keys = this.byTag.get(tag);
    if (keys) for (const key of [...keys]) this.drop(key);
  }

  get size(): number {
    return this.slots.size;
  }

  /** The limits it was made with (the admin console's cache screen). */
  get limits(): { ttlMs: number; maxEntries: number } {
    return { ttlMs: this.ttlMs, maxEntries: this.maxEntries };
  }

  /** Drops every entry (a staff member's "clear" on the cache screen; it refills on the next reads). */
  clear(): void {
    this.generation += 1;
    this.slots.clear();
    this.byTag.clear();
  }

  private keep(key: string, { value, tags, until }: Loaded<V>): void {
    this.drop(key);
    const limit = Date.now() + this.ttlMs;
    this.slots.set(key, { value, until: until === undefined ? limit : Math.min(until, limit), tags });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    // The oldest entries go first once the cache is full.
    for (const oldest of this.slots.keys()) {
      if (this.slots.size <= this.maxEntries) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    for (const tag of slot.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

interface Invalidation {
  tags: string[];
}

export const CACHE_CHANNEL = 'textbook:cache';

/** The caches of one app instance, and its end of the cache bus. */
export class CacheHub {
  private readonly caches = new Map<string, ReadCache<unknown>>();
  private readonly stores = new Map<string, unknown>();
  private readonly bus: Bus<Invalidation>;
  private closed = false;

  /** `prefix`: the deployment's Redis prefix (config `redisPrefix`), so deployments sharing a Redis keep apart. */
  constructor(redisUrl: string | null | undefined, onError: (err: unknown) => void = () => {}, prefix = 'tb:') {
    this.bus = openBus<Invalidation>(redisUrl, prefix + CACHE_CHANNEL, onError);
    this.bus.subscribe((event) => this.drop(event.tags));
    // Invalidations sent while this instance could not hear them are lost: nothing kept from before is trusted.
    this.bus.resumed(() => {
      for (const cache of this.caches.values()) cache.clear();
    });
  }

  /** The named cache of this instance (made on first use with these limits). */
  cache<V>(name: string, limits: { ttlMs: number; maxEntries: number }): ReadCache<V> {
    let cache = this.caches.get(name);
    if (!cache) this.caches.set(name, (cache = new ReadCache<unknown>(limits.ttlMs, limits.maxEntries)));
    return cache as ReadCache<V>;
  }

  /** Another per-instance store of a module's (made on first use), for what a tagged cache does not fit. */
  own<T>(name: string, make: () => T): T {
    let store = this.stores.get(name);
    if (store === undefined) this.stores.set(name, (store = make()));
    return store as T;
  }

  ready(): Promise<void> {
    return this.bus.ready();
  }

  /** The named caches of this instance with their sizes and limits. */
  list(): { name: string; entries: number; ttlMs: number; maxEntries: number }[] {
    return [...this.caches].map(([name, cache]) => ({ name, entries: cache.size, ...cache.limits }));
  }

  /** Hits and misses of each named cache of this instance since it started. */
  counts(): { name: string; hits: number; misses: number }[] {
    return [...this.caches].map(([name, cache]) => ({ name, hits: cache.hits, misses: cache.misses }));
  }

  /** Empties one named cache of this instance; false when there is none by that name. */
  clear(name: string): boolean {
    const cache = this.caches.get(name);
    cache?.clear();
    return Boolean(cache);
  }

  drop(tags: readonly string[]): void {
    for (const cache of this.caches.values()) for (const tag of tags) cache.forget(tag);
  }

  announce(tags: string[]): Promise<void> {
    return this.bus.publish({ tags });
  }

  /**
   * A write changed what entries with these tags say: they are dropped now on this instance and, through the
   * bus, on the others. Writes inside a transaction on PostgreSQL commit a moment later, and a read in between
   * could keep the old state: the drop is repeated once the transaction has surely ended.
   */
  invalidate(tags: string[]): void {
    const round = () => {
      if (this.closed) return;
      this.drop(tags);
      void this.announce(tags).catch(() => undefined);
    };
    round();
    setTimeout(round, AGAIN_AFTER_MS).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.bus.close();
  }
}

/** What a writer needs to tell the caches: the app's hub (`ctx` of a request, a job or a test). */
export type CacheOwner = Pick<AppContext, 'caches'>;

/** `ctx.caches.invalidate(tags)`, the one way a write tells the read caches (of every instance) what changed. */
export function invalidate(owner: CacheOwner, ...tags: string[]): void {
  owner.caches.invalidate(tags);
}

const AGAIN_AFTER_MS = 1000;

/** The tags entries carry; one place, so a writer and a cache cannot spell them differently. */
export const tag = {
  /** Who a member is: profile fields, current college, memberships and roles, disabled. */
  member: (id: number) => `member:${id}`,
  session: (id: number) => `session:${id}`,
  staff: (id: number) => `staff:${id}`,
  staffSession: (id: number) => `staff-session:${id}`,
  grants: (memberId: number) => `grants:${memberId}`,
  book: (id: number) => `book:${id}`,
  /** Every book's metadata (catalogue reads; cleared by every book edit, import and book list change). */
  catalog: 'catalog',
  /** A college's own fields (its name). */
  college: (id: number) => `college:${id}`,
  /** A college's books and their seat counts (the administrator's list). */
  collegeBooks: (collegeId: number) => `college-books:${collegeId}`,
  /** A class's homework with its counts of work handed in and to review. */
  homework: (classId: number) => `homework:${classId}`,
  /** A member's homework work (what they handed in, its state and score). */
  homeworkWork: (memberId: number) => `homework-work:${memberId}`,
  /** A class's own fields (name, times, book, code). */
  class: (id: number) => `class:${id}`,
  /** A class's students: who is in it and waiting (its counts). */
  roster: (classId: number) => `roster:${classId}`,
  /** The classes a member is a student of, and their status there. */
  classesOf: (memberId: number) => `classes-of:${memberId}`,
  /** A member's notices (their unread count). */
  notices: (memberId: number) => `notices:${memberId}`,
  /** Every member's notices (a broadcast to many). */
  allNotices: 'notices:*',
  /** A member's reading positions. */
  positions: (memberId: number) => `positions:${memberId}`,
};

/**
 * A member's own hot reads (member info, the shelf, my classes, the notice badge), asked on every page: kept a
 * few seconds per member, dropped at once by the writes that change them (through their tags, on every
 * instance); the time limit only bounds what no write announces.
 */
const MEMBER_READS = { ttlMs: 5000, maxEntries: 10_000 };

export function memberRead<V>(
  owner: CacheOwner,
  name: string,
  key: string,
  load: () => Promise<Loaded<V>>,
): Promise<V> {
  return owner.caches.cache<V>(name, MEMBER_READS).get(key, load) as Promise<V>;
}

/**
 * What is worked out from a value of a read cache, kept as long as that value is (a `WeakMap` keyed by it: the
 * cache's invalidation drops both), a few per value by key. `fresh` may refuse a kept one that was worked out from
 * other cached values than the caller holds now.
 */
export class KeptBeside<V> {
  private readonly byOwner = new WeakMap<object, Map<string, V>>();

  constructor(private readonly perOwner = 16) {}

  get(owner: object, key: string, make: () => V, fresh: (kept: V) => boolean = () => true): V {
    let kept = this.byOwner.get(owner);
    const found = kept?.get(key);
    if (found !== undefined && fresh(found)) return found;
    const value = make();
    if (!kept) this.byOwner.set(owner, (kept = new Map()));
    if (kept.size >= this.perOwner) kept.clear();
    kept.set(key, value);
    return value;
  }
}

/**
 * A cached read's JSON, written once per cached value and gone with it: the route sends these bytes in its
 * envelope instead of serializing the same rows for every request (the textbook list's 20 cards, 3.5 KB, ran at
 * 0.34× hello with JSON.stringify on each request, the section tree at 0.43×; both near 0.75× now). A value made
 * afresh for each request (not cached) is simply written.
 */
const written = new KeptBeside<JsonData<unknown>>(2);
export async function asJson<T extends object>(read: Promise<T>): Promise<JsonData<T>>;
/** The same for an answer that wraps the cached value (`as`, named by `key`): `{ member: info }`. */
export async function asJson<T extends object, A>(
  read: Promise<T>,
  key: string,
  as: (value: T) => A,
): Promise<JsonData<A>>;
export async function asJson<T extends object>(
  read: Promise<T>,
  key = '',
  as: (value: T) => unknown = (value) => value,
): Promise<JsonData<unknown>> {
  const value = await read;
  return written.get(value, key, () => jsonData(as(value)));
}
