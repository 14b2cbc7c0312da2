/// <reference lib="dom" />
// Reader helpers for the journeys: importing a book through the test routes, a demo book by its title and its print
// pages, waiting for a chapter to be painted in the reader's shadow root, selecting its text with the mouse, counting
// highlights, a swipe over the reading area.
import type { Page } from 'playwright-core';
import { api } from './browser.js';

export interface ChapterFacts {
  id: number;
  title: string;
  length: number;
  math: boolean;
  svg: boolean;
  ruby: boolean;
  img: boolean;
}

/** Imports an EPUB of the shared corpus (path under ../shared/data/epub); its first chapters free. */
export async function importBook(file: string, freeChapters: number): Promise<number> {
  const r = await api<{ bookId: number }>('/api/test/reader/import', { body: { file, freeChapters } });
  if (r.code !== 200) throw new Error(`import ${file}: ${r.msg}`);
  return r.data.bookId;
}
export const chaptersOf = async (bookId: number) =>
  (await api<ChapterFacts[]>(`/api/test/reader/chapters?bookId=${bookId}`)).data;
export const spineOf = async (bookId: number) =>
  (await api<{ id: number; free: boolean }[]>(`/api/reader/spine?bookId=${bookId}`)).data;

/**
 * Opens the reader at an address as a visitor would go on reading it: a free chapter arrives written by the server
 * (server/src/prerender/reader.ts) and the app starts at the visitor's first move; the journeys then use the
 * app's reader, once it has taken the server's page's place.
 */
export async function openReader(page: Page, url: string): Promise<void> {
  await page.goto(url);
  if (!(await page.locator('#tb-server-page').count())) return;
  await page.mouse.move(5, 200);
  await page.locator('#tb-server-page').waitFor({ state: 'detached' });
}

/** Waits until the chapter is painted inside the reader's shadow root; answers its text (one look, no race). */
export async function chapterText(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    const body = document.querySelector('[data-testid=chapter-host]')?.shadowRoot?.querySelector('.epub-body');
    return body ? (body.textContent ?? '') : false;
  });
  return (await handle.jsonValue()) as string;
}

/** Drags the mouse over the first occurrence of `text` in the chapter (a real selection). */
export async function selectText(page: Page, text: string): Promise<void> {
  const box = await page.evaluate((needle) => {
    const root = document.querySelector('[data-testid=chapter-host]')!.shadowRoot!;
    const walker = document.createTreeWalker(root.querySelector('.epub-body')!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = (n as Text).data.indexOf(needle);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + needle.length);
      (n.parentElement as Element).scrollIntoView({ block: 'center' });
      const rects = range.getClientRects();
      const first = rects[0]!;
      const last = rects[rects.length - 1]!;
      return {
        x1: first.left + 1,
        y1: first.top + first.height / 2,
        x2: last.right - 1,
        y2: last.top + last.height / 2,
      };
    }
    return null;
  }, text);
  if (!box) throw new Error(`text not found: ${text}`);
  await page.mouse.move(box.x1, box.y1);
  await page.mouse.down();
  await page.mouse.move(box.x2, box.y2, { steps: 5 });
  await page.mouse.up();
}

/** How many highlights the chapter shows. */
export const marks = (page: Page) =>
  page.evaluate(
    () => document.querySelector('[data-testid=chapter-host]')!.shadowRoot!.querySelectorAll('mark.rd-hl').length,
  );

/** The chapters of the continuous (screen-reader) mode, each a section labelled by its heading. */
export const sections = (page: Page) => page.locator('[data-testid=reader-continuous] > section[aria-labelledby]');

/** Turns the continuous (screen-reader) mode on through the settings drawer. */
export async function turnOnContinuous(page: Page): Promise<void> {
  await page.getByTestId('settings-button').click();
  const settings = page.getByRole('region', { name: '阅读设置' });
  await settings.waitFor();
  await settings.getByRole('switch', { name: '连续阅读（读屏模式）' }).click();
  await page.keyboard.press('Escape');
  // Until the drawer has slid away its mask covers the text (a click there would land on the mask).
  await settings.waitFor({ state: 'hidden' });
  await sections(page).first().waitFor();
}

/** A print page of a book (GET /api/book/pages). */
export interface BookPage {
  label: string;
  chapterId: number;
  anchor: string;
}

/** A published book of the catalogue (the demo's, seeded at start) by its title, and its print pages. */
export async function bookByTitle(title: string): Promise<{ bookId: number; pages: BookPage[] }> {
  const list = await api<{ rows: { id: number; title: string }[] }>('/api/book/list?pageSize=999');
  const bookId = list.data.rows.find((b) => b.title === title)!.id;
  return { bookId, pages: (await api<BookPage[]>(`/api/book/pages?bookId=${bookId}`)).data };
}

/** A horizontal swipe over the reading area from `from` to `to` (px from the left). */
export const swipe = (page: Page, from: number, to: number) =>
  page.evaluate(
    ({ from, to }) => {
      const main = document.querySelector('.reader-main')!;
      const touch = (x: number) => new Touch({ identifier: 1, target: main, clientX: x, clientY: 400 });
      main.dispatchEvent(
        new TouchEvent('touchstart', { bubbles: true, touches: [touch(from)], changedTouches: [touch(from)] }),
      );
      main.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(to)] }));
    },
    { from, to },
  );
