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
    reporters: reporters('api'),
  },
});
