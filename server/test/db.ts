import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isPostgresUrl } from '../src/config.js';
import { openDatabase, type DbHandle } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';

/**
 * A fresh, migrated database for one test file: a SQLite file in a temporary folder, or, when
 * TEST_DATABASE_URL is a postgres URL, a schema of its own in that database. `drop` removes it.
 */
export interface TestDatabase extends DbHandle {
  drop(): Promise<void>;
  label: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url && isPostgresUrl(url)) {
    const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handle = openDatabase(url, { schema });
    await migrateToLatest(handle.db, { schema });
    return {
      ...handle,
      label: `postgres schema ${schema}`,
      drop: async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
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
