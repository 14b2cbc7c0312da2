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
  /** The database as `DATABASE_URL` would name it (a SQLite file, a postgres URL); none for a schema of its own. */
  url?: string;
}

/**
 * The API suite's migrated template database (PostgreSQL), named by server/test/global-setup.ts for the workers:
 * each test file then gets a database copied from it, 50–100 ms instead of 0.8 s to make and migrate a schema
 * and 0.6 s to drop it under the lock below (which made the suite's 117 files wait on each other for 160 s).
 */
export const TEMPLATE_ENV = 'TEST_PG_TEMPLATE';

/** `url` with another database name in its path. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
}

/** Runs one statement on an administrative connection to `url`'s database. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Runs a statement that PostgreSQL refuses while another session is connected to the database it names (55006:
 * a copy's template, or a database to drop whose pool's connections are still saying goodbye), again a moment
 * later. (`drop … with (force)` would end those sessions, and each would throw "terminating connection due to
 * administrator command" in the test process.)
 */
async function whenAlone(url: string, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await adminQuery(url, statement);
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

async function copyOfTemplate(url: string, template: string): Promise<TestDatabase> {
  const name = `${template.replace(/_tpl$/, '')}_${process.pid}_${randomBytes(3).toString('hex')}`;
  // WAL_LOG copies a small database block by block through the WAL, without FILE_COPY's checkpoint.
  await whenAlone(url, `create database ${name} template ${template} strategy wal_log`);
  const handle = openDatabase(databaseUrl(url, name));
  return {
    ...handle,
    label: `postgres database ${name}`,
    url: databaseUrl(url, name),
    drop: async () => {
      await handle.close();
      await whenAlone(url, `drop database if exists ${name}`);
    },
  };
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
  const template = process.env[TEMPLATE_ENV];
  if (url && isPostgresUrl(url) && template) return copyOfTemplate(url, template);
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
    url: file,
    drop: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
