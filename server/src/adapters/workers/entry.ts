import { parentPort } from 'node:worker_threads';
import { AppError } from '../../http/errors.js';
import { tasks, type TaskName } from './tasks.js';

/** One task at a time from the pool (pool.ts); the answer or the error goes back as a plain message. */
const port = parentPort;
if (!port) throw new Error('entry.ts runs in a worker thread');
port.on('message', (message: { task: TaskName; input: unknown }) => {
  const run = tasks[message.task] as (input: unknown) => Promise<unknown>;
  run(message.input).then(
    (out) => port.postMessage({ ok: true, out }),
    (err: unknown) => {
      const app =
        err instanceof AppError ? { id: err.id, code: err.code, status: err.status, message: err.message } : undefined;
      port.postMessage({ ok: false, error: { message: err instanceof Error ? err.message : String(err), app } });
    },
  );
});
