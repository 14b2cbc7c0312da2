// Lighthouse performance score of the public pages (DESIGN.md §8: 90 or more on the home, textbook list and
// book-detail pages; issue 21: 95, and the reader's first chapter too), Chromium from Debian, mobile emulation.
// Lighthouse's defaults: mobile form factor, simulated slow-4G and 4× CPU throttling, a cold cache (storage reset) for every run. Each page is run LIGHTHOUSE_RUNS
// times (default 3) and judged on the median score; LCP, TBT and CLS of the median run go in `detail`, and its
// whole report in bench/results/lighthouse/<page>.json (open it in the Lighthouse viewer, or read its audits).
//
//   npm run bench -- --only lighthouse
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium.js';
import type { BenchContext, Measurement, MeasurementResult } from './lib.js';

const BUDGET = 95;
const REPORTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'lighthouse');
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

interface Run {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** The largest savings Lighthouse sees, to say where a low score comes from. */
  opportunities: string[];
  /** The whole Lighthouse report (JSON). */
  report: string;
}

/** The first published book of the public textbook list, for the book-detail page. */
export async function publishedBookId(ctx: BenchContext): Promise<number> {
  const answer = await fetch(`${ctx.baseURL}/api/book/list?pageNum=1&pageSize=1`);
  const body = (await answer.json()) as { data?: { rows?: { id: number }[] } };
  const id = body.data?.rows?.[0]?.id;
  if (!id) throw new Error('the textbook list has no published book for the book-detail page');
  return id;
}

/** The book's first free chapter, for the reader's page (a visitor reads it on trial). */
async function firstFreeChapter(ctx: BenchContext, bookId: number): Promise<number> {
  const answer = await fetch(`${ctx.baseURL}/api/book/detail/${bookId}`);
  const body = (await answer.json()) as { data?: { freeChapterIds?: number[] } };
  const id = body.data?.freeChapterIds?.[0];
  if (!id) throw new Error(`book ${bookId} has no free chapter for the reader's page`);
  return id;
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 0.9)
    .map((a) => `${a.id}: ${a.displayValue ?? ''}`.trim());
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
    opportunities,
    report: typeof result.report === 'string' ? result.report : JSON.stringify(lhr),
  };
}

interface Audited {
  label: string;
  path: string;
}

/** Runs each page RUNS times in one Chromium (with `cookies` set in it first: Lighthouse keeps cookies). */
async function auditPages(
  ctx: BenchContext,
  pages: Audited[],
  cookies: { name: string; value: string; httpOnly?: boolean }[] = [],
): Promise<MeasurementResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [...CHROMIUM_ARGS.filter((f) => f !== '--headless'), '--headless=new'],
    logLevel: 'error',
  });
  const out: MeasurementResult[] = [];
  try {
    if (cookies.length) {
      // A member's session, as the browser has it after logging in (Lighthouse's storage reset keeps cookies).
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await cdp.contexts()[0]!.addCookies(cookies.map((c) => ({ ...c, url: ctx.baseURL, sameSite: 'Lax' as const })));
      await cdp.close();
    }
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await audit(ctx.baseURL + page.path, chrome.port));
      const sorted = [...runs].sort((a, b) => a.score - b.score);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const name = (cookies.length ? 'member-' : '') + page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '');
      const file = path.join(REPORTS, `${name || 'home'}.json`);
      fs.mkdirSync(REPORTS, { recursive: true });
      fs.writeFileSync(file, median.report);
      out.push({
        name: `lighthouse performance, ${page.label}`,
        value: median.score,
        unit: 'score',
        budget: BUDGET,
        limit: 'min',
        detail: {
          runs: runs.map((r) => r.score),
          lcpMs: median.lcpMs,
          tbtMs: median.tbtMs,
          cls: median.cls,
          fcpMs: median.fcpMs,
          opportunities: median.opportunities,
          report: path.relative(process.cwd(), file),
        },
      });
      console.log(
        `[bench] lighthouse ${page.label}: ${median.score} (runs ${runs.map((r) => r.score).join(', ')}; ` +
          `FCP ${median.fcpMs} ms, LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, CLS ${median.cls})`,
      );
    }
  } finally {
    chrome.kill();
  }
  return out;
}

export const measurements: Measurement[] = [
  {
    name: 'lighthouse performance (home, textbook list, book detail; mobile)',
    async run(ctx) {
      const bookId = await publishedBookId(ctx);
      const chapterId = await firstFreeChapter(ctx, bookId);
      const reader = `/bookPreview?bookId=${bookId}&chapterId=${chapterId}&trial=1`;
      return auditPages(ctx, [
        { label: 'home /', path: '/' },
        { label: 'textbook list /textbook', path: '/textbook' },
        { label: `book detail /book-detail?id=${bookId}`, path: `/book-detail?id=${bookId}` },
        { label: `reader, first chapter ${reader}`, path: reader },
      ]);
    },
  },
  {
    // Issue 30 (item 16): a logged-in student's pages are the web app's own (no server-written page).
    name: 'lighthouse performance (logged-in student: shelf, personal centre, reader; mobile)',
    async run(ctx) {
      const bookId = await publishedBookId(ctx);
      const chapterId = await firstFreeChapter(ctx, bookId);
      const reader = `/bookPreview?bookId=${bookId}&chapterId=${chapterId}&trial=1`;
      return auditPages(
        ctx,
        [
          { label: 'a student’s shelf /list', path: '/list' },
          { label: 'a student’s personal centre /my', path: '/my' },
          { label: `a student’s reader ${reader}`, path: reader },
        ],
        [
          { name: 'Book-Token', value: ctx.token('student'), httpOnly: true },
          { name: 'Book-Login', value: '1' },
        ],
      );
    },
  },
];
