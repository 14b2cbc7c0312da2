import { defineConfig } from 'vitest/config';
import { reporters } from './scripts/test-report.mjs';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'server/src/**/*.test.ts',
      'server/test/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'web/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest runs one file at a time on two cores (cores - 1); the API tests wait on the database as much as
    // they compute, so two at a time finishes the suite sooner on SQLite and more so on PostgreSQL.
    maxWorkers: 2,
    // Each worker keeps its modules between files instead of importing the app again for every file (the
    // imports were most of the suite's time: 146 s → 63 s on SQLite, 216 s → 131 s on PostgreSQL). Every file
    // still builds its own app and database (useTestApp); nothing a test relies on lives in module state.
    isolate: false,
    // On PostgreSQL: the run's migrated template database, which each file copies (server/test/db.ts).
    globalSetup: ['server/test/global-setup.ts'],
    reporters: reporters('api'),
  },
});
