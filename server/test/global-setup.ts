// Vitest global setup of the API suite. On PostgreSQL (TEST_DATABASE_URL), one database for the run is made and
// migrated here, as the template every test file copies its own database from (server/test/db.ts); every
// database of the run is dropped afterwards. On SQLite there is nothing to do: each file migrates a file of its own.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isPostgresUrl } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { TEMPLATE_ENV, adminQuery, databaseUrl } from './db.js';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || !isPostgresUrl(url)) return undefined;
  // Database names of this run start with `run`; the workers' copies add their process and a random part.
  const run = `tb_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const template = `${run}_tpl`;
  await adminQuery(url, `create database ${template}`);
  const handle = openDatabase(databaseUrl(url, template));
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  // The workers start after this and inherit the environment.
  process.env[TEMPLATE_ENV] = template;
  return async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
        `${run}\\_%`,
      ]);
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
