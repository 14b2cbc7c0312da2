import { loadConfig } from '../config.js';
import { openDatabase } from './connection.js';
import { migrateToLatest } from './migrate.js';

/** `npm run db:migrate` (the demo seed, `npm run db:seed`, is `server/src/demo/cli.ts`). */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    const result = await migrateToLatest(database.db);
    const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
