// Weight of a visitor's first page: every JavaScript response of a fresh load of `/`, `/textbook` and a book's
// `/book-detail`, gzipped (level 6, what a server compressing on the fly sends). A visitor's page is written on
// the server and the web app starts at the first touch (server/src/prerender, web/start/start-app.js), so two
// figures a page: what it costs before any touch, and with what the first touch adds (the app). Issue 21's
// budget, 150 KB in at most 15 requests, applies to both (DESIGN.md §8's 250 KB is looser).
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { BenchContext, Measurement, MeasurementResult } from './lib.js';
import { publishedBookId } from './lighthouse.js';

const FIRST_PAGE_KB = 150;
const FIRST_PAGE_FILES = 15;

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

function result(name: string, files: Script[], judged: boolean): MeasurementResult {
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  const raw = files.reduce((sum, f) => sum + f.raw, 0);
  return {
    name,
    value: Math.round((gzip / 1024) * 10) / 10,
    unit: 'KB',
    budget: FIRST_PAGE_KB,
    limit: 'max',
    pass: judged ? gzip / 1024 <= FIRST_PAGE_KB && files.length <= FIRST_PAGE_FILES : null,
    detail: {
      files: files.length,
      maxFiles: FIRST_PAGE_FILES,
      rawKB: Math.round(raw / 102.4) / 10,
      byFile: files.map((f) => ({
        url: new URL(f.url).pathname,
        rawKB: Math.round(f.raw / 102.4) / 10,
        gzipKB: Math.round(f.gzip / 102.4) / 10,
      })),
    },
  };
}

/** A fresh phone-sized visit of `path`: its scripts before any touch, then with those the first touch adds. */
async function firstLoad(ctx: BenchContext, label: string, path: string): Promise<MeasurementResult[]> {
  const browser = await ctx.browser();
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  try {
    const before = collect(page);
    const answer = await page.goto(ctx.baseURL + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500); // chunks fetched right after idle (prefetch) count too
    const first = await before();
    // No web build (an API-only server answers 404): nothing to judge.
    const judged = answer?.status() === 200;
    const out = [result(`first-load JS gzip, ${label} before any touch`, first, judged)];
    // The first touch starts the app (at once when the page is the web app's own: then nothing is added).
    const after = collect(page);
    await page.touchscreen.tap(5, 400);
    await page
      .waitForFunction(() => (window as { __tbReady?: boolean }).__tbReady === true, null, { timeout: 30_000 })
      .catch(() => undefined);
    await page.waitForLoadState('networkidle');
    out.push(result(`app JS gzip after the first touch, ${label}`, [...first, ...(await after())], judged));
    return out;
  } finally {
    await context.close();
  }
}

export const measurements: Measurement[] = [
  {
    name: 'first-load JavaScript (home, textbook list, book detail)',
    async run(ctx) {
      const home = await firstLoad(ctx, 'home /', '/');
      const textbook = await firstLoad(ctx, 'textbook list /textbook', '/textbook');
      const id = await publishedBookId(ctx).catch(() => null);
      const detail = id === null ? [] : await firstLoad(ctx, 'book detail /book-detail', `/book-detail?id=${id}`);
      return [...home, ...textbook, ...detail];
    },
  },
];
