import fs from 'node:fs';
import { defineConfig } from 'vitest/config';
import { reporters } from '../scripts/test-report.mjs';

const root = new URL('..', import.meta.url).pathname;
const corpus = new URL('../../shared/data/epub', import.meta.url).pathname;

/**
 * Journeys that read books of the shared corpus (../shared/data/epub beside the repository). Outside CI a clone
 * without it skips them, saying so; under CI they run and fail, so a broken checkout cannot pass by skipping.
 */
function corpusJourneys(): string[] {
  if (fs.existsSync(corpus) || process.env.CI === 'true') return [];
  const dir = `${root}e2e/journeys`;
  const files = fs
    .readdirSync(dir)
    .filter(
      (f) => f.endsWith('.e2e.ts') && /support\/reader|reader\/import/.test(fs.readFileSync(`${dir}/${f}`, 'utf8')),
    );
  console.warn(`[e2e] the shared EPUB corpus is not at ${corpus}: skipping ${files.join(', ')}`);
  return files.map((f) => `e2e/journeys/${f}`);
}

// Browser journeys: `npm run test:e2e` (all) or `npm run test:e2e -- smoke` (files matching "smoke").
export default defineConfig({
  test: {
    root,
    include: ['e2e/journeys/**/*.e2e.ts'],
    exclude: corpusJourneys(),
    reporters: reporters('e2e'),
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    // expect.poll waits 1 s by default: far too short for a page on a busy two-core machine.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
    // A failed journey runs once more. On a loaded two-core machine one journey in a hundred or so fails once at a
    // step that passes in every run alone (stop 27's and this session's CI runs: a staff account, a 401 pair, a
    // dialog's save); the failed try still prints its page, dialogs, toasts and last API answers and leaves a
    // FAILED-… screenshot (support/browser.ts), and the reporter marks the retry, so a flake stays visible.
    retry: 1,
    pool: 'forks',
    // Two files at a time against the one server and the one browser suits small machines; a worker keeps
    // its imports (playwright-core, the helpers) from file to file instead of loading them again for each.
    maxWorkers: 2,
    isolate: false,
  },
});
