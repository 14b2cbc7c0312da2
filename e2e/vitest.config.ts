import { defineConfig } from 'vitest/config';

// Browser journeys: `npm run test:e2e` (all) or `npm run test:e2e -- smoke` (files matching "smoke").
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/journeys/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    // expect.poll waits 1 s by default: far too short for a page on a busy two-core machine.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
    pool: 'forks',
    // Each file runs its own Chromium against one shared server; two at a time suits small machines.
    maxWorkers: 2,
  },
});
