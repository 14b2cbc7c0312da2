/// <reference lib="dom" />
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { api, baseURL, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';
import { ROOT } from '../support/server.js';
import { openReader, spineOf, swipe } from '../support/reader.js';
import { fitWholePages, inked, searchToHit, selectOnPage } from '../support/pdf.js';
import { makeStaff } from '../support/staff.js';

// Issue 32, PDF textbooks in the reader: a PDF uploaded by the staff is read in pages painted by pdf.js (canvas and
// a selectable text layer); keys and swipes turn them, the zoom and fit change, a highlight and a note are drawn on
// the page's text and kept, the in-book search lands on its hit, a visitor reads only the free section.
const journey = useJourney('reader-pdf');
const PDF = path.resolve(ROOT, '..', 'shared', 'data', 'pdf', 'books', 'tracemonkey.pdf');
const WORD = 'speculation';

let bookId = 0;

/** Uploads a PDF as the staff do (the console's upload), waits for its import, and answers the book. */
async function uploadPdf(file: string): Promise<number> {
  const editor = await makeStaff(['editor'], { tag: 'pdf' });
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(fs.readFileSync(file))], { type: 'application/pdf' }),
    path.basename(file),
  );
  form.append('publish', '1');
  const started = await fetch(`${baseURL}/api/admin/book/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${editor.token}` },
    body: form,
  });
  const answer = (await started.json()) as { code: number; msg: string; data: { jobId: number } };
  if (answer.code !== 200) throw new Error(`upload ${file}: ${answer.msg}`);
  for (let i = 0; i < 240; i += 1) {
    const job = await api<{ status: string; bookId: number | null; message?: string }>(
      `/api/admin/book/import/job/${answer.data.jobId}`,
      { token: editor.token },
    );
    if (job.data.status === 'done' && job.data.bookId) return job.data.bookId;
    if (job.data.status === 'failed') throw new Error(`import ${file}: ${job.data.message}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`import ${file}: not done in two minutes`);
}

/** A new member who bought the book. */
async function reader(page: Page, name: string): Promise<string> {
  const made = await api<{ id: number }>('/api/test/member', { body: { userName: `${name}${Date.now() % 1e6}` } });
  expect(made.code).toBe(200);
  const grant = await api('/api/test/reader/grant', { body: { memberId: made.data.id, bookId, source: 'purchase' } });
  expect(grant.code).toBe(200);
  return loginAs(page, made.data.id);
}

beforeAll(async () => {
  bookId = await uploadPdf(PDF);
}, 180_000);

const label = (page: Page) => page.getByTestId('pdf-page-label').innerText();
const scrollTop = (page: Page) => page.locator('.pdf-viewport').evaluate((el) => el.scrollTop);
const marks = (page: Page, selector = 'mark.rd-hl') => page.locator(`.pdf-page ${selector}`).count();

/** Three words of a line of text on a page (what a reader would select): `skip` longer lines passed over first. */
const phrase = (page: Page, n: number, skip: number) =>
  page.evaluate(
    ({ n, skip }) => {
      const layer = document.querySelector(`.pdf-page[data-page="${n}"] .textLayer`)!;
      const long = [...layer.querySelectorAll('span')]
        .map((s) => s.textContent ?? '')
        .filter((t) => /^[A-Za-z ,.-]{30,}$/.test(t));
      return long[skip]!.split(' ').slice(1, 4).join(' ');
    },
    { n, skip },
  );

/** Two fingers on the pages, moved apart from `from` to `to` pixels (a pinch-out). */
const pinch = (page: Page, from: number, to: number) =>
  page.evaluate(
    ({ from, to }) => {
      const vp = document.querySelector('.pdf-viewport')!;
      const at = (id: number, d: number) =>
        new Touch({ identifier: id, target: vp, clientX: 195 + (id ? d : -d) / 2, clientY: 400 });
      const fingers = (d: number) => [at(0, d), at(1, d)];
      vp.dispatchEvent(
        new TouchEvent('touchstart', { bubbles: true, touches: fingers(from), changedTouches: fingers(from) }),
      );
      for (let d = from; d <= to; d += 20)
        vp.dispatchEvent(
          new TouchEvent('touchmove', {
            bubbles: true,
            cancelable: true,
            touches: fingers(d),
            changedTouches: fingers(d),
          }),
        );
      vp.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: fingers(to) }));
    },
    { from, to },
  );

for (const device of DEVICES) {
  const phone = device === 'phone';
  test(`a member reads a PDF textbook: pages, turns, zoom, highlight and note kept, search (${device})`, async () => {
    const page = await journey.page(device);
    await reader(page, `pdf${device}`);
    const spine = await spineOf(bookId);
    await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${spine[0]!.id}`);
    expect(await inked(page, 0)).toBeGreaterThan(2000);
    expect(await label(page)).toContain('第 1 页');
    await shot(page, 'first-page', { fullPage: false });

    // Whole pages on the screen: a key turns one page, and back.
    await fitWholePages(page);
    await page.keyboard.press('PageDown');
    await expect.poll(() => label(page)).toContain('第 2 页');
    expect(await inked(page, 1)).toBeGreaterThan(2000);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => label(page)).toContain('第 1 页');
    if (phone) {
      // A swipe to the left turns to the next page, to the right back.
      await swipe(page, 320, 80);
      await expect.poll(() => label(page)).toContain('第 2 页');
      await swipe(page, 80, 320);
      await expect.poll(() => label(page)).toContain('第 1 页');
    } else {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => label(page)).toContain('第 2 页');
      await shot(page, 'fit-page', { fullPage: false });
      await page.keyboard.press('ArrowLeft');
    }

    // Zoom in: the page grows and is painted again, sharper.
    const before = await page.locator('.pdf-page[data-page="0"]').evaluate((el) => el.clientWidth);
    const zoom = await page.getByTestId('pdf-zoom').innerText();
    await page.getByTestId('pdf-zoom-in').click();
    await page.getByTestId('pdf-zoom-in').click();
    await expect.poll(() => page.getByTestId('pdf-zoom').innerText()).not.toBe(zoom);
    await expect
      .poll(() => page.locator('.pdf-page[data-page="0"]').evaluate((el) => el.clientWidth))
      .toBeGreaterThan(before * 1.4);
    await expect
      .poll(() =>
        page
          .locator('.pdf-page[data-page="0"]')
          .evaluate((el) => (el.querySelector('canvas')?.width ?? 0) / el.clientWidth),
      )
      .toBeGreaterThan(0.95);
    await shot(page, 'zoomed', { fullPage: false });
    // And back to the width; then two fingers spread on a phone, ctrl + wheel on a desktop, zoom in again.
    await page.getByTestId('pdf-fit-width').click();
    const fitted = await page.getByTestId('pdf-zoom').innerText();
    if (phone) await pinch(page, 60, 160);
    else {
      await page.mouse.move(600, 400);
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -200);
      await page.keyboard.up('Control');
    }
    await expect
      .poll(async () => parseInt(await page.getByTestId('pdf-zoom').innerText()))
      .toBeGreaterThan(parseInt(fitted) * 1.3);
    await page.getByTestId('pdf-fit-width').click();

    // A highlight and a note on the page's text, with the reader's toolbar.
    const first = await phrase(page, 0, 0);
    await selectOnPage(page, first, phone);
    await page.getByTestId('highlight-green').click();
    await expect.poll(() => marks(page, 'mark.rd-green')).toBeGreaterThan(0);
    const second = await phrase(page, 0, 2);
    await selectOnPage(page, second, phone);
    await page.getByTestId('add-note').click();
    await page.getByTestId('note-text').fill('PDF 上的笔记');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByRole('dialog', { name: '添加笔记' }).waitFor({ state: 'hidden' });
    await expect.poll(() => marks(page, 'mark.rd-hl.has-note')).toBeGreaterThan(0);
    await shot(page, 'highlight-and-note', { fullPage: false });

    // Kept: after a reload both are drawn again where they were.
    await page.reload();
    await inked(page, 0);
    await expect.poll(() => marks(page, 'mark.rd-green')).toBeGreaterThan(0);
    await expect.poll(() => marks(page, 'mark.rd-hl.has-note')).toBeGreaterThan(0);
    const marked = await page.locator('.pdf-page mark.rd-hl').allInnerTexts();
    expect(marked.join('')).toContain(first);
    expect(marked.join('')).toContain(second);
    await page.getByTestId('notes-button').click();
    await page.getByTestId('notes-list').getByText('PDF 上的笔记').waitFor();
    await page.keyboard.press('Escape');

    // The in-book search lands on its hit, marked on the page's text.
    const hit = await searchToHit(page, WORD);
    expect((await hit.innerText()).toLowerCase()).toBe(WORD);
    expect(await scrollTop(page)).toBeGreaterThan(0);
    await shot(page, 'search-hit', { fullPage: false });

    // Night mode: the page's paper dark.
    await page.getByTestId('settings-button').click();
    await page.getByText('夜间').click();
    await page.keyboard.press('Escape');
    await shot(page, 'night', { fullPage: false });
    expect(consoleErrors(page)).toEqual([]);
  }, 180_000);
}

for (const device of DEVICES) {
  test(`a visitor reads the free section of a PDF book and no further (${device})`, async () => {
    const spine = await spineOf(bookId);
    expect(spine[0]!.free).toBe(true);
    const page = await journey.page(device);
    await openReader(page, `/bookPreview?bookId=${bookId}&chapterId=${spine[0]!.id}&trial=1`);
    expect(await inked(page, 0)).toBeGreaterThan(2000);
    await shot(page, 'visitor-free', { fullPage: false });
    const closed = spine.find((c) => !c.free);
    if (closed) {
      // The next section is not sent: the reader asks to sign in or buy.
      const answer = await api(`/api/book/chapter?bookId=${bookId}&chapterId=${closed.id}`);
      expect(answer.code).not.toBe(200);
      await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${closed.id}&trial=1`);
      await page.locator('.reader-state').first().waitFor();
      expect(await page.locator('.pdf-page').count()).toBe(0);
      await shot(page, 'visitor-closed', { fullPage: false });
    }
  }, 120_000);
}
