import { randomUUID } from 'node:crypto';
import type { KvStore } from '../adapters/kv/index.js';

/** What one round of a job ended with. */
export type JobResult = 'ok' | 'error';

/** A job as the console's scheduled-jobs page shows it (contracts' `JobRow`). */
export interface JobState {
  name: string;
  label: string;
  everyMs: number;
  paused: boolean;
  running: boolean;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  lastMs: number | null;
  lastResult: JobResult | null;
  /** The round's own summary (e.g. `3`: three orders closed), or the error's message. */
  lastMessage: string;
  runs: number;
  failures: number;
  /** When the timer next fires (null while paused). */
  nextRunAt: number | null;
}

/** What a job is: its name, its console label, how often it runs and where. */
export interface JobDef {
  name: string;
  label: string;
  everyMs: number;
  /**
   * Runs on every instance (a probe of the instance's own database and store). Default: once across the
   * instances sharing the store (orders closing, reminders).
   */
  perInstance?: boolean;
}

interface Job extends JobState {
  perInstance: boolean;
  task: () => Promise<unknown>;
  onError: (err: unknown) => void;
  timer: ReturnType<typeof setInterval> | undefined;
  round: Promise<void> | undefined;
  startedTimerAt: number;
}

/**
 * The app's repeating jobs (the orders close job, the homework reminder job, the operate probe…): made once per
 * app in `buildApp` as `ctx.jobs`, fed by `ctx.jobs.add`, closed with the app. It keeps each job's last run,
 * result and next run for the console, runs one now and pauses or resumes one. The state is this instance's.
 *
 * Once across instances: every instance has the timers, but a timer's round runs only on the instance that takes
 * the job's lock in the shared store (`ctx.kv`: Redis with REDIS_URL), which lasts 90% of the period; the others
 * skip that tick. So a job runs once a period whatever the number of instances, and another instance takes over
 * within a period when the one that ran it stops. A store that cannot be reached skips the tick (reported), never
 * runs it everywhere. "Run now" from the console runs here at once and takes the lock for the period.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, Job>();
  /** This registry's name in the lock's value (which instance ran the last round). */
  private readonly instance = randomUUID();

  /** Without a store (unit tests) every round runs here. */
  constructor(private readonly lock?: Pick<KvStore, 'setIfAbsent' | 'set'>) {}

  /**
   * Runs `task` every `everyMs` while the app lives, never two rounds at once (a slow round makes the next tick
   * skip), once across the instances unless `perInstance`; a failed round is reported to `onError` and the next tick
   * tries again. The job is listed here (the console's scheduled jobs, with run now and pause); a name given twice
   * replaces the first job. The timer does not keep the process alive; `close` stops it (the app-close hook calls it).
   */
  add(def: JobDef, task: () => Promise<unknown>, onError: (err: unknown) => void): { close: () => void } {
    this.remove(def.name);
    const job: Job = {
      ...def,
      perInstance: def.perInstance ?? false,
      paused: false,
      running: false,
      lastStartedAt: null,
      lastFinishedAt: null,
      lastMs: null,
      lastResult: null,
      lastMessage: '',
      runs: 0,
      failures: 0,
      nextRunAt: null,
      task,
      onError,
      timer: undefined,
      round: undefined,
      startedTimerAt: 0,
    };
    this.jobs.set(def.name, job);
    this.start(job);
    return { close: () => this.remove(def.name) };
  }

  list(now = Date.now()): JobState[] {
    return [...this.jobs.values()].map((job) => this.view(job, now));
  }

  /** One job, or undefined when there is none by that name. */
  get(name: string): JobState | undefined {
    const job = this.jobs.get(name);
    return job && this.view(job, Date.now());
  }

  /** Runs a round now and answers the job after it; `busy` while a round is running (none is started). */
  async runNow(name: string): Promise<JobState | 'busy' | undefined> {
    const job = this.jobs.get(name);
    if (!job) return undefined;
    if (job.running) return 'busy';
    if (this.lock && !job.perInstance) {
      await this.lock.set(this.lockKey(job), this.instance, this.lockMs(job)).catch(() => undefined);
    }
    await this.round(job);
    return this.get(name);
  }

  /** Stops the job's timer until `resume` (a round under way finishes). */
  pause(name: string): JobState | undefined {
    const job = this.jobs.get(name);
    if (!job) return undefined;
    job.paused = true;
    this.stop(job);
    return this.get(name);
  }

  resume(name: string): JobState | undefined {
    const job = this.jobs.get(name);
    if (!job) return undefined;
    if (job.paused) {
      job.paused = false;
      this.start(job);
    }
    return this.get(name);
  }

  /** Stops every timer (the app's close); a round under way finishes on its own. */
  close(): void {
    for (const name of [...this.jobs.keys()]) this.remove(name);
  }

  private remove(name: string): void {
    const job = this.jobs.get(name);
    if (!job) return;
    this.stop(job);
    this.jobs.delete(name);
  }

  private start(job: Job): void {
    job.startedTimerAt = Date.now();
    // A slow round makes the next tick skip: never two rounds of a job at once.
    job.timer = setInterval(() => {
      if (!job.running) void this.tick(job);
    }, job.everyMs);
    job.timer.unref();
  }

  private stop(job: Job): void {
    if (job.timer) clearInterval(job.timer);
    job.timer = undefined;
  }

  private lockKey(job: Job): string {
    return `job:${job.name}`;
  }

  /** 90% of the period: free again before the next tick of whichever instance ran the last round. */
  private lockMs(job: Job): number {
    return Math.max(1, Math.floor(job.everyMs * 0.9));
  }

  /** A timer's tick: the round, when this instance takes the job's lock (or the job runs on every instance). */
  private async tick(job: Job): Promise<void> {
    if (this.lock && !job.perInstance) {
      let mine: boolean;
      try {
        mine = await this.lock.setIfAbsent(this.lockKey(job), this.instance, this.lockMs(job));
      } catch (err) {
        job.onError(err);
        return;
      }
      if (!mine || job.running) return;
    }
    await this.round(job);
  }

  private round(job: Job): Promise<void> {
    if (job.round) return job.round;
    job.running = true;
    const started = Date.now();
    job.lastStartedAt = started;
    job.round = job
      .task()
      .then(
        (out) => {
          job.lastResult = 'ok';
          job.lastMessage = out === undefined || out === null ? '' : String(out);
        },
        (err: unknown) => {
          job.lastResult = 'error';
          job.failures += 1;
          job.lastMessage = err instanceof Error ? err.message : String(err);
          job.onError(err);
        },
      )
      .finally(() => {
        job.runs += 1;
        job.lastFinishedAt = Date.now();
        job.lastMs = job.lastFinishedAt - started;
        job.running = false;
        job.round = undefined;
      });
    return job.round;
  }

  private view(job: Job, now: number): JobState {
    const { task: _t, onError: _e, timer: _ti, round: _r, perInstance: _p, startedTimerAt, ...state } = job;
    const ticks = Math.floor((now - startedTimerAt) / job.everyMs) + 1;
    return { ...state, nextRunAt: job.paused ? null : startedTimerAt + ticks * job.everyMs };
  }
}
