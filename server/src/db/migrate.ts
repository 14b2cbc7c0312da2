import { Migrator, NO_MIGRATIONS, type MigrationResultSet } from 'kysely';
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

export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<MigrationResultSet> {
  const result = await migratorFor(db, options).migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** Runs every migration down and up again: an empty, current schema. */
export async function resetDatabase(db: Db, options: MigrateOptions = {}): Promise<void> {
  const down = await migratorFor(db, options).migrateTo(NO_MIGRATIONS);
  if (down.error) throw down.error;
  await migrateToLatest(db, options);
}
