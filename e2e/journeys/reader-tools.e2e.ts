/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, loginAs, shot, toasts, useJourney } from '../support/browser.js';
import { chapterText, chaptersOf, importBook, selectText, spineOf, swipe } from '../support/reader.js';

// Issue 30: the reader's own search (hits marked where they are), bookmarks, font / margins / alignment, English
// look-up, a swipe in a book that scrolls down, and a right-to-left book's chapter buttons.
const journey = useJourney('reader-tools');
const STUDENT = 4;
const WORD = 'procedure';

let sicp = 0;
let arabic = 0;

beforeAll(async () => {
  // The same imports (file and free chapters) as reader.e2e.ts: one book each, whichever journey runs first.
  sicp = await importBook('textbooks/sicp.epub', 999);
  arabic = await importBook('conformance/idpf-epub3-samples/regime-anticancer-arabic.epub', 999);
});

/** The search mark in the chapter: its text, whether it is on screen, and which occurrence of the word it is. */
const searchMark = (page: Page, word: string) =>
  page.evaluate((word) => {
    const root = document.querySelector('[data-testid=chapter-host]:not([hidden])')!.shadowRoot!;
    const mark = root.querySelector('.viewport:not(.gone) mark.rd-search');
    if (!mark) return null;
    const body = mark.closest('.epub-body')!;
    const range = document.createRange();
    range.setStart(body, 0);
    range.setEndBefore(mark);
    const before = range.toString().replace(/\s+/g, ' ').toLowerCase();
    let count = 0;
    for (let at = before.indexOf(word); at >= 0; at = before.indexOf(word, at + word.length)) count += 1;
    const r = mark.getBoundingClientRect();
    return {
      text: mark.textContent!.toLowerCase(),
      occurrence: count,
      onScreen: r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth,
    };
  }, word);

/** How far the chapter on screen is scrolled. */
const scrolled = (page: Page) =>
  page.evaluate(
    () =>
      document
        .querySelector('[data-testid=chapter-host]:not([hidden])')!
        .shadowRoot!.querySelector('.viewport:not(.gone)')!.scrollTop,
  );

/** The first words of the chapter's text on screen (what a bookmark keeps; the book's fixed arrows aside). */
const firstWordsOnScreen = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-testid=chapter-host]:not([hidden])')!.shadowRoot!;
    const vp = root.querySelector('.viewport:not(.gone)')!;
    const top = vp.getBoundingClientRect().top;
    const walker = document.createTreeWalker(vp, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if ((n as Text).data.trim().length < 20) continue;
      const r = (n.parentElement as Element).getBoundingClientRect();
      if (r.bottom > top + 4) return (n as Text).data.trim().slice(0, 30);
    }
    return '';
  });

/**
 * Whether the text at a bookmark's place (its anchor's offset in the chapter's text) is on screen, in the
 * chapter's viewport (the first words shown may be cut by its top edge); null when the text there is not the
 * bookmark's (another chapter is shown).
 */
const placeOnScreen = (page: Page, anchor: { quote: string; offset: number }) =>
  page.evaluate((anchor) => {
    const root = document.querySelector('[data-testid=chapter-host]:not([hidden])')?.shadowRoot;
    const vp = root?.querySelector('.viewport:not(.gone)');
    const body = vp?.querySelector('.epub-body');
    if (!vp || !body) return null;
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    let at = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n as Text;
      if (at + t.data.length > anchor.offset) {
        const range = document.createRange();
        range.setStart(t, anchor.offset - at);
        range.setEnd(t, Math.min(t.data.length, anchor.offset - at + 1));
        if (!anchor.quote.startsWith(range.toString())) return null;
        const r = range.getBoundingClientRect();
        const v = vp.getBoundingClientRect();
        return r.bottom > v.top && r.top < v.bottom && r.right > v.left && r.left < v.right;
      }
      at += t.data.length;
    }
    return null;
  }, anchor);

for (const device of DEVICES) {
  test(`in-book search in the reader and from the search page lands on the hit and marks it (${device})`, async () => {
    const chapters = await chaptersOf(sicp);
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    await page.goto(`/bookPreview?bookId=${sicp}&chapterId=${chapters[0]!.id}`);
    await chapterText(page);

    // The reader's own search panel: hits listed by chapter.
    await page.getByTestId('search-button').click();
    const input = page.getByTestId('reader-search-input').locator('input');
    await input.fill(WORD);
    await input.press('Enter');
    const hits = page.getByTestId('reader-search-hit');
    await hits.first().waitFor();
    await shot(page, 'search-panel');
    const answer = await api<{ rows: { chapterId: number; occurrence?: number; link: string }[] }>(
      `/api/book/searchInBook?bookId=${sicp}&q=${WORD}&limit=100`,
    );
    // A third occurrence in a chapter other than the one open.
    const rows = answer.data.rows;
    const target = rows.findIndex((r) => r.chapterId !== chapters[0]!.id && r.occurrence === 2);
    expect(target).toBeGreaterThan(0);
    await hits.nth(target).click();
    await page.waitForURL((url) => url.searchParams.get('chapterId') === String(rows[target]!.chapterId));
    await expect.poll(() => searchMark(page, WORD)).toEqual({ text: WORD, occurrence: 2, onScreen: true });
    await shot(page, 'search-hit-marked', { fullPage: false });

    // The site's in-book search page: each hit its own address; the second opens the reader on the second.
    await page.goto(`/search-result-detail?bookId=${sicp}&searchText=${WORD}`);
    const links = page.getByTestId('inbook-hit');
    await links.first().waitFor();
    const hrefs = await links.evaluateAll((as) => as.slice(0, 6).map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(hrefs.length);
    const second = rows.findIndex((r) => r.occurrence === 1);
    await links.nth(second).click();
    await page.waitForURL((url) => url.searchParams.get('hit') === '1');
    await chapterText(page);
    await expect.poll(() => searchMark(page, WORD)).toEqual({ text: WORD, occurrence: 1, onScreen: true });
    await shot(page, 'search-page-hit-marked', { fullPage: false });
    expect(consoleErrors(page)).toEqual([]);
  }, 120_000);

  test(`bookmarks: add the place on screen, list, go to it from afar and from another chapter, kept after a reload, remove (${device})`, async () => {
    const spine = await spineOf(sicp);
    const page = await journey.page(device);
    const token = await loginAs(page, STUDENT);
    const marks = () =>
      api<{ id: number; anchor: { quote: string; offset: number } }[]>(`/api/reader/bookmark/list?bookId=${sicp}`, {
        token,
      });
    for (const b of (await marks()).data) await api(`/api/reader/bookmark/delete/${b.id}`, { body: {}, token });
    // A long chapter (several screens of text).
    const long = (await chaptersOf(sicp)).find((c) => c.length > 30_000)!;
    const chapter = spine.find((c) => c.id === long.id)!;
    await page.goto(`/bookPreview?bookId=${sicp}&chapterId=${chapter.id}`);
    await chapterText(page);
    // Read on a few screens.
    const top = await firstWordsOnScreen(page);
    const box = (await page.getByTestId('chapter-host').boundingBox())!;
    const wheel = async (dy: number) => {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, dy);
    };
    await wheel(1500);
    await expect.poll(() => firstWordsOnScreen(page)).not.toBe(top);
    await page.waitForTimeout(300);
    const here = await scrolled(page);
    expect(here).toBeGreaterThan(500);

    await page.getByTestId('bookmarks-button').click();
    await page.getByTestId('add-bookmark').click();
    await expect.poll(() => toasts(page)).toContain('已添加书签');
    await expect.poll(() => page.getByTestId('bookmark').count()).toBe(1);
    await shot(page, 'bookmarks-list');
    const [mark] = (await marks()).data;
    expect(await placeOnScreen(page, mark!.anchor)).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '书签' }).waitFor({ state: 'hidden' });

    // Far on in the same chapter, then the bookmark chosen in the panel: its words are on screen again.
    await wheel(6000);
    await expect.poll(() => scrolled(page)).toBeGreaterThan(here + 3000);
    expect(await placeOnScreen(page, mark!.anchor)).toBe(false);
    await page.getByTestId('bookmarks-button').click();
    await page.getByTestId('bookmark').locator('.notes-quote').click();
    await page.getByRole('dialog', { name: '书签' }).waitFor({ state: 'hidden' });
    await expect.poll(() => placeOnScreen(page, mark!.anchor)).toBe(true);
    await page.waitForTimeout(500);
    expect(await placeOnScreen(page, mark!.anchor)).toBe(true);
    await shot(page, 'bookmark-same-chapter', { fullPage: false });

    // From another chapter: the bookmark's chapter opens at its place.
    await page.getByTestId('next-chapter').click();
    await page.waitForURL((url) => url.searchParams.get('chapterId') !== String(chapter.id));
    await expect.poll(() => placeOnScreen(page, mark!.anchor)).toBe(null);
    await page.getByTestId('bookmarks-button').click();
    await page.getByTestId('bookmark').locator('.notes-quote').click();
    await page.waitForURL((url) => url.searchParams.get('chapterId') === String(chapter.id));
    await expect.poll(() => placeOnScreen(page, mark!.anchor)).toBe(true);
    await page.waitForTimeout(500);
    expect(await placeOnScreen(page, mark!.anchor)).toBe(true);
    await shot(page, 'bookmark-other-chapter', { fullPage: false });

    // In pages: some pages on, the bookmark brings its page back.
    await page.getByTestId('settings-button').click();
    const settings = page.getByRole('region', { name: '阅读设置' });
    await settings.getByText('分页', { exact: true }).click();
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
    const columns = () =>
      page.evaluate(
        () =>
          document
            .querySelector('[data-testid=chapter-host]:not([hidden])')!
            .shadowRoot!.querySelector('.viewport:not(.gone)')!.scrollLeft,
      );
    await expect.poll(() => placeOnScreen(page, mark!.anchor)).toBe(true);
    const onPage = await columns();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(columns).toBeGreaterThan(onPage);
    expect(await placeOnScreen(page, mark!.anchor)).toBe(false);
    await page.getByTestId('bookmarks-button').click();
    await page.getByTestId('bookmark').locator('.notes-quote').click();
    await expect.poll(() => placeOnScreen(page, mark!.anchor)).toBe(true);
    expect(await columns()).toBe(onPage);
    await shot(page, 'bookmark-paged', { fullPage: false });

    // Kept on the server: after a reload it is still listed; removed, it is gone.
    await page.reload();
    await chapterText(page);
    await page.getByTestId('bookmarks-button').click();
    await expect.poll(() => page.getByTestId('bookmark').count()).toBe(1);
    await page.getByTestId('remove-bookmark').click();
    await expect.poll(() => page.getByTestId('bookmark').count()).toBe(0);
    expect((await marks()).data).toEqual([]);
    expect(consoleErrors(page)).toEqual([]);
  }, 120_000);

  test(`font, margins and alignment from the settings drawer, kept after a reload; English look-up (${device})`, async () => {
    const spine = await spineOf(sicp);
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    await page.goto(`/bookPreview?bookId=${sicp}&chapterId=${spine[2]!.id}`);
    await chapterText(page);
    const look = () =>
      page.evaluate(() => {
        const root = document.querySelector('[data-testid=chapter-host]:not([hidden])')!.shadowRoot!;
        const p = root.querySelector('.viewport:not(.gone) .epub-body p')!;
        const body = root.querySelector('.viewport:not(.gone) .epub-body')!;
        const s = getComputedStyle(p);
        return {
          font: s.fontFamily.includes('Serif'),
          align: s.textAlign,
          padding: parseFloat(getComputedStyle(body).paddingLeft),
        };
      });
    const before = await look();
    await page.getByTestId('settings-button').click();
    const settings = page.getByRole('region', { name: '阅读设置' });
    await settings.waitFor();
    await settings.getByText('宋体').click();
    await settings.getByText('宽', { exact: true }).click();
    await settings.getByText('两端对齐').click();
    await shot(page, 'settings-font-margins');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
    const after = await look();
    expect(after).toMatchObject({ font: true, align: 'justify' });
    expect(after.padding).toBeGreaterThan(before.padding);
    await page.reload();
    await chapterText(page);
    expect(await look()).toEqual(after);
    await shot(page, 'settings-kept', { fullPage: false });

    // An English word in a chapter that has it: its lemma's Chinese meanings from ECDICT.
    const word = 'procedures';
    const found = await api<{ rows: { chapterId: number; link: string }[] }>(
      `/api/book/searchInBook?bookId=${sicp}&q=${word}&limit=200`,
    );
    const at = found.data.rows.find((r) => r.chapterId > spine[8]!.id)!;
    await page.goto(at.link);
    await chapterText(page);
    await selectText(page, word);
    await page.getByTestId('translate').click();
    const panel = page.getByTestId('translation');
    await panel.getByText('ECDICT', { exact: false }).waitFor({ timeout: 50_000 });
    expect(await panel.locator('.trans-entries strong').first().innerText()).toBe(word.slice(0, -1));
    expect(await panel.innerText()).toMatch(/\p{Script=Han}/u);
    await shot(page, 'lookup-english', { fullPage: false });

    expect(consoleErrors(page)).toEqual([]);
  }, 120_000);
}

test('a horizontal swipe in a book that scrolls down goes to the next chapter (phone)', async () => {
  const spine = await spineOf(sicp);
  const page = await journey.page('phone');
  await loginAs(page, STUDENT);
  await page.goto(`/bookPreview?bookId=${sicp}&chapterId=${spine[2]!.id}`);
  await chapterText(page);
  await swipe(page, 320, 80);
  await page.waitForURL((url) => url.searchParams.get('chapterId') === String(spine[3]!.id));
  await chapterText(page);
  await swipe(page, 80, 320);
  await page.waitForURL((url) => url.searchParams.get('chapterId') === String(spine[2]!.id));
  await shot(page, 'swiped-back', { fullPage: false });
});

for (const device of DEVICES) {
  test(`a right-to-left book has 下一章 on the left and 上一章 on the right (${device})`, async () => {
    const spine = await spineOf(arabic);
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    await page.goto(`/bookPreview?bookId=${arabic}&chapterId=${spine[1]!.id}`);
    await chapterText(page);
    const next = await page.getByTestId('next-chapter').boundingBox();
    const prev = await page.getByTestId('prev-chapter').boundingBox();
    expect(next!.x).toBeLessThan(prev!.x);
    await shot(page, 'rtl-footer', { fullPage: false });
  });
}
