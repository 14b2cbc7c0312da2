/// <reference lib="dom" />
// The W3C EPUB 3 reading-system tests that apply to this reader (e2e/support/w3c/suite.ts says which and why
// the others do not): each book imported through the test-only route, opened in the reader in one Chromium
// page, its pass condition checked in the page (e2e/support/w3c/checks.ts). Prints the score beside the peers'
// of RESULTS.md; fails when it drops below the one recorded in e2e/w3c-score.json (raised when it goes up).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { api, SCREENSHOT_DIR, useJourney } from '../support/browser.js';
import { openReader } from '../support/reader.js';
import { makeStaff, setStaffCookies } from '../support/staff.js';
import { CHECKS, type BookUnderTest, type Verdict } from '../support/w3c/checks.js';
import { applicableIds, recordedScore, recordScore, scoreTable, SUITE_PREFIX } from '../support/w3c/suite.js';

const journey = useJourney('w3c');

async function importSuiteBook(id: string): Promise<{ bookId: number | null; refusal: string }> {
  const r = await api<{ bookId: number }>('/api/test/reader/import', {
    body: { file: `${SUITE_PREFIX}/${id}.epub`, freeChapters: 999 },
  });
  return r.code === 200 ? { bookId: r.data.bookId, refusal: '' } : { bookId: null, refusal: r.msg };
}

const CHECK_TIMEOUT = 15_000;

test('the W3C reading-system tests that apply: score at or above the recorded one', { timeout: 420_000 }, async () => {
  const ids = applicableIds();
  const missing = ids.filter((id) => !CHECKS[id]);
  expect(missing, 'every applicable test has a check').toEqual([]);
  const page = await journey.page('desktop');
  const shots = path.join(SCREENSHOT_DIR, 'w3c');
  fs.mkdirSync(shots, { recursive: true });
  /**
   * Opens a reader address: in the running app when it is there (history and popstate, as the app's own links
   * do: a page load per book cost a second each), else by loading the page; waits for a freshly painted chapter.
   */
  const openInApp = async (url: string) => {
    const inApp = await page.evaluate(() => Boolean((window as { w3cApp?: boolean }).w3cApp)).catch(() => false);
    if (!inApp) {
      // A visitor's free chapter arrives written by the server; the app starts at the first move.
      await openReader(page, url);
      await page.evaluate(() => ((window as { w3cApp?: boolean }).w3cApp = true));
    } else if (new URL(page.url()).pathname + new URL(page.url()).search !== url) {
      await page.evaluate((u) => {
        const painted = document.querySelector('[data-testid=chapter-host]')?.shadowRoot?.querySelector('.epub-body');
        painted?.setAttribute('data-stale', '');
        history.pushState(null, '', u);
        dispatchEvent(new PopStateEvent('popstate'));
      }, url);
    }
    await page.waitForFunction(
      () => {
        const body = document.querySelector('[data-testid=chapter-host]')?.shadowRoot?.querySelector('.epub-body');
        return body && !body.hasAttribute('data-stale');
      },
      undefined,
      { timeout: 8000 },
    );
  };
  /**
   * A file uploaded in the console's EPUB upload dialog by an editor (a page of its own), the dialog photographed
   * once the import ended (`<name>-upload.jpg`).
   */
  let staffPageOnce: Promise<Page> | undefined;
  const upload = async (fileName: string, bytes: Uint8Array) => {
    staffPageOnce ??= (async () => {
      const editor = await makeStaff(['editor'], { tag: 'w3c' });
      const staffPage = await journey.page('desktop');
      await setStaffCookies(staffPage.context(), editor.token);
      return staffPage;
    })();
    const staffPage = await staffPageOnce;
    await staffPage.goto('/admin/books');
    await staffPage.getByRole('button', { name: /上传 EPUB/ }).click();
    await staffPage
      .locator('.ant-modal input[type=file]')
      .setInputFiles({ name: fileName, mimeType: 'application/epub+zip', buffer: Buffer.from(bytes) });
    const item = staffPage.getByTestId('upload-item').filter({ hasText: fileName });
    await item.and(staffPage.locator('[data-state=done], [data-state=failed]')).waitFor({ timeout: 10_000 });
    const imported = (await item.getAttribute('data-state')) === 'done';
    const message = (await item.getByTestId('upload-message').textContent()) ?? '';
    const name = fileName.replace(/\.epub$/, '');
    await staffPage.screenshot({ path: path.join(shots, `${name}-upload.jpg`), type: 'jpeg', quality: 40 });
    return { imported, message };
  };
  const results = new Map<string, boolean>();
  const reasons = new Map<string, string>();
  const started = Date.now();

  for (const id of ids) {
    const imported = await importSuiteBook(id);
    const spine =
      imported.bookId === null
        ? []
        : (await api<BookUnderTest['spine']>(`/api/reader/spine?bookId=${imported.bookId}`)).data;
    const t: BookUnderTest = {
      id,
      page,
      ...imported,
      spine,
      async open(nth = 0) {
        const chapter = spine[nth];
        if (!chapter) throw new Error(`no chapter ${nth} (${spine.length} in the reading order)`);
        await openInApp(`/bookPreview?bookId=${imported.bookId}&chapterId=${chapter.id}&trial=1`);
      },
      async inChapter(fn, arg) {
        const body = await page.evaluateHandle(
          () =>
            document
              .querySelector('[data-testid=chapter-host]')!
              .shadowRoot!.querySelector('.epub-body') as HTMLElement,
        );
        return body.evaluate(fn as never, arg as never) as never;
      },
      async chapterNow() {
        return Number(new URL(page.url()).searchParams.get('chapterId'));
      },
      async importOther(other) {
        return (await importSuiteBook(other)).bookId;
      },
      upload,
    };
    let verdict: Verdict;
    try {
      verdict = await Promise.race([
        CHECKS[id]!(t),
        new Promise<Verdict>((done) => setTimeout(() => done('the check timed out'), CHECK_TIMEOUT)),
      ]);
    } catch (err) {
      verdict = `error: ${(err as Error).message.split('\n')[0]}`;
    }
    results.set(id, verdict === true);
    if (verdict !== true) reasons.set(id, verdict);
    if (imported.bookId !== null && page.url().includes('/book')) {
      await page.screenshot({ path: path.join(shots, `${id}.jpg`), type: 'jpeg', quality: 40 }).catch(() => undefined);
    }
  }

  const passed = [...results.values()].filter(Boolean).length;
  const failing = ids.filter((id) => !results.get(id));
  console.log(
    [
      `[w3c] ${passed}/${ids.length} applicable W3C reading-system tests pass (${Math.round((Date.now() - started) / 1000)} s)`,
      scoreTable(results),
      ...failing.map((id) => `  FAIL ${id}: ${reasons.get(id)}`),
    ].join('\n'),
  );
  const last = recordedScore();
  expect(
    passed,
    `fewer tests pass than the ${last?.passed} recorded; failing: ${failing.join(', ')}`,
  ).toBeGreaterThanOrEqual(last?.passed ?? 0);
  if (!last || passed > last.passed || failing.join() !== last.failing.join()) {
    recordScore({ passed, applicable: ids.length, failing });
  }
});
