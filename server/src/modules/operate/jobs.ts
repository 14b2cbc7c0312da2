import { sql } from 'kysely';
import { JobLabels, PeopleMsg, type JobRow } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import type { JobState } from '../../util/repeat.js';

/**
 * The console's scheduled jobs (issue 19): the app's registry (`ctx.jobs`, fed by every `ctx.jobs.add`) read,
 * run now, paused and resumed; and the operate module's own job, a health probe of the database and the shared
 * store every minute (a failing round shows as the job's error).
 */

function known(job: JobState | undefined): JobRow {
  if (!job) throw notFound(PeopleMsg.NO_SUCH_JOB);
  return job;
}

export async function runNow(ctx: AppContext, name: string): Promise<JobRow> {
  const job = await ctx.jobs.runNow(name);
  if (job === 'busy') throw refused(PeopleMsg.JOB_BUSY);
  return known(job);
}

export const pause = (ctx: AppContext, name: string): JobRow => known(ctx.jobs.pause(name));
export const resume = (ctx: AppContext, name: string): JobRow => known(ctx.jobs.resume(name));

/** One probe round: the database answers a query and the shared store keeps a value; answers the times. */
export async function probeOnce(ctx: AppContext): Promise<string> {
  const started = performance.now();
  await sql`select 1`.execute(ctx.db);
  const db = performance.now() - started;
  await ctx.kv.set('operate:probe', String(Date.now()), 60_000);
  if ((await ctx.kv.get('operate:probe')) === null) throw new Error('kv lost the probe value');
  const kv = performance.now() - started - db;
  return `db ${db.toFixed(1)} ms, kv ${kv.toFixed(1)} ms`;
}

export function startProbeJob(ctx: AppContext, log: { warn: (obj: object, msg: string) => void }, everyMs = 60_000) {
  return ctx.jobs.add(
    // Every instance probes its own database and store.
    { name: 'operate.probe', label: JobLabels['operate.probe'], everyMs, perInstance: true },
    () => probeOnce(ctx),
    (err) => log.warn({ err }, 'operate probe failed'),
  );
}
