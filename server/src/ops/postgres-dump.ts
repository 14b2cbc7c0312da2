import { spawn } from 'node:child_process';
import pg from 'pg';
import { MIGRATION_TABLE, quoteName, type SnapshotFacts } from '../db/snapshot.js';

/**
 * PostgreSQL backups through the server's own tools, `pg_dump` and `pg_restore` (Debian: the `postgresql-client`
 * package of the server's major version or newer). The password travels in the child's environment
 * (`PGPASSWORD`), never on its command line, where any user of the machine could read it.
 */
function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool; rejects with its own words (stderr) when it fails or is not installed. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const { dbname, env } = connectionFor(url);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${dbname}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(`${tool} is not installed on this machine (Debian: apt-get install postgresql-client)`)
          : err,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Rows per table of the current schema and the applied migrations, as the client's transaction sees them. */
async function facts(client: pg.Client): Promise<SnapshotFacts> {
  const { rows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables: Record<string, number> = {};
  for (const { name } of rows) {
    const counted = await client.query<{ n: number }>(`select count(*)::int as n from ${quoteName(name)}`);
    tables[name] = counted.rows[0]!.n;
  }
  const migrations = rows.some((r) => r.name === MIGRATION_TABLE)
    ? (await client.query<{ name: string }>(`select name from ${MIGRATION_TABLE} order by name`)).rows.map(
        (r) => r.name,
      )
    : [];
  return { tables, migrations };
}

/**
 * Dumps the database as of one moment while the platform writes to it: a repeatable-read transaction exports its
 * snapshot, the rows are counted inside it, and `pg_dump --snapshot` dumps exactly what that transaction sees (the
 * transaction stays open until the dump is done). Custom format, without owners or grants (restorable by another
 * role into another database).
 */
export async function postgresSnapshot(url: string, target: string): Promise<SnapshotFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const counted = await facts(client);
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]!.id}`, `--file=${target}`],
      url,
    );
    await client.query('commit');
    return counted;
  } finally {
    await client.end();
  }
}

/** Tables in the database's current schema (a restore target must have none). */
export async function postgresTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = current_schema()`,
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

/** Loads a dump into an empty database in one transaction: all of it, or nothing. */
export async function postgresRestore(url: string, dump: string): Promise<void> {
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dump], url);
}

/** Rows per table and applied migrations of a database (after a restore, to compare with the manifest). */
export async function postgresFacts(url: string): Promise<SnapshotFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await facts(client);
  } finally {
    await client.end();
  }
}
