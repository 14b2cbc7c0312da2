import path from 'node:path';
import { sql } from 'kysely';
import { JobLabels, PeopleMsg, type JobRow } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import type { JobState } from '../../util/repeat.js';
import { pruneBackups, writeBackup } from '../../ops/backup.js';

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

/**
 * One scheduled backup (`BACKUP_EVERY_HOURS`): the database (SQLite copied in a worker thread) and the stored
 * files into BACKUP_DIR, then the oldest backups beyond BACKUP_KEEP removed. Answers the round's summary.
 */
export async function backupOnce(ctx: AppContext): Promise<string> {
  const { dir, manifest } = await writeBackup(
    {
      databaseUrl: ctx.config.databaseUrl,
      files: ctx.files,
      sqliteCopy: (input) => ctx.workers.run('sqliteSnapshot', input, 60 * 60_000),
    },
    ctx.config.backup.dir,
  );
  const removed = await pruneBackups(ctx.config.backup.dir, ctx.config.backup.keep);
  const tables = Object.keys(manifest.database.tables).length;
  return `${path.basename(dir)}: ${tables} tables, ${manifest.files.length} files; ${removed} old removed`;
}

export function startBackupJob(ctx: AppContext, log: { error: (obj: object, msg: string) => void }) {
  const hours = ctx.config.backup.everyHours;
  if (!hours) return { close: () => undefined };
  return ctx.jobs.add(
    { name: 'operate.backup', label: JobLabels['operate.backup'], everyMs: hours * 3_600_000 },
    () => backupOnce(ctx),
    (err) => log.error({ err }, 'scheduled backup failed'),
  );
}
