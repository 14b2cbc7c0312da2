import type { Db } from '../../db/connection.js';
import { addBookViews } from './queries.js';

/**
 * Public catalogue reads (lists, search, detail, trees) are cached per process for a few seconds, like the
 * site shell: instances converge quickly without shared state, and the writers on this instance (import,
 * staff edits, book lists) clear it at once. Keys include the query, so the cache is bounded: when full, the
 * oldest entries go first.
 */
export class BoundedTtlCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (hit) this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const value = load();
    this.entries.set(key, { value, until: now + this.ttlMs });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

// One cache per database (tests run several apps with their own databases in one process).
const caches = new WeakMap<Db, BoundedTtlCache<unknown>>();

export function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new BoundedTtlCache<unknown>(5000, 5000);
    caches.set(db, cache);
  }
  return cache.get(key, load) as Promise<T>;
}

/** Forget cached catalogue reads (import, staff edits, book lists call this). */
export function clearCatalogCache(db: Db): void {
  caches.get(db)?.clear();
}

/**
 * Views of book details are counted in memory and written in one statement per book every few seconds,
 * instead of one write per page view (which would serialise detail reads on SQLite). A crash loses at most
 * the last few seconds of counts; the popularity order is approximate by nature.
 */
const pendingViews = new Map<Db, Map<number, number>>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;

export function countView(db: Db, bookId: number): void {
  const counts = pendingViews.get(db) ?? new Map<number, number>();
  pendingViews.set(db, counts);
  counts.set(bookId, (counts.get(bookId) ?? 0) + 1);
  flushTimer ??= setTimeout(() => {
    flushTimer = undefined;
    for (const d of [...pendingViews.keys()]) void flushViews(d).catch(() => undefined);
  }, 3000);
  flushTimer.unref?.();
}

/** Writes the counted views of one database now (the popular sort calls it first). */
export async function flushViews(db: Db): Promise<void> {
  const counts = pendingViews.get(db);
  if (!counts?.size) return;
  const batch = [...counts];
  pendingViews.delete(db);
  for (const [id, n] of batch) {
    await addBookViews(db, id, n);
  }
}
