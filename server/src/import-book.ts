import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { runImportCli } from './modules/import/cli.js';
import { bookStorage } from './modules/books/index.js';
import { startWorkers } from './workers.js';

/** `npm run import-book -- <file.epub or file.pdf> [--subject …]`: imports into the database named by DATABASE_URL. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  // A PDF is read in a worker thread with time and memory limits, as in the app.
  const workers = startWorkers({ threads: 1, queue: 4, dictionaryAtStart: false });
  try {
    await migrateToLatest(database.db);
    process.exitCode = await runImportCli(process.argv.slice(2), {
      db: database.db,
      dialect: database.dialect,
      storage: bookStorage(config),
      workers,
    });
  } finally {
    await workers.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
