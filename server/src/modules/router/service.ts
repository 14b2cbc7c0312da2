import type { AppContext } from '../../http/context.js';
import * as q from './queries.js';

/** Where page addresses beyond the day's cap are counted, so the table cannot grow without bound. */
export const OVERFLOW_PATH = '(other)';

/** The page's path without query or fragment (tokens and search text never reach the log). */
export function normalisePath(raw: string): string {
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  const clean = path.startsWith('/') ? path : `/${path}`;
  return clean.slice(0, 255);
}

/**
 * Counts one view of a page per day. Storage is bounded: one row per distinct path per day, at most
 * `routerDailyPaths` of them; further new paths are folded into one overflow row.
 */
export async function recordPage(ctx: AppContext, rawPath: string, now = new Date()): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  const path = normalisePath(rawPath);
  if (await q.incrementIfPresent(ctx.db, day, path)) return;
  const known = await q.countPathsOfDay(ctx.db, day);
  await q.upsertView(ctx.db, day, known >= ctx.config.routerDailyPaths ? OVERFLOW_PATH : path);
}
