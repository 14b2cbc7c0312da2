/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';
import { chaptersOf, importBook, openReader, sections, turnOnContinuous } from '../support/reader.js';

const journey = useJourney('reader-continuous');
const STUDENT = 4;

interface ChapterFacts {
  id: number;
  title: string;
  length: number;
}

let bookId = 0;
let chapters: ChapterFacts[] = [];
let spine: { id: number; free: boolean }[] = [];

beforeAll(async () => {
  const r = await api<{ bookId: number }>('/api/test/reader/import', {
    body: { file: 'cjk/lu-xun-fen-zh-epub3.epub', freeChapters: 3 },
  });
  if (r.code !== 200) throw new Error(`import: ${r.msg}`);
  bookId = r.data.bookId;
  chapters = (await api<ChapterFacts[]>(`/api/test/reader/chapters?bookId=${bookId}`)).data;
  spine = (await api<{ id: number; free: boolean }[]>(`/api/reader/spine?bookId=${bookId}`)).data;
});

/** Scrolls the continuous page to its end (the reader's own scroller, as a reader's wheel would). */
const scrollToEnd = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid=reader-continuous]')!;
    el.scrollTop = el.scrollHeight;
  });

for (const device of DEVICES) {
  test(`a student reads continuously: the next chapter is appended with its heading (${device})`, async () => {
    const grant = await api('/api/test/reader/grant', { body: { memberId: STUDENT, bookId, source: 'class' } });
    expect(grant.code).toBe(200);
    // A chapter of some length with a following one: the next appears only once the reader nears the end.
    const at = chapters.findIndex((c, i) => c.length > 6000 && i + 1 < chapters.length);
    const first = chapters[at]!;
    const second = chapters[at + 1]!;
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    await openReader(page, `/bookPreview?bookId=${bookId}&chapterId=${first.id}`);
    await page.getByTestId('chapter-host').waitFor();
    await turnOnContinuous(page);

    // Landmarks: the text is the main region, the contents a navigation region.
    await expect.poll(() => page.getByRole('main').count()).toBe(1);
    if (device === 'phone') await page.getByRole('button', { name: '目录', exact: true }).click();
    await page.getByRole('navigation', { name: '目录' }).first().waitFor();
    if (device === 'phone') await page.keyboard.press('Escape');

    const live = page.getByTestId('reader-announce');
    expect(await live.getAttribute('aria-live')).toBe('polite');
    expect(await sections(page).count()).toBe(1);
    const heading1 = sections(page).first().getByRole('heading', { level: 2 });
    const title1 = ((await heading1.textContent()) ?? '').trim();
    expect(title1.length).toBeGreaterThan(0);
    await expect.poll(() => live.textContent()).toBe(title1);
    await shot(page, 'continuous-start', { fullPage: false });

    await scrollToEnd(page);
    await expect.poll(() => sections(page).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const appended = sections(page).nth(1);
    const labelledBy = await appended.getAttribute('aria-labelledby');
    const heading2 = appended.getByRole('heading', { level: 2 });
    expect(await heading2.getAttribute('id')).toBe(labelledBy);
    const title2 = ((await heading2.textContent()) ?? '').trim();
    expect(title2.length).toBeGreaterThan(0);
    expect(title2).not.toBe(title1);
    // The heading is the chapter's name in the contents.
    if (device === 'desktop')
      expect(await page.getByRole('navigation', { name: '目录' }).getByText(title2, { exact: true }).count()).toBe(1);
    // Its text is painted in its own isolated (shadow) root.
    await expect
      .poll(() =>
        appended.evaluate(
          (s) => s.querySelector('[data-testid=chapter-host]')?.shadowRoot?.querySelector('.epub-body') !== null,
        ),
      )
      .toBe(true);
    await expect.poll(() => live.textContent()).toBe(title2);

    // The address follows the chapter in view (replaced, not pushed).
    await heading2.scrollIntoViewIfNeeded();
    await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('[data-testid=reader-continuous]')!;
      const h = el.querySelectorAll('section')[1]!;
      el.scrollTop += h.getBoundingClientRect().top - el.getBoundingClientRect().top - 60;
    });
    await page.waitForURL(new RegExp(`chapterId=${second.id}`));
    expect(await sections(page).count()).toBeGreaterThanOrEqual(2);
    await shot(page, 'continuous-appended', { fullPage: false });

    // Leaving saves the position in the chapter in view (the one in the address).
    const saved = page.waitForRequest((r) => r.url().includes('/api/book/extend/leave'));
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    const body = JSON.parse((await saved).postData() ?? '{}') as { chapterId: number; anchor: { quote: string } };
    expect(body.chapterId).toBe(second.id);
    expect(body.anchor.quote.length).toBeGreaterThan(0);

    // Keyboard navigation to a chapter on the page scrolls there and announces it.
    await heading2.click();
    await page.keyboard.press('[');
    await expect.poll(() => live.textContent()).toBe(title1);
    await page.waitForURL(new RegExp(`chapterId=${first.id}`));
    expect(await sections(page).count()).toBeGreaterThanOrEqual(2);
    expect(consoleErrors(page)).toEqual([]);
  });
}

test('a visitor reading continuously stops at the first chapter that needs a login', async () => {
  const lastFree = [...spine].reverse().find((c) => c.free)!;
  const page = await journey.page('desktop');
  await openReader(page, `/bookPreview?bookId=${bookId}&chapterId=${lastFree.id}&trial=1`);
  await page.getByTestId('chapter-host').waitFor();
  await turnOnContinuous(page);
  await scrollToEnd(page);
  await page.getByTestId('reader-continuous').getByText('登录后继续阅读').waitFor();
  expect(await sections(page).count()).toBe(1);
  await shot(page, 'continuous-login', { fullPage: false });
  expect(consoleErrors(page).filter((e) => !e.includes('401'))).toEqual([]);
});

test('a note reference opens its note in a popup in continuous mode, as in pages', async () => {
  // The Waste Land: each line's note reference (epub:type="noteref") points at a rear note of the same document.
  const poem = await importBook('conformance/idpf-epub3-samples/wasteland.epub', 999);
  const longest = (await chaptersOf(poem)).sort((a, b) => b.length - a.length)[0]!;
  const page = await journey.page('desktop');
  await openReader(page, `/bookPreview?bookId=${poem}&chapterId=${longest.id}&trial=1`);
  await page.getByTestId('chapter-host').waitFor();
  await turnOnContinuous(page);
  const noteref = sections(page).first().locator('a[epub\\:type~="noteref"]').first();
  await noteref.scrollIntoViewIfNeeded();
  const scrolled = () => page.getByTestId('reader-continuous').evaluate((el) => el.scrollTop);
  const before = await scrolled();
  await noteref.click();
  const popup = page.getByTestId('footnote-popup');
  await popup.waitFor();
  expect(await popup.innerText()).toContain('Cf. Ezekiel 2:1');
  // Opened over the page: the reader did not jump to the note at the end of the poem.
  expect(await scrolled()).toBe(before);
  await shot(page, 'continuous-footnote', { fullPage: false });
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'hidden' });
  expect(consoleErrors(page)).toEqual([]);
});
