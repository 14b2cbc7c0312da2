import SQLite from 'better-sqlite3';

/** What a database copy holds: rows per table, and the migrations applied to it. */
export interface SnapshotFacts {
  /** Rows of every table (SQLite's own `sqlite_…` tables aside), by table name. */
  tables: Record<string, number>;
  /** Names of the applied migrations (Kysely's bookkeeping), sorted. */
  migrations: string[];
}

export const MIGRATION_TABLE = 'kysely_migration';

/** `"name"`, with any `"` doubled: a table name read from the catalogue, put back into SQL. */
export const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Copies a SQLite database as of one moment, while the platform writes to it: `VACUUM INTO` reads the whole file
 * inside one read transaction (WAL: writers carry on meanwhile) and writes a compact copy, so the copy never
 * holds half a transaction; SQLite's backup API, in contrast, starts over whenever another connection writes.
 * Answers the copy's facts. Synchronous: the scheduled job runs it in a worker thread (adapters' `sqliteSnapshot`).
 */
export function sqliteSnapshot(input: { source: string; target: string }): SnapshotFacts {
  const source = new SQLite(input.source, { fileMustExist: true });
  try {
    source.prepare('vacuum into ?').run(input.target);
  } finally {
    source.close();
  }
  return sqliteFacts(input.target);
}

/** Rows per table and applied migrations of a SQLite file. */
export function sqliteFacts(file: string): SnapshotFacts {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const names = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'")
      .pluck()
      .all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names.sort()) {
      tables[name] = db
        .prepare(`select count(*) from ${quoteName(name)}`)
        .pluck()
        .get() as number;
    }
    const migrations = names.includes(MIGRATION_TABLE)
      ? (db.prepare(`select name from ${MIGRATION_TABLE} order by name`).pluck().all() as string[])
      : [];
    return { tables, migrations };
  } finally {
    db.close();
  }
}
