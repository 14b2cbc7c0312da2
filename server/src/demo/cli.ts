import { appContext, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest, resetDatabase } from '../db/migrate.js';
import { bookStorage } from '../modules/books/index.js';
import { seedDemoTeaching } from './demo-teaching.js';
import { hasData, seedDemo } from './index.js';

/** `npm run db:seed [-- --force]`: the latest migrations, then the demo content into an empty database. */
async function main(): Promise<void> {
  const flags = process.argv.slice(2);
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    const result = await migrateToLatest(database.db);
    const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
    if (await hasData(database.db)) {
      if (!flags.includes('--force')) {
        console.error(
          'The database already has data; the seed did not touch it. Run `npm run db:seed -- --force` to erase it and seed demo content.',
        );
        process.exitCode = 1;
        return;
      }
      await resetDatabase(database.db);
      console.log('Existing data erased (--force).');
    }
    await seedDemo(database.db, Date.now(), {
      dialect: database.dialect,
      storage: bookStorage(config),
      caches: null,
    });
    // The demo's classes are made by the classes services, which need an app's context.
    const app = await buildApp({ config, database });
    try {
      await seedDemoTeaching(appContext(app));
    } finally {
      await app.close();
    }
    console.log('Demo content seeded.');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
