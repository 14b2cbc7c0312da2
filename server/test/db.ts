import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isPostgresUrl } from '../src/config.js';
import { openDatabase, type DbHandle } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';

/**
 * A fresh, migrated database for one test file: a SQLite file in a temporary folder, or, when `url` (by default
 * TEST_DATABASE_URL) is a postgres URL, a schema of its own in that database. `drop` removes it.
 */
export interface TestDatabase extends DbHandle {
  drop(): Promise<void>;
  label: string;
}

/**
 * Test files run two at a time, each making and dropping schemas in the one database. Kysely's migrator reads the
 * catalogue of every schema (it looks for its own tables), and a catalogue read that meets a schema another worker
 * is dropping at that moment fails ("schema t_… does not exist"). Making, migrating and dropping a schema take
 * this advisory lock, so they never overlap; the tests themselves still run side by side.
 */
const SCHEMA_LOCK = 7_270_001;

export async function withSchemaLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    return await work();
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK]).catch(() => undefined);
    await admin.end();
  }
}

export async function createTestDatabase(url = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  if (url && isPostgresUrl(url)) {
    const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const handle = await withSchemaLock(url, async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const opened = openDatabase(url, { schema });
      await migrateToLatest(opened.db, { schema });
      return opened;
    });
    return {
      ...handle,
      label: `postgres schema ${schema}`,
      drop: async () => {
        await handle.close();
        await withSchemaLock(url, async () => {
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          await c.query(`drop schema if exists ${schema} cascade`);
          await c.end();
        });
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'textbook-test-'));
  const file = path.join(dir, 'test.db');
  const handle = openDatabase(file);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    label: `sqlite ${file}`,
    drop: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
