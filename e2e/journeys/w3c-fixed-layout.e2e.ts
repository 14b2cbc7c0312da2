/// <reference lib="dom" />
// Fixed-layout EPUB in the reader (issue 32). The W3C fixed-layout tests of ../shared/data/w3c-layout-media-tests
// (read at run time): each imported, opened at 1440×900, judged against its own pass condition
// (e2e/support/w3c/fixed-checks.ts), photographed; the score is printed beside the peers' of RESULTS.md and kept
// in e2e/w3c-fixed-score.json, below which the journey fails. Then the five real fixed-layout books of the corpus
// at both sizes: first page, a spread, the page strip, zoom on a phone.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { api, consoleErrors, DEVICES, SCREENSHOT_DIR, shot, useJourney } from '../support/browser.js';
import { openReader } from '../support/reader.js';
import { ROOT } from '../support/server.js';
import { FIXED_CHECKS, NOT_FOR_A_READER, shown, type FixedBook, type Verdict } from '../support/w3c/fixed-checks.js';

const journey = useJourney('w3c-fixed');
const FOLDER = 'w3c-layout-media-tests';
const SUITE = path.resolve(ROOT, '..', 'shared', 'data', FOLDER);
const SCORE_FILE = path.join(ROOT, 'e2e', 'w3c-fixed-score.json');
const WIDE = { viewport: { width: 1440, height: 900 } };

const isDeprecated = (id: string) => id.startsWith('lay-fxl-') || id.startsWith('fxl-');
const fixedIds = () =>
  fs
    .readdirSync(SUITE)
    .filter((f) => /^(lay-pp-|lay-page-layout-|lay-roll-|lay-fxl-|fxl-)/.test(f) && f.endsWith('.epub'))
    .map((f) => f.slice(0, -5))
    .sort();

async function importBook(file: string) {
  const r = await api<{ bookId: number }>('/api/test/reader/import', { body: { file, freeChapters: 999 } });
  return r.code === 200 ? { bookId: r.data.bookId, refusal: '' } : { bookId: null, refusal: r.msg };
}

/** Waits until the reader shows chapter `id` painted: its page (and its spread partner), or its reflowable text. */
async function painted(page: Page, id: number) {
  await page.waitForFunction(
    (chapterId) => {
      if (Number(new URL(location.href).searchParams.get('chapterId')) !== chapterId) return false;
      const view = document.querySelector('[data-testid=fixed-view]:not([hidden])');
      if (view) {
        const slots = [...view.querySelectorAll<HTMLElement>('[data-testid=fixed-slot]')];
        const mine = view.querySelector(`[data-testid=fixed-page][data-chapter="${chapterId}"][data-painted]`);
        return Boolean(mine) && slots.every((s) => !s.dataset.id || s.querySelector('[data-painted]'));
      }
      const body = document
        .querySelector('[data-testid=chapter-host]:not([hidden])')
        ?.shadowRoot?.querySelector('.epub-body');
      return Boolean(body && !body.hasAttribute('data-stale'));
    },
    id,
    { timeout: 10_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => setTimeout(r, 150))));
}

/** Opens a reader address in the running app (history and popstate, as its links do), else by loading it. */
async function go(page: Page, url: string) {
  const inApp = await page.evaluate(() => Boolean((window as { fxApp?: boolean }).fxApp)).catch(() => false);
  if (!inApp) {
    await openReader(page, url);
    await page.evaluate(() => ((window as { fxApp?: boolean }).fxApp = true));
    return;
  }
  await page.evaluate((u) => {
    document
      .querySelector('[data-testid=chapter-host]')
      ?.shadowRoot?.querySelector('.epub-body')
      ?.setAttribute('data-stale', '');
    history.pushState(null, '', u);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

test(
  'the W3C fixed-layout tests: at least 95% of the current ones, more than Kobo of the deprecated',
  { timeout: 600_000 },
  async () => {
    const page = await journey.page('desktop', WIDE);
    const shots = path.join(SCREENSHOT_DIR, 'w3c-fixed');
    fs.mkdirSync(shots, { recursive: true });
    const results = new Map<string, Verdict>();
    for (const id of fixedIds()) {
      if (NOT_FOR_A_READER[id]) continue;
      const check = FIXED_CHECKS[id];
      if (!check) {
        results.set(id, 'no check written for this test');
        continue;
      }
      const imported = await importBook(`${FOLDER}/${id}.epub`);
      const spine =
        imported.bookId === null
          ? []
          : (await api<FixedBook['spine']>(`/api/reader/spine?bookId=${imported.bookId}`)).data;
      let step = 0;
      const t: FixedBook = {
        id,
        page,
        ...imported,
        spine,
        async open(nth) {
          const chapter = spine[nth];
          if (!chapter) throw new Error(`no chapter ${nth}`);
          await go(page, `/bookPreview?bookId=${imported.bookId}&chapterId=${chapter.id}&trial=1`);
          await painted(page, chapter.id);
          await page.screenshot({ path: path.join(shots, `${id}-${++step}.png`) });
          return shown(page);
        },
        async turn() {
          const before = Number(new URL(page.url()).searchParams.get('chapterId'));
          await page.keyboard.press('ArrowRight');
          await page.waitForFunction(
            (b) => Number(new URL(location.href).searchParams.get('chapterId')) !== b,
            before,
            { timeout: 5000 },
          );
          await painted(page, Number(new URL(page.url()).searchParams.get('chapterId')));
          await page.screenshot({ path: path.join(shots, `${id}-${++step}.png`) });
          return shown(page);
        },
      };
      let verdict: Verdict;
      try {
        verdict = await Promise.race([
          check(t),
          new Promise<Verdict>((done) => setTimeout(() => done('the check timed out'), 40_000)),
        ]);
      } catch (err) {
        verdict = `error: ${(err as Error).message.split('\n')[0]}`;
      }
      results.set(id, verdict);
    }

    const group = (deprecated: boolean) => [...results.keys()].filter((id) => isDeprecated(id) === deprecated);
    const passed = (ids: string[]) => ids.filter((id) => results.get(id) === true);
    const current = group(false);
    const old = group(true);
    const kobo = fs
      .readFileSync(path.join(SUITE, 'RESULTS.md'), 'utf8')
      .split('\n')
      .filter((l) => /^\| `(lay-fxl|fxl)-/.test(l) && l.split('|')[4]?.trim() === 'pass').length;
    const failing = [...results.keys()].filter((id) => results.get(id) !== true);
    console.log(
      [
        `[w3c-fixed] current tests: ${passed(current).length}/${current.length}; deprecated: ${passed(old).length}/${old.length} (Kobo ${kobo})`,
        ...Object.entries(NOT_FOR_A_READER).map(([id, why]) => `  n/a ${id}: ${why}`),
        ...failing.map((id) => `  FAIL ${id}: ${results.get(id)}`),
      ].join('\n'),
    );
    const score = {
      current: { passed: passed(current).length, of: current.length },
      deprecated: { passed: passed(old).length, of: old.length, kobo },
      failing: Object.fromEntries(failing.map((id) => [id, results.get(id)])),
    };
    fs.writeFileSync(SCORE_FILE, `${JSON.stringify(score, null, 2)}\n`);
    expect(passed(current).length / current.length, failing.join(', ')).toBeGreaterThanOrEqual(0.95);
    expect(passed(old).length, failing.join(', ')).toBeGreaterThan(kobo);
  },
);

const REAL_BOOKS = ['cole-voyage-of-life', 'haruko-html-jpeg', 'page-blanche', 'sous-le-vent', 'svg-in-spine'];

for (const device of DEVICES) {
  test(`the real fixed-layout books look as designed (${device})`, { timeout: 300_000 }, async () => {
    const page = await journey.page(device, device === 'desktop' ? WIDE : {});
    for (const name of REAL_BOOKS) {
      const { bookId, refusal } = await importBook(`fixed-layout/${name}.epub`);
      expect(bookId, refusal).not.toBeNull();
      const spine = (await api<FixedBook['spine']>(`/api/reader/spine?bookId=${bookId}`)).data;
      const first = spine.findIndex((c) => c.page);
      const url = (nth: number) => `/bookPreview?bookId=${bookId}&chapterId=${spine[nth]!.id}&trial=1`;
      await go(page, url(first));
      await painted(page, spine[first]!.id);
      await shot(page, `${name}-first`);
      // A page in the middle of the book: a spread on the wide screen where the book pairs its pages.
      const middle = spine.findIndex((c, i) => i > first + 2 && c.page);
      if (middle > 0) {
        await go(page, url(middle));
        await painted(page, spine[middle]!.id);
        await shot(page, `${name}-middle`);
      }
      const state = await shown(page);
      expect(state.kind, `${name}: a page`).toBe('fixed');
    }
    // The page strip, and on a phone a double tap zooms in.
    await page.getByTestId('page-strip-toggle').click();
    await page.getByTestId('page-strip').waitFor();
    await shot(page, 'page-strip');
    await page.getByTestId('page-strip-toggle').click();
    if (device === 'phone') {
      const box = (await page.getByTestId('fixed-page').first().boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.touchscreen.tap(x, y);
      await page.touchscreen.tap(x, y);
      await expect.poll(() => page.locator('.fx-stage.zoomed').count()).toBe(1);
      await shot(page, 'zoomed');
    }
    expect(consoleErrors(page)).toEqual([]);
  });
}
