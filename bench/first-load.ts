// Weight of a visitor's first page: every JavaScript response of a fresh load of `/`, gzipped
// (level 6, what a server compressing on the fly sends), against the 250 KB budget of DESIGN.md §8.
import { gzipSync } from 'node:zlib';
import type { Measurement } from './lib.js';

const BUDGET_KB = 250;

/** Loads a page in a fresh phone-sized context and sums its JavaScript, raw and gzipped. */
async function javascriptOf(ctx: Parameters<Measurement['run']>[0], pathname: string) {
  const browser = await ctx.browser();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const pending: Promise<{ url: string; raw: number; gzip: number } | null>[] = [];
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
  const answer = await page.goto(ctx.baseURL + pathname, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500); // chunks fetched right after idle (prefetch) count too
  const files = (await Promise.all(pending)).filter((f): f is NonNullable<typeof f> => f !== null);
  await context.close();
  return { status: answer?.status() ?? 0, files };
}

export const measurements: Measurement[] = [
  {
    name: 'first-load JavaScript (home)',
    async run(ctx) {
      const { status, files } = await javascriptOf(ctx, '/');
      const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
      const raw = files.reduce((sum, f) => sum + f.raw, 0);
      const kb = Math.round((gzip / 1024) * 10) / 10;
      return {
        name: 'first-load JS gzip, home /',
        value: kb,
        unit: 'KB',
        budget: BUDGET_KB,
        limit: 'max',
        // No web build (an API-only server answers 404): nothing to judge.
        pass: status === 200 && files.length > 0 ? kb <= BUDGET_KB : null,
        detail: {
          status,
          files: files.length,
          rawKB: Math.round(raw / 102.4) / 10,
          byFile: files.map((f) => ({
            url: new URL(f.url).pathname,
            rawKB: Math.round(f.raw / 102.4) / 10,
            gzipKB: Math.round(f.gzip / 102.4) / 10,
          })),
        },
      };
    },
  },
];
