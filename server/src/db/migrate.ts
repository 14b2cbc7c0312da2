import { Migrator, NO_MIGRATIONS, type MigrationResultSet } from 'kysely';
import type { Db } from './connection.js';
import { migrations } from './migrations/index.js';

function migratorFor(db: Db): Migrator {
  // Domains number their migrations in their own ranges, so a later-merged domain may add a name that sorts
  // before one already applied: run it rather than refuse.
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const result = await migratorFor(db).migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** Runs every migration down and up again: an empty, current schema. */
export async function resetDatabase(db: Db): Promise<void> {
  const down = await migratorFor(db).migrateTo(NO_MIGRATIONS);
  if (down.error) throw down.error;
  await migrateToLatest(db);
}
