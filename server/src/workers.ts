import { HeavyWork } from './adapters/workers/pool.js';
import type { Tasks } from './modules/tasks.js';

/** The app's worker threads (ctx.workers), running the modules' tasks (modules/tasks.ts). */
export type Workers = HeavyWork<Tasks>;

/**
 * Where a worker thread's code is: beside this file under tsx/vitest (a small .mjs that registers tsx, then the
 * TypeScript entry), or `heavy-worker.js` beside the bundle (server/build.mjs builds it next to dist/main.js).
 */
export function workerEntry(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./worker-thread-dev.mjs', here) : new URL('./heavy-worker.js', here);
}

/** The app's pools of worker threads. */
export function startWorkers(options: { threads: number; queue: number; dictionaryAtStart: boolean }): Workers {
  return new HeavyWork<Tasks>({ ...options, entry: workerEntry() });
}
