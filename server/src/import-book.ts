import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { runImportCli } from './modules/import/cli.js';
import { bookStorage } from './modules/books/index.js';

/** `npm run import-book -- <file.epub> [--subject …]`: imports into the database named by DATABASE_URL. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    process.exitCode = await runImportCli(process.argv.slice(2), {
      db: database.db,
      dialect: database.dialect,
      storage: bookStorage(config),
    });
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
