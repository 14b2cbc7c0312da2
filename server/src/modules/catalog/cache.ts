import type { AppContext } from '../../http/context.js';
import type { Db } from '../../db/connection.js';
import { invalidate, tag, type CacheOwner } from '../../http/read-cache.js';
import { addBookViews } from './queries.js';

/**
 * Public catalogue reads (lists, search, detail, trees, dictionaries, book lists) are kept per app instance for a
 * few seconds (`ctx.caches`, bounded: when full, the oldest entries go first). The writers (import, staff edits,
 * book lists) drop them at once on this instance and, through the cache bus, on the others.
 */
const READS = { ttlMs: 5000, maxEntries: 5000 };
const CATALOG = tag.catalog;

export function cached<T>(ctx: Pick<AppContext, 'caches'>, key: string, load: () => Promise<T>): Promise<T> {
  const reads = ctx.caches.cache<unknown>('catalog-reads', READS);
  return reads.get(key, async () => ({ value: await load(), tags: [CATALOG] })) as Promise<T>;
}

/** Forget cached catalogue reads (import, staff edits, book lists call this). */
export function clearCatalogCache(ctx: CacheOwner): void {
  invalidate(ctx, CATALOG);
}

const FLUSH_AFTER_MS = 3000;

/**
 * Views of book details are counted in memory and written in one statement per book every few seconds,
 * instead of one write per page view (which would serialise detail reads on SQLite). A crash loses at most
 * the last few seconds of counts; the popularity order is approximate by nature. One counter per app
 * (`ctx.local`): closing the app writes what is counted and stops the timer.
 */
export class ViewCounter {
  private counts = new Map<number, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly db: Db) {}

  count(bookId: number): void {
    this.counts.set(bookId, (this.counts.get(bookId) ?? 0) + 1);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, FLUSH_AFTER_MS);
    this.timer.unref?.();
  }

  /** Writes the counted views now (the popular sort calls it first). */
  async flush(): Promise<void> {
    if (!this.counts.size) return;
    const batch = [...this.counts];
    this.counts = new Map();
    for (const [id, n] of batch) await addBookViews(this.db, id, n);
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush().catch(() => undefined);
  }
}

const viewsOf = (ctx: Pick<AppContext, 'db' | 'local'>) => ctx.local('catalog:views', () => new ViewCounter(ctx.db));

export const countView = (ctx: Pick<AppContext, 'db' | 'local'>, bookId: number): void => viewsOf(ctx).count(bookId);
export const flushViews = (ctx: Pick<AppContext, 'db' | 'local'>): Promise<void> => viewsOf(ctx).flush();
