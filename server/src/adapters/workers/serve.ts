import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../http/errors.js';
import type { TaskTable } from './pool.js';

const WORKER_NICE = 15;

/**
 * Background work yields to the event loop: on Linux a thread has its own nice value, and setpriority for "this
 * process" (pid 0) changes only the calling thread, so this lowers the worker alone. When cores are scarce the
 * main thread (reads, logins) then gets the CPU first. Elsewhere it may apply to the process or be refused: only
 * on Linux, and a refusal is ignored.
 */
function yieldToTheEventLoop(): void {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(0, WORKER_NICE);
  } catch {
    // Not permitted here: the worker runs at the process's priority.
  }
}

/**
 * Serves a task table in this worker thread (the entry `server/src/worker-thread.ts` calls it): one task at a time
 * from the pool (pool.ts); the answer or the error goes back as a plain message.
 */
export function serveTasks(tasks: TaskTable): void {
  yieldToTheEventLoop();
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  port.on('message', (message: { task: string; input: unknown }) => {
    const run = tasks[message.task] as (input: unknown) => Promise<unknown>;
    run(message.input).then(
      (out) => port.postMessage({ ok: true, out }),
      (err: unknown) => {
        const app =
          err instanceof AppError
            ? { id: err.id, code: err.code, status: err.status, message: err.message }
            : undefined;
        port.postMessage({ ok: false, error: { message: err instanceof Error ? err.message : String(err), app } });
      },
    );
  });
}
