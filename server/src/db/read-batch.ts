import type { Db } from './connection.js';

/**
 * Reads of one kind asked in the same turn of the event loop go to the database as one query (issue 21: when 500
 * students press 加入 at once, their 500 session look-ups and 500 join facts were 1,000 round trips through a
 * pool of ten connections). `load(group, key)` waits for the turn to end; then `loadMany(group, keys)` runs once
 * per group with every key asked in it, and each caller gets its key's value (undefined when there is none). A
 * failed read fails every caller of its group. One batcher per app (`ctx.local`): it reads that app's database.
 * A write whose callers each wait for their key's answer batches the same way (the sessions' touches).
 */
export function readBatch<K, V>(
  loadMany: (group: string, keys: K[]) => Promise<Map<K, V>>,
): (group: string, key: K) => Promise<V | undefined> {
  let waiting = new Map<string, Map<K, ((result: { value?: V; error?: unknown }) => void)[]>>();
  const flush = () => {
    const groups = waiting;
    waiting = new Map();
    for (const [group, byKey] of groups) {
      const answer = (result: { value?: (key: K) => V | undefined; error?: unknown }) => {
        for (const [key, callers] of byKey) {
          const value = result.value?.(key);
          for (const call of callers) call(result.error === undefined ? { value } : { error: result.error });
        }
      };
      loadMany(group, [...byKey.keys()]).then(
        (found) => answer({ value: (key) => found.get(key) }),
        (error: unknown) => answer({ error: error ?? new Error('read failed') }),
      );
    }
  };
  return (group, key) =>
    new Promise((resolve, reject) => {
      if (waiting.size === 0) setImmediate(flush);
      let byKey = waiting.get(group);
      if (!byKey) waiting.set(group, (byKey = new Map()));
      let callers = byKey.get(key);
      if (!callers) byKey.set(key, (callers = []));
      callers.push((result) => ('error' in result ? reject(result.error) : resolve(result.value)));
    });
}

/** An app's batcher of one kind of read, for the database its caller uses (`ctx.db`). */
export function batchedRead<K, V>(
  ctx: { db: Db; local: <T>(key: string, make: () => T) => T },
  name: string,
  loadMany: (db: Db, group: string, keys: K[]) => Promise<Map<K, V>>,
): (group: string, key: K) => Promise<V | undefined> {
  const byDb = ctx.local(
    `read-batch:${name}`,
    () => new WeakMap<Db, (group: string, key: K) => Promise<V | undefined>>(),
  );
  let reads = byDb.get(ctx.db);
  if (!reads) {
    const db = ctx.db;
    byDb.set(ctx.db, (reads = readBatch((group, keys: K[]) => loadMany(db, group, keys))));
  }
  return reads;
}
