import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../http/errors.js';
import { Code } from '@textbook/contracts';

/**
 * What worker threads can run: pure functions of plain data (no database, no context), by name. The app's table
 * (`server/src/modules/tasks.ts`) is made of each module's `tasks.ts` and this adapter's own (`tasks.ts`).
 */
export type TaskTable = Record<string, (input: never) => unknown>;

/** Said when every worker is busy and the queue is full: the request is refused at once, never left to pile up. */
export const BUSY_MESSAGE = '服务器繁忙，请稍后再试';
const JOB_TIMEOUT_MS = 60_000;

/** How a task that ran past its time or memory ends: its thread is stopped and the task rejected with this. */
export class TaskOverrun extends Error {
  constructor(readonly reason: 'time' | 'memory' | 'exit') {
    super(`worker task stopped: ${reason}`);
    this.name = 'TaskOverrun';
  }
}

interface Job {
  task: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
  timeoutMs?: number;
  overran?: boolean;
}

interface Reply {
  ok: boolean;
  out?: unknown;
  error?: { message: string; app?: { id: string; code: number; status: number; message: string } };
}

/** Structured clone turns a Buffer into a plain Uint8Array: make it a Buffer again (no copy). */
function revive(value: unknown): unknown {
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  return value;
}

/**
 * A fixed set of worker threads with a bounded queue. Each thread runs one task at a time; a task beyond
 * `queue` waiting ones is refused with 503 (BUSY_MESSAGE). A thread that dies or overruns its task is replaced.
 * `warm` tasks run on each thread as it starts (the dictionary loads there, in the background, at start).
 */
export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Job>();
  private readonly waiting: Job[] = [];
  private readonly all = new Set<Worker>();
  private closed = false;

  constructor(
    private readonly options: {
      /** The thread's code: a module that serves a task table (`serveTasks` of serve.ts). */
      entry: URL;
      name: string;
      threads: number;
      queue: number;
      warm?: string[];
      eager?: boolean;
      /** A task's time limit (default 60 s); its thread is stopped past it. */
      timeoutMs?: number;
      /** The thread's heap limits (a task past them ends its thread, not the process). */
      resourceLimits?: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb?: number };
    },
  ) {
    if (options.eager) for (let i = 0; i < options.threads; i += 1) this.spawn();
  }

  private spawn(): Worker {
    const worker = new Worker(fileURLToPath(this.options.entry), {
      name: this.options.name,
      ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}),
    });
    worker.unref();
    this.all.add(worker);
    worker.on('message', (reply: Reply) => this.settle(worker, reply));
    worker.on('error', (error) => this.lose(worker, error));
    worker.on('exit', (code) => this.lose(worker, new Error(`worker exited with ${code}`)));
    const warm = this.options.warm ?? [];
    if (warm.length) {
      // Warm-up jobs go first on this thread; their failures are only logged by their absence of effect.
      for (const task of warm) this.waiting.unshift({ task, input: null, resolve: () => {}, reject: () => {} });
      this.start(worker);
    } else {
      this.idle.push(worker);
    }
    return worker;
  }

  private start(worker: Worker): void {
    const job = this.waiting.shift();
    if (!job) {
      this.idle.push(worker);
      return;
    }
    this.running.set(worker, job);
    job.timer = setTimeout(
      () => {
        job.overran = true;
        void worker.terminate();
      },
      job.timeoutMs ?? this.options.timeoutMs ?? JOB_TIMEOUT_MS,
    );
    worker.postMessage({ task: job.task, input: job.input });
  }

  private settle(worker: Worker, reply: Reply): void {
    const job = this.running.get(worker);
    this.running.delete(worker);
    if (job) {
      clearTimeout(job.timer);
      if (reply.ok) job.resolve(revive(reply.out));
      else if (reply.error?.app) {
        const a = reply.error.app;
        job.reject(new AppError(a.id, a.code, a.status, a.message));
      } else job.reject(new Error(reply.error?.message ?? 'worker task failed'));
    }
    if (!this.closed) this.start(worker);
  }

  private lose(worker: Worker, error: Error): void {
    if (!this.all.delete(worker)) return;
    const job = this.running.get(worker);
    this.running.delete(worker);
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    if (job) {
      clearTimeout(job.timer);
      const memory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      job.reject(job.overran ? new TaskOverrun('time') : memory ? new TaskOverrun('memory') : error);
    }
    // Replaced only when work waits: a thread that cannot start is not restarted in a loop.
    if (!this.closed && this.waiting.length > 0) this.spawn();
  }

  /**
   * Runs a task on a thread; waits in the queue when all are busy, refused (503) when the queue is full. Past its
   * time limit (`timeoutMs`, else the pool's) or the thread's memory limit it is rejected with a TaskOverrun.
   */
  run(task: string, input: unknown, timeoutMs?: number): Promise<unknown> {
    if (this.closed) return Promise.reject(new AppError('busy', Code.REFUSED, 503, BUSY_MESSAGE));
    if (this.waiting.length >= this.options.queue) {
      return Promise.reject(new AppError('busy', Code.REFUSED, 503, BUSY_MESSAGE));
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ task, input, resolve, reject, timeoutMs });
      const worker = this.idle.pop() ?? (this.all.size < this.options.threads ? this.spawn() : undefined);
      if (worker && !this.running.has(worker)) {
        const at = this.idle.indexOf(worker);
        if (at >= 0) this.idle.splice(at, 1);
        this.start(worker);
      }
    });
  }

  /** Tasks waiting for a thread (the bench and tests read it). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Threads, busy threads and waiting tasks (the admin console's server monitor). */
  stats(): { name: string; threads: number; busy: number; queued: number } {
    return { name: this.options.name, threads: this.options.threads, busy: this.running.size, queued: this.queued };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new AppError('busy', Code.REFUSED, 503, BUSY_MESSAGE));
    await Promise.all([...this.all].map((w) => w.terminate()));
    this.all.clear();
  }
}

/** Tasks that read uploaded documents (PDF books): a thread of their own, with time and memory limits. */
const DOCUMENT_TASKS = new Set(['pdfBook', 'pdfCover']);

/**
 * The app's CPU-heavy work, off the event loop (ctx.workers): captcha drawing, PDF and xlsx exports and image
 * decoding on a general pool; dictionary look-ups on a thread of their own that loads the dictionary at start;
 * uploaded documents read on a thread of their own (a hostile file stalls no other work) with a heap limit.
 */
export class HeavyWork<Tasks extends TaskTable> {
  private readonly general: WorkerPool;
  private readonly dictionary: WorkerPool;
  private readonly documents: WorkerPool;

  constructor(options: { entry: URL; threads: number; queue: number; dictionaryAtStart: boolean }) {
    this.general = new WorkerPool({
      entry: options.entry,
      name: 'heavy',
      threads: options.threads,
      queue: options.queue,
    });
    this.dictionary = new WorkerPool({
      entry: options.entry,
      name: 'dictionary',
      threads: 1,
      queue: options.queue,
      warm: ['warmDictionary'],
      eager: options.dictionaryAtStart,
    });
    this.documents = new WorkerPool({
      entry: options.entry,
      name: 'documents',
      threads: 1,
      queue: options.queue,
      timeoutMs: 120_000,
      resourceLimits: { maxOldGenerationSizeMb: 768, maxYoungGenerationSizeMb: 64 },
    });
  }

  /** Runs a task on its pool; `timeoutMs` shortens (or lengthens) its time limit. */
  run<K extends keyof Tasks & string>(
    task: K,
    input: Parameters<Tasks[K]>[0],
    timeoutMs?: number,
  ): Promise<Awaited<ReturnType<Tasks[K]>>> {
    const pool =
      task === 'lookup' || task === 'warmDictionary'
        ? this.dictionary
        : DOCUMENT_TASKS.has(task)
          ? this.documents
          : this.general;
    return pool.run(task, input, timeoutMs) as Promise<Awaited<ReturnType<Tasks[K]>>>;
  }

  stats() {
    return [this.general.stats(), this.dictionary.stats(), this.documents.stats()];
  }

  async close(): Promise<void> {
    await Promise.all([this.general.close(), this.dictionary.close(), this.documents.close()]);
  }
}
