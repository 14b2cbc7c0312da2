import { Migrator, NO_MIGRATIONS, PostgresAdapter, sql, type MigrationResultSet } from 'kysely';
import type { Db } from './connection.js';
import { migrations } from './migrations/index.js';

export interface MigrateOptions {
  /**
   * PostgreSQL schema that holds the migration bookkeeping. Kysely looks for its tables across every schema, so
   * with several schemas in one database (tests) it must be told which one is ours.
   */
  schema?: string;
}

function migratorFor(db: Db, options: MigrateOptions = {}): Migrator {
  // Domains number their migrations in their own ranges, so a later-merged domain may add a name that sorts
  // before one already applied: run it rather than refuse.
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
}

/**
 * Several instances may start at once on one database (the scale profile): the migrations must run once.
 *
 * PostgreSQL: a session advisory lock, per schema, held on one connection around the whole run: the second
 * instance waits, then finds every migration applied. (Kysely's own lock already serialises the migrations'
 * transaction and tolerates the race on its bookkeeping tables; this lock makes the whole run, state reading
 * included, one instance at a time, whatever the migrator does inside.)
 *
 * SQLite: the file's write lock. Kysely runs SQLite migrations outside any transaction (its adapter declares no
 * transactional DDL), so two processes would both see nothing applied and both create the first table. Here the
 * whole run is one `BEGIN IMMEDIATE` transaction: it takes the file's write lock first (another process waits on
 * busy_timeout), every migration commits together or not at all, and the second process, once it has the lock,
 * finds them applied. (SQLite serves one instance on one machine; this covers a restart overlapping the old
 * process, or a command-line run beside the server.)
 */
export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<MigrationResultSet> {
  const run = async (on: Db) => {
    const result = await migratorFor(on, options).migrateToLatest();
    if (result.error) throw result.error;
    return result;
  };
  if (isPostgres(db)) return withAdvisoryLock(db, 'migrate', () => run(db));
  return retryWhileBusy(() => inWriteTransaction(db, run));
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Runs `work` on one instance at a time across every instance of the database (PostgreSQL: a session advisory
 * lock named `name`, per schema); on SQLite, which serves one instance, it simply runs. main.ts seeds an empty
 * database inside it, so instances starting together on an empty database seed it once.
 */
export async function oneAtATime<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  return isPostgres(db) ? withAdvisoryLock(db, name, work) : work();
}

async function withAdvisoryLock<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  // A key per name and schema (`hashtext`), so every instance computes the same one.
  const key = sql`hashtext(${`textbook:${name}:`} || current_schema())`;
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/**
 * The work on the one SQLite connection, inside `BEGIN IMMEDIATE` … `COMMIT` (rolled back when it throws), with
 * foreign keys off as SQLite's ALTER TABLE page asks for a table rebuild (a dropped parent table would otherwise
 * cascade to its children); every foreign key is checked before the commit, and they are on again after.
 */
async function inWriteTransaction<T>(db: Db, work: (conn: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(conn);
    await sql`pragma foreign_keys = off`.execute(conn);
    try {
      await sql`begin immediate`.execute(conn);
      try {
        const out = await work(conn);
        const broken = await sql`pragma foreign_key_check`.execute(conn);
        if (broken.rows.length) throw new Error(`migrations broke foreign keys: ${JSON.stringify(broken.rows[0])}`);
        await sql`commit`.execute(conn);
        return out;
      } catch (err) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw err;
      }
    } finally {
      if (fk.rows[0]?.foreign_keys) await sql`pragma foreign_keys = on`.execute(conn);
    }
  });
}

/** A writer that held the lock longer than busy_timeout: try again (its migrations may be applied by then). */
const BUSY_TRIES = 20;

async function retryWhileBusy<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (!code.startsWith('SQLITE_BUSY') || attempt >= BUSY_TRIES) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** Runs every migration down and up again: an empty, current schema. */
export async function resetDatabase(db: Db, options: MigrateOptions = {}): Promise<void> {
  const down = await migratorFor(db, options).migrateTo(NO_MIGRATIONS);
  if (down.error) throw down.error;
  await migrateToLatest(db, options);
}
