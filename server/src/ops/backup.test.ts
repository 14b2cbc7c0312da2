import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobRow } from '@textbook/contracts';
import { isPostgresUrl, type StorageConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { openFileAreas, type OpenedAreas } from '../adapters/storage/areas.js';
import { AREA_FOLDERS, type FileAreas } from '../adapters/storage/index.js';
import { adminQuery, databaseUrl } from '../../test/db.js';
import { buildCollege, buildMember, buildStaff } from '../../test/factories.js';
import { call, expectOk, useTestApp } from '../../test/helpers.js';
import { backupFilePath, MANIFEST, pruneBackups, writeBackup, type AreaName } from './backup.js';
import { restoreBackup, RestoreRefused } from './restore.js';

/**
 * `npm run backup` / `npm run restore` (issue 35) on the suite's database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL) and file areas (folders, or a bucket with TEST_STORAGE=s3): a backup taken while writes run
 * restores into a fresh target holding exactly the snapshot, and every stored file byte for byte.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'textbook-backup-'));
const backups = path.join(work, 'backups');
const t = useTestApp({ dataDir: path.join(work, 'source'), backup: { dir: backups, everyHours: 24, keep: 1 } });

interface Target {
  databaseUrl: string;
  files: FileAreas;
}
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

let targets = 0;
/** An empty database (a new SQLite file, or a new PostgreSQL database) and empty file areas. */
async function freshTarget(): Promise<Target> {
  targets += 1;
  const source = t.database.url!;
  const storage: StorageConfig = t.ctx.config.storage.url
    ? { ...t.ctx.config.storage, url: t.ctx.config.storage.url.replace(/^(s3:\/\/[^/?]+\/)/, `$1restore${targets}-`) }
    : { url: undefined, accessKeyId: '', secretAccessKey: '' };
  const areas: OpenedAreas = openFileAreas({ dataDir: path.join(work, `target-${targets}`), storage });
  let url = path.join(work, `target-${targets}`, 'platform.db');
  if (isPostgresUrl(source)) {
    const name = `${new URL(source).pathname.slice(1)}_r${targets}`;
    await adminQuery(source, `create database ${name}`);
    url = databaseUrl(source, name);
    cleanups.push(() => adminQuery(source, `drop database if exists ${name} with (force)`));
  }
  cleanups.push(async () => areas.close());
  return { databaseUrl: url, files: areas.files };
}

/** Every row of every table, each as JSON, sorted: two databases compare equal when these are equal. */
async function rowsOf(url: string): Promise<Record<string, string[]>> {
  const handle = openDatabase(url);
  try {
    const names =
      handle.dialect === 'postgres'
        ? await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(handle.db)
        : await sql<{ name: string }>`select name from sqlite_master
            where type = 'table' and name not like 'sqlite%'`.execute(handle.db);
    const out: Record<string, string[]> = {};
    for (const { name } of names.rows) {
      const { rows } = await sql`select * from ${sql.table(name)}`.execute(handle.db);
      out[name] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return out;
  } finally {
    await handle.close();
  }
}

/** Every stored file of every area: `area/name` → bytes as base64. */
async function filesOf(files: FileAreas): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const area of Object.keys(AREA_FOLDERS) as AreaName[]) {
    for await (const name of files[area].names()) {
      out.set(`${area}/${name}`, (await files[area].get(name))!.toString('base64'));
    }
  }
  return out;
}

/** Writes while the backup runs: a member with a membership (one transaction) and a stored file, every 10 ms. */
function startWrites() {
  let stop = false;
  let rounds = 0;
  const running = (async () => {
    const college = await buildCollege(t.ctx.db);
    while (!stop) {
      await t.ctx.db.transaction().execute((trx) => buildMember(trx, { college, roles: '1' }));
      await t.ctx.files.site.put(`${randomUUID()}.png`, randomBytes(1500 + rounds));
      rounds += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    rounds: () => rounds,
    stop: async () => {
      stop = true;
      await running;
      return rounds;
    },
  };
}

describe('backup and restore', () => {
  it('backs up while writes run; the restore holds exactly the snapshot, counted in the manifest', async () => {
    for (const area of ['books', 'avatars', 'site'] as const) {
      await t.ctx.files[area].put(`${randomUUID()}.bin`, randomBytes(3000));
    }
    const writes = startWrites();
    let during: number;
    let written: Awaited<ReturnType<typeof writeBackup>>;
    try {
      while (writes.rounds() < 5) await new Promise((resolve) => setTimeout(resolve, 5));
      const before = writes.rounds();
      written = await writeBackup(
        {
          databaseUrl: t.database.url!,
          files: t.ctx.files,
          sqliteCopy: (input) => t.ctx.workers.run('sqliteSnapshot', input),
        },
        backups,
      );
      during = writes.rounds() - before;
    } finally {
      await writes.stop();
    }
    const { dir, manifest } = written;
    expect(during, 'writes went on while the backup ran').toBeGreaterThan(0);
    expect(manifest.database.kind).toBe(t.ctx.dialect);
    expect(manifest.database.migrations.count).toBeGreaterThan(10);
    expect(manifest.database.tables.members).toBeGreaterThan(0);

    const target = await freshTarget();
    await restoreBackup(dir, target);
    const [restored, now] = await Promise.all([rowsOf(target.databaseUrl), rowsOf(t.database.url!)]);
    expect(Object.keys(restored).sort()).toEqual(Object.keys(now).sort());
    for (const [table, rows] of Object.entries(restored)) {
      expect(rows.length, table).toBe(manifest.database.tables[table]);
      // Only inserts ran: whatever the snapshot holds is still in the source, unchanged.
      const present = new Set(now[table]);
      expect(
        rows.filter((row) => !present.has(row)),
        table,
      ).toEqual([]);
    }
    // One transaction per member: the snapshot never holds a member without its membership.
    const ids = (rows: string[], key: string) => rows.map((row) => (JSON.parse(row) as Record<string, number>)[key]);
    const withMembership = new Set(ids(restored.college_members!, 'member_id'));
    expect(restored.members!.length).toBeGreaterThan(0);
    expect(ids(restored.members!, 'id').filter((id) => !withMembership.has(id!))).toEqual([]);

    const copied = await filesOf(target.files);
    expect([...copied.keys()].sort()).toEqual(manifest.files.map((f) => `${f.area}/${f.name}`).sort());
    const source = await filesOf(t.ctx.files);
    for (const [key, bytes] of copied) expect(bytes === source.get(key), key).toBe(true);
  });

  it('a backup at rest restores equal in every table and every file', async () => {
    const { dir } = await writeBackup({ databaseUrl: t.database.url!, files: t.ctx.files }, backups);
    const target = await freshTarget();
    await restoreBackup(dir, target);
    expect(await rowsOf(target.databaseUrl)).toEqual(await rowsOf(t.database.url!));
    expect(await filesOf(target.files)).toEqual(await filesOf(t.ctx.files));

    // A second restore into the same, now full, target is refused before anything is written.
    await expect(restoreBackup(dir, target)).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(dir, target)).rejects.toThrow(/not empty.*tables.*file area/);
  });

  it('refuses a damaged backup, naming the piece', async () => {
    const { dir, manifest } = await writeBackup({ databaseUrl: t.database.url!, files: t.ctx.files }, backups);
    const entry = manifest.files[0]!;
    fs.appendFileSync(backupFilePath(dir, entry.area, entry.name), 'x');
    await expect(restoreBackup(dir, await freshTarget())).rejects.toThrow(/checksum mismatch/);
    fs.appendFileSync(path.join(dir, MANIFEST), ' ');
    await expect(restoreBackup(dir, await freshTarget())).rejects.toThrow(/damaged or edited/);
  });

  it('the scheduled job writes a backup and keeps the newest BACKUP_KEEP', async () => {
    t.ctx.config.databaseUrl = t.database.url!; // the job backs up DATABASE_URL; here, the suite's database
    const chief = await buildStaff(t.ctx.db, { isAdmin: true });
    const job = expectOk(
      await call<JobRow>(t.app, {
        method: 'POST',
        url: '/api/admin/jobs/run',
        token: chief.token,
        payload: { name: 'operate.backup' },
      }),
    );
    expect(job.lastResult, job.lastMessage).toBe('ok');
    expect(job.lastMessage).toMatch(/^backup-\S+: \d+ tables, \d+ files; \d+ old removed$/);
    const kept = fs.readdirSync(backups).filter((n) => n.startsWith('backup-'));
    expect(kept).toHaveLength(1);
    expect(await pruneBackups(backups, 1)).toBe(0);
  });
});
