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
import { api, consoleErrors, DEVICES, loginAs, SCREENSHOT_DIR, shot, useJourney } from '../support/browser.js';
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
      if (name === 'cole-voyage-of-life') {
        // The book asks for landscape (rendition:orientation): a phone held upright is asked to turn, a desktop not.
        const hint = page.getByTestId('rotate-hint');
        if (device === 'phone') expect(await hint.getAttribute('data-to')).toBe('landscape');
        else expect(await hint.count()).toBe(0);
      }
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

/** Drags the mouse over `text` in the page of chapter `chapterId` (a real selection in its shadow root). */
async function selectOnPage(page: Page, chapterId: number, text: string) {
  const box = await page.evaluate(
    ({ id, needle }) => {
      const root = document.querySelector(`[data-testid=fixed-page][data-chapter="${id}"]`)!.shadowRoot!;
      const walker = document.createTreeWalker(root.querySelector('.epub-body')!, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = (n as Text).data.indexOf(needle);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(n, at);
        range.setEnd(n, at + needle.length);
        const r = range.getBoundingClientRect();
        return { x1: r.left + 1, x2: r.right - 1, y: r.top + r.height / 2 };
      }
      return null;
    },
    { id: chapterId, needle: text },
  );
  if (!box) throw new Error(`not on the page: ${text}`);
  await page.mouse.move(box.x1, box.y);
  await page.mouse.down();
  await page.mouse.move(box.x2, box.y, { steps: 5 });
  await page.mouse.up();
}

const marksOn = (page: Page, chapterId: number, selector: string) =>
  page.evaluate(
    ({ id, sel }) =>
      document.querySelector(`[data-testid=fixed-page][data-chapter="${id}"]`)?.shadowRoot?.querySelectorAll(sel)
        .length ?? 0,
    { id: chapterId, sel: selector },
  );

test(
  'on a fixed-layout page a member highlights words, and the book search lands on its page',
  { timeout: 120_000 },
  async () => {
    const page = await journey.page('desktop', WIDE);
    const member = 2;
    const { bookId } = await importBook(`${FOLDER}/lay-pp-layout-pre-paginated.epub`);
    expect(bookId).not.toBeNull();
    await api('/api/test/reader/grant', { body: { memberId: member, bookId, source: 'purchase' } });
    const token = await loginAs(page, member);
    for (const n of (await api<{ id: number }[]>(`/api/reader/note/detail?bookId=${bookId}`, { token })).data)
      await api(`/api/reader/note/delete/${n.id}`, { body: {}, token });
    const spine = (await api<FixedBook['spine']>(`/api/reader/spine?bookId=${bookId}`)).data;
    const first = spine[0]!.id;
    await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${first}`);
    await painted(page, first);
    await selectOnPage(page, first, 'spine order');
    await page.locator('[data-testid^=highlight-]').first().click();
    await expect.poll(() => marksOn(page, first, 'mark.rd-hl')).toBe(1);
    await shot(page, 'highlight-on-page');
    // Kept: drawn again after a reload, on the page's text.
    await page.reload();
    await painted(page, first);
    await expect.poll(() => marksOn(page, first, 'mark.rd-hl')).toBe(1);
    const notes = (
      await api<{ quote: string; chapterId: number }[]>(`/api/reader/note/detail?bookId=${bookId}`, { token })
    ).data;
    expect(notes.map((n) => [n.chapterId, n.quote])).toEqual([[first, 'spine order']]);

    // In-book search: the hit on page 3 opens its spread with the words marked on that page.
    await page.getByTestId('search-button').click();
    await page.getByTestId('reader-search-input').locator('input').fill('Page 3');
    await page.getByTestId('reader-search-input').locator('input').press('Enter');
    // Every page says "Page N": the hit in page 3's text.
    await page
      .getByTestId('reader-search-hit')
      .filter({ hasText: /Page\s*3\b/ })
      .first()
      .click();
    const third = spine[2]!.id;
    await painted(page, third);
    await expect.poll(() => marksOn(page, third, 'mark.rd-search')).toBeGreaterThan(0);
    await shot(page, 'search-on-page');
    // The footer's button goes a spread back: from pages 3|4 to pages 1|2.
    await page.getByTestId('prev-chapter').click();
    await painted(page, first);
    const back = await shown(page);
    expect(back.kind === 'fixed' && back.slots.map((x) => x.chapterId)).toEqual([first, spine[1]!.id]);
    expect(consoleErrors(page)).toEqual([]);
  },
);
