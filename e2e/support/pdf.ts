/// <reference lib="dom" />
// PDF reader helpers for the journeys (issue 32): a page painted, whole pages on the screen, a line of a page's
// text layer selected.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until page `n` (from 0) of the section is painted; answers how many of its canvas pixels are not paper. */
export async function inked(page: Page, n: number): Promise<number> {
  const box = page.locator(`.pdf-page[data-page="${n}"][data-painted]`);
  await box.waitFor({ timeout: 20_000 });
  return box.evaluate((el) => {
    const canvas = el.querySelector('canvas')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let ink = 0;
    for (let i = 0; i < data.length; i += 16) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) ink += 1;
    return ink;
  });
}

/** 适合页面: whole pages on the screen; the pages then take the keys (a click on their margin). */
export async function fitWholePages(page: Page): Promise<void> {
  await page.getByTestId('pdf-fit-page').click();
  await expect
    .poll(() => page.locator('.pdf-page[data-page="0"]').evaluate((el) => el.clientHeight))
    .toBeLessThan(page.viewportSize()!.height);
  // Laid out at the new size (a busy machine sizes the pages a moment later): every page has its height, so the
  // section scrolls when it has more pages than fit.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const sizes = [...document.querySelectorAll<HTMLElement>('.pdf-page')].map((el) => el.clientHeight);
        const vp = document.querySelector<HTMLElement>('.pdf-viewport')!;
        return (
          sizes.length > 0 && sizes.every((h) => h > 100) && (sizes.length < 2 || vp.scrollHeight > vp.clientHeight)
        );
      }),
    )
    .toBe(true);
  await page.locator('.pdf-viewport').click({ position: { x: 5, y: 5 } });
}

/** The PDF toolbar's page (第 ii 页 · 2/2). */
export const pdfLabel = (page: Page) => page.getByTestId('pdf-page-label').innerText();

/** Selects `text` on a page's text layer: a mouse drag on a desktop, the handles' selection on a phone. */
export async function selectOnPage(page: Page, text: string, phone: boolean): Promise<void> {
  // The line brought on screen first (a scroll clears a selection, as the reader's toolbar follows the text).
  await page.evaluate((text) => {
    const span = [...document.querySelectorAll('.pdf-page .textLayer span')].find((s) => s.textContent?.includes(text));
    if (!span) throw new Error(`not on the page: ${text}`);
    span.scrollIntoView({ block: 'center' });
  }, text);
  await page.waitForTimeout(400);
  const box = await page.evaluate(
    ({ text, phone }) => {
      for (const span of document.querySelectorAll('.pdf-page .textLayer span')) {
        const node = span.firstChild as Text | null;
        const at = node?.data.indexOf(text) ?? -1;
        if (!node || at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        if (phone) {
          document.getSelection()!.removeAllRanges();
          document.getSelection()!.addRange(range);
          return null;
        }
        const r = range.getBoundingClientRect();
        return { x1: r.left + 1, x2: r.right - 1, y: r.top + r.height / 2 };
      }
      throw new Error(`not on the page: ${text}`);
    },
    { text, phone },
  );
  if (!box) return;
  await page.mouse.move(box.x1, box.y);
  await page.mouse.down();
  await page.mouse.move(box.x2, box.y, { steps: 5 });
  await page.mouse.up();
}

/**
 * The in-book search for `word`, its first hit chosen: answers the hit's mark on the page once it is drawn and on
 * the screen.
 */
export async function searchToHit(page: Page, word: string) {
  await page.getByTestId('search-button').click();
  const input = page.getByTestId('reader-search-input').locator('input');
  await input.fill(word);
  await input.press('Enter');
  await page.getByTestId('reader-search-hit').first().click();
  const hit = page.locator('.pdf-page mark.rd-search').first();
  await hit.waitFor({ timeout: 20_000 });
  await expect.poll(() => hit.evaluate((m) => m.getBoundingClientRect().top)).toBeGreaterThan(0);
  await expect
    .poll(() => hit.evaluate((m) => m.getBoundingClientRect().bottom))
    .toBeLessThan(page.viewportSize()!.height);
  return hit;
}
