import type { ProbeState, Readiness } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { selectOne } from './queries.js';

/** A part that has not answered by then counts as failed: the probe itself answers quickly. */
export const PROBE_MS = 2_000;

async function probe(work: () => Promise<unknown>, onError: (err: unknown) => void): Promise<ProbeState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${PROBE_MS} ms`)), PROBE_MS);
  });
  try {
    await Promise.race([work(), late]);
    return 'ok';
  } catch (err) {
    onError(err);
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can serve: one query on its database, a ping of Redis when REDIS_URL is set, and each
 * file area reachable (the folders writable, or the bucket there). The parts are checked at once, each within
 * PROBE_MS; `onError` hears why a part failed (logged, never sent to the caller). Redis failing makes the
 * instance degraded, not unready (contracts' `readiness`).
 */
export async function readiness(
  ctx: Pick<AppContext, 'db' | 'kv' | 'files' | 'config' | 'storeOutage'>,
  onError: (part: string, err: unknown) => void,
): Promise<Readiness> {
  const [database, redis, storage] = await Promise.all([
    probe(
      () => selectOne(ctx.db),
      (err) => onError('database', err),
    ),
    ctx.config.redisUrl
      ? probe(
          () => ctx.kv.ping(),
          (err) => onError('redis', err),
        )
      : ('skipped' as const),
    probe(
      () => Promise.all(Object.values(ctx.files).map((area) => area.check())),
      (err) => onError('storage', err),
    ),
  ]);
  const checks = { database, redis, storage };
  const outage = ctx.storeOutage();
  return {
    ready: database !== 'failed' && storage !== 'failed',
    degraded: redis === 'failed' || outage !== null,
    checks,
    outage,
  };
}
