/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { consoleErrors, DEVICES, shot, useJourney } from '../support/browser.js';
import {
  chaptersOf,
  importBook,
  type ChapterFacts,
  openReader,
  sections,
  turnOnContinuous,
} from '../support/reader.js';

const journey = useJourney('reader-continuous-vertical');

let bookId = 0;
let chapters: ChapterFacts[] = [];

beforeAll(async () => {
  // The same import as the reader journey's vertical screenshots (all chapters free: a visitor reads on).
  bookId = await importBook('conformance/idpf-epub3-samples/kusamakura-japanese-vertical-writing.epub', 999);
  chapters = await chaptersOf(bookId);
});

interface Layout {
  writingMode: string;
  /** The section's chapter box, the page's scroller and the window, in CSS pixels. */
  chapter: { top: number; bottom: number; left: number; right: number; width: number; height: number };
  scroller: { top: number; bottom: number; left: number; right: number };
  windowWidth: number;
  /** The chapter's own sideways scroll: how far it can go, and where it is. */
  scrollWidth: number;
  clientWidth: number;
  scrollLeft: number;
  /** The first line's first characters and where they are painted. */
  firstText: string;
  firstRect: { top: number; bottom: number; left: number; right: number } | null;
  /** The heading's box and its writing mode. */
  heading: { top: number; bottom: number; left: number; right: number; writingMode: string };
}

/** What the nth section's chapter looks like on the page. */
const layoutOf = (page: Page, nth: number) =>
  page.evaluate((nth): Layout => {
    const scroller = document.querySelector<HTMLElement>('[data-testid=reader-continuous]')!;
    const section = scroller.querySelectorAll('section')[nth]!;
    const host = section.querySelector('[data-testid=chapter-host]')!;
    const vp = host.shadowRoot!.querySelector<HTMLElement>('.viewport')!;
    const body = vp.querySelector('.epub-body')!;
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    let firstText = '';
    let firstRect: Layout['firstRect'] = null;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = (n as Text).data.trim();
      if (!t || n.parentElement?.closest('rt')) continue;
      const range = document.createRange();
      const at = (n as Text).data.indexOf(t[0]!);
      range.setStart(n, at);
      range.setEnd(n, at + 1);
      const r = range.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      firstText = t.slice(0, 8);
      firstRect = { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      break;
    }
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
    };
    const h = section.querySelector('h2')!;
    return {
      writingMode: getComputedStyle(body).writingMode,
      chapter: box(vp),
      scroller: box(scroller),
      windowWidth: document.documentElement.clientWidth,
      scrollWidth: vp.scrollWidth,
      clientWidth: vp.clientWidth,
      scrollLeft: vp.scrollLeft,
      firstText,
      firstRect,
      heading: { ...box(h), writingMode: getComputedStyle(h).writingMode },
    };
  }, nth);

for (const device of DEVICES) {
  test(`a vertical (Japanese) book reads continuously: vertical text, sideways scroll, next chapter (${device})`, async () => {
    // The longest chapter with one after it: far wider than any screen once set in columns, whatever the font.
    let at = -1;
    chapters.forEach((c, i) => {
      if (i + 1 < chapters.length && c.length > 3000 && (at < 0 || c.length > chapters[at]!.length)) at = i;
    });
    expect(at, 'a long chapter with a next one').toBeGreaterThanOrEqual(0);
    const first = chapters[at]!;
    const page = await journey.page(device);
    await openReader(page, `/bookPreview?bookId=${bookId}&chapterId=${first.id}&trial=1`);
    await page.getByTestId('chapter-host').waitFor();
    await turnOnContinuous(page);
    await expect.poll(async () => (await layoutOf(page, 0)).firstText.length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    await shot(page, 'start', { fullPage: false });

    const l = await layoutOf(page, 0);
    // Vertical, right to left, as the book says.
    expect(l.writingMode).toBe('vertical-rl');
    // The chapter fits the page across (no sideways overflow of the page), under its heading.
    expect(l.chapter.left).toBeGreaterThanOrEqual(l.scroller.left - 1);
    expect(l.chapter.right).toBeLessThanOrEqual(l.windowWidth + 1);
    expect(l.heading.bottom).toBeLessThanOrEqual(l.chapter.top + 1);
    // Its columns are no taller than the page shows: a column is read top to bottom without scrolling.
    expect(l.chapter.height).toBeLessThanOrEqual(l.scroller.bottom - l.scroller.top);
    // The first line starts at the right edge and is on screen.
    const r = l.firstRect!;
    expect(r.right).toBeLessThanOrEqual(l.chapter.right + 1);
    expect(r.left).toBeGreaterThanOrEqual(l.chapter.right - 200);
    expect(r.top).toBeGreaterThanOrEqual(l.scroller.top);
    expect(r.bottom).toBeLessThanOrEqual(l.scroller.bottom);
    // The rest of the chapter is reached by scrolling it sideways (leftwards).
    expect(l.scrollWidth).toBeGreaterThan(l.clientWidth);
    // The keyboard's next-page key (the left arrow: the book's pages progress right to left) moves along the
    // lines (leftwards), not down the page.
    const pageTop = () => page.getByTestId('reader-continuous').evaluate((el) => el.scrollTop);
    const top = await pageTop();
    // Focus on the chapter first (the settings drawer just closed and gave it back to its button).
    await page
      .locator('[data-testid=reader-continuous] section')
      .first()
      .click({ position: { x: 5, y: 5 } });
    const start = (await layoutOf(page, 0)).scrollLeft;
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await layoutOf(page, 0)).scrollLeft).toBeLessThan(start - 100);
    expect(await pageTop()).toBe(top);
    if (device === 'desktop') {
      // So does the wheel over the chapter.
      const before = (await layoutOf(page, 0)).scrollLeft;
      await page.mouse.move((l.chapter.left + l.chapter.right) / 2, (l.chapter.top + l.chapter.bottom) / 2);
      await page.mouse.wheel(0, 300);
      await expect.poll(async () => (await layoutOf(page, 0)).scrollLeft).toBeLessThan(before - 100);
    }
    await page.evaluate(() => {
      const vp = document
        .querySelector('[data-testid=chapter-host]')!
        .shadowRoot!.querySelector<HTMLElement>('.viewport')!;
      vp.scrollLeft = -vp.scrollWidth;
    });
    await expect
      .poll(async () => (await layoutOf(page, 0)).scrollLeft)
      .toBeLessThan(-(l.scrollWidth - l.clientWidth - 2));
    await shot(page, 'chapter-end', { fullPage: false });

    // Scrolling the page on reaches the next chapter, appended below with its heading, vertical too.
    await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('[data-testid=reader-continuous]')!;
      el.scrollTop = el.scrollHeight;
    });
    await expect.poll(() => sections(page).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const heading2 = sections(page).nth(1).locator('h2.reader-chapter-heading');
    expect(((await heading2.textContent()) ?? '').trim().length).toBeGreaterThan(0);
    await expect.poll(async () => (await layoutOf(page, 1)).firstText.length).toBeGreaterThan(0);
    await heading2.scrollIntoViewIfNeeded();
    const [above, l2] = [await layoutOf(page, 0), await layoutOf(page, 1)];
    expect(l2.writingMode).toBe('vertical-rl');
    // No overlap: the next chapter's heading comes after the previous chapter's box.
    expect(l2.heading.top).toBeGreaterThanOrEqual(above.chapter.bottom - 1);
    expect(l2.heading.bottom).toBeLessThanOrEqual(l2.chapter.top + 1);
    expect(l2.chapter.right).toBeLessThanOrEqual(l2.windowWidth + 1);
    await shot(page, 'appended', { fullPage: false });
    expect(consoleErrors(page)).toEqual([]);
  });
}
