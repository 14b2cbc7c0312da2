import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isPostgresUrl } from '../config.js';
import { openDatabase, type DbHandle } from './connection.js';
import { migrateToLatest, oneAtATime } from './migrate.js';
import { migrations } from './migrations/index.js';
import { withSchemaLock } from '../../test/db.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const onPostgres = Boolean(PG_URL && isPostgresUrl(PG_URL));
const count = Object.keys(migrations).length;

/** Instances start at once on a fresh database: every one migrates, each migration is applied once. */
async function migrateTogether(handles: DbHandle[], schema?: string): Promise<string[]> {
  const options = schema ? { schema } : {};
  const runs = await Promise.all(handles.map((h) => migrateToLatest(h.db, options)));
  const applied = runs.flatMap((run) => run.results ?? []);
  expect(applied.every((r) => r.status === 'Success')).toBe(true);
  return applied.map((r) => r.migrationName);
}

describe.runIf(onPostgres)('migrations when four instances start together (PostgreSQL)', () => {
  it('runs them once: the others wait on the advisory lock, then find them applied', async () => {
    const url = PG_URL!;
    const schema = `t_migrate_${process.pid}_${randomBytes(3).toString('hex')}`;
    // The test helper's schema lock keeps other files' schema drops away from the migrators' catalogue reads.
    await withSchemaLock(url, async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const handles = [1, 2, 3, 4].map(() => openDatabase(url, { schema }));
      const [a, b] = handles as [DbHandle, DbHandle];
      try {
        const names = await migrateTogether(handles, schema);
        expect(names).toHaveLength(count);
        expect(new Set(names).size).toBe(count);
        const rows = await a.db
          .withSchema(schema)
          .selectFrom('kysely_migration' as never)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number((rows as { n: number }).n)).toBe(count);
        // A third start later does nothing.
        expect((await migrateToLatest(b.db, { schema })).results).toEqual([]);
      } finally {
        for (const h of handles) await h.close();
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
    });
  });
});

describe.runIf(onPostgres)('start-up work one instance at a time (PostgreSQL)', () => {
  it('never runs two at once across connections (the seed of an empty database runs once)', async () => {
    const handles = [1, 2, 3].map(() => openDatabase(PG_URL!));
    let running = 0;
    let most = 0;
    try {
      await Promise.all(
        handles.map((h) =>
          oneAtATime(h.db, `test-${process.pid}`, async () => {
            running += 1;
            most = Math.max(most, running);
            await new Promise((r) => setTimeout(r, 100));
            running -= 1;
          }),
        ),
      );
      expect(most).toBe(1);
    } finally {
      for (const h of handles) await h.close();
    }
  });
});

describe.runIf(!onPostgres)('migrations when two processes open one SQLite file together', () => {
  it('runs them once: the second waits for the file’s write lock, then finds them applied', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-lock-'));
    const file = path.join(dir, 'platform.db');
    const a = openDatabase(file);
    const b = openDatabase(file);
    // Both connections live in this one process, where a busy wait blocks the other: wait briefly, then retry.
    for (const handle of [a, b]) await sql`pragma busy_timeout = 50`.execute(handle.db);
    try {
      const names = await migrateTogether([a, b]);
      expect(names).toHaveLength(count);
      expect(new Set(names).size).toBe(count);
    } finally {
      await a.close();
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
