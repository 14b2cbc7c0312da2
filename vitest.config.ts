import { defineConfig } from 'vitest/config';
import { reporters } from './scripts/test-report.mjs';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'server/src/**/*.test.ts',
      'server/test/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest runs one file at a time on two cores (cores - 1); the API tests wait on the database as much as
    // they compute, so two at a time finishes the suite sooner on SQLite and more so on PostgreSQL.
    maxWorkers: 2,
    reporters: reporters('api'),
  },
});
