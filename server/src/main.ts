import { appContext, buildApp } from './app.js';
import { ConfigError, ensureCipherKey, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest, oneAtATime } from './db/migrate.js';
import { seedIfEmpty } from './demo/index.js';
import { seedDemoTeaching } from './demo/demo-teaching.js';
import { bookStorage } from './modules/books/index.js';
import { shutDown } from './http/shutdown.js';
import { playMoneyBanner } from './adapters/payment/index.js';

/** Beyond the grace period, the adapters and the database get this long to close before the process exits anyway. */
const CLOSE_MARGIN_MS = 5_000;

async function main(): Promise<void> {
  const config = loadConfig();
  ensureCipherKey(config);
  const database = openDatabase(config.databaseUrl);
  // Instances starting together: the migrations run once (a lock inside), and an empty database is seeded once.
  const seeded = await oneAtATime(database.db, 'start', async () => {
    await migrateToLatest(database.db);
    if (!config.seedOnStart) return false;
    return seedIfEmpty(database.db, { dialect: database.dialect, storage: bookStorage(config), caches: null });
  });
  const app = await buildApp({ config, database });
  // The demo's classes are made by the classes services, which need the app's context.
  if (seeded) await seedDemoTeaching(appContext(app));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: finishing the requests under way');
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + CLOSE_MARGIN_MS);
    force.unref();
    shutDown(app, database, config.shutdownGraceMs)
      .then((result) => {
        app.log.info(result, 'shut down');
        process.exit(0);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`platform ready at http://localhost:${config.port}`);
  const banner = playMoneyBanner(config);
  if (banner) {
    // Loud on purpose, in the log and on the terminal (a log level of warn or silent still shows the terminal's).
    app.log.warn({ payChannels: config.payments.channels }, 'sandbox payments in production: no real money');
    console.error(banner);
  }
}

main().catch((err: unknown) => {
  // A configuration typo is named, variable by variable, without a stack trace.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
