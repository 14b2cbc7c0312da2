// Weight of a visitor's first page: every JavaScript response of a fresh load of `/`, gzipped (level 6, what a
// server compressing on the fly sends). A visitor's home is written on the server and the web app starts at the
// first touch (server/src/prerender, web/start/start-app.js), so two figures: what the page costs before any
// touch (issue 21: 150 KB in at most 15 requests), and what the first touch adds (the app, DESIGN.md §8's 250 KB).
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { Measurement, MeasurementResult } from './lib.js';

const FIRST_PAGE_KB = 150;
const FIRST_PAGE_FILES = 15;
const APP_KB = 250;

interface Script {
  url: string;
  raw: number;
  gzip: number;
}

/** Collects the page's JavaScript responses from now on. */
function collect(page: Page): () => Promise<Script[]> {
  const pending: Promise<Script | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type !== 'script' && !/javascript|ecmascript/.test(contentType)) return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: response.url(), raw: body.length, gzip: gzipSync(body, { level: 6 }).length }))
        .catch(() => null),
    );
  });
  return async () => (await Promise.all(pending)).filter((f): f is Script => f !== null);
}

function result(name: string, files: Script[], budget: number, pass: boolean | null): MeasurementResult {
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  const raw = files.reduce((sum, f) => sum + f.raw, 0);
  return {
    name,
    value: Math.round((gzip / 1024) * 10) / 10,
    unit: 'KB',
    budget,
    limit: 'max',
    pass,
    detail: {
      files: files.length,
      rawKB: Math.round(raw / 102.4) / 10,
      byFile: files.map((f) => ({
        url: new URL(f.url).pathname,
        rawKB: Math.round(f.raw / 102.4) / 10,
        gzipKB: Math.round(f.gzip / 102.4) / 10,
      })),
    },
  };
}

export const measurements: Measurement[] = [
  {
    name: 'first-load JavaScript (home)',
    async run(ctx) {
      const browser = await ctx.browser();
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      try {
        const before = collect(page);
        const answer = await page.goto(ctx.baseURL + '/', { waitUntil: 'networkidle' });
        await page.waitForTimeout(500); // chunks fetched right after idle (prefetch) count too
        const first = await before();
        // No web build (an API-only server answers 404): nothing to judge.
        const judged = answer?.status() === 200;
        const kb = first.reduce((sum, f) => sum + f.gzip, 0) / 1024;
        const out = [
          result(
            'first-load JS gzip, home / before any touch',
            first,
            FIRST_PAGE_KB,
            judged ? kb <= FIRST_PAGE_KB && first.length <= FIRST_PAGE_FILES : null,
          ),
        ];
        // The first touch starts the app (at once when the page is the web app's own: then nothing is added).
        const after = collect(page);
        await page.touchscreen.tap(5, 400);
        await page
          .waitForFunction(() => (window as { __tbReady?: boolean }).__tbReady === true, null, { timeout: 30_000 })
          .catch(() => undefined);
        await page.waitForLoadState('networkidle');
        const added = [...first, ...(await after())];
        const total = added.reduce((sum, f) => sum + f.gzip, 0) / 1024;
        out.push(result('app JS gzip after the first touch, home /', added, APP_KB, judged ? total <= APP_KB : null));
        return out;
      } finally {
        await context.close();
      }
    },
  },
];
