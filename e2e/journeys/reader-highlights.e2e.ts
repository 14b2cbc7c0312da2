/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { api, consoleErrors, loginAs, shot, useJourney, type Device } from '../support/browser.js';
import { chapterText, chaptersOf, importBook, marks } from '../support/reader.js';

// Saved highlights are drawn on every first open (issue 13): in a new browser the book's CSS and the notes race,
// and the notes often came first, before there was text to draw them on. The CSS is held back here so they do.
const journey = useJourney('reader-highlights');
// The common user: no other journey writes notes as them.
const MEMBER = 1;

const BOOKS = {
  horizontal: 'conformance/idpf-epub3-samples/childrens-literature.epub',
  vertical: 'conformance/idpf-epub3-samples/kusamakura-japanese-vertical-writing.epub',
};

const books: Record<keyof typeof BOOKS, { bookId: number; chapterId: number }> = {
  horizontal: { bookId: 0, chapterId: 0 },
  vertical: { bookId: 0, chapterId: 0 },
};

beforeAll(async () => {
  for (const key of Object.keys(BOOKS) as (keyof typeof BOOKS)[]) {
    // The same imports as the other reader journeys (all chapters free).
    const bookId = await importBook(BOOKS[key], 999);
    const chapters = await chaptersOf(bookId);
    const chapterId = [...chapters].sort((a, b) => b.length - a.length)[0]!.id;
    books[key] = { bookId, chapterId };
    const grant = await api('/api/test/reader/grant', { body: { memberId: MEMBER, bookId, source: 'class' } });
    expect(grant.code).toBe(200);
  }
});

/** Two phrases of the chapter's longer text nodes (quotes for notes). */
const phrases = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-testid=chapter-host]')!.shadowRoot!;
    const walker = document.createTreeWalker(root.querySelector('.epub-body')!, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let n = walker.nextNode(); n && found.length < 2; n = walker.nextNode()) {
      const t = (n as Text).data.replace(/\s+/g, ' ').trim();
      if (t.length > 24 && !n.parentElement?.closest('rt')) found.push(t.slice(4, 16));
    }
    return found;
  });

const CASES: { name: string; book: keyof typeof BOOKS; device: Device; continuous: boolean; flow: string }[] = [
  { name: 'paged', book: 'horizontal', device: 'desktop', continuous: false, flow: 'paged' },
  { name: 'scrolled', book: 'horizontal', device: 'phone', continuous: false, flow: 'scrolled' },
  { name: 'continuous', book: 'horizontal', device: 'desktop', continuous: true, flow: 'scrolled' },
  { name: 'vertical', book: 'vertical', device: 'phone', continuous: false, flow: 'scrolled' },
  { name: 'vertical-continuous', book: 'vertical', device: 'desktop', continuous: true, flow: 'scrolled' },
];

for (const c of CASES) {
  test(`saved highlights are drawn on the first open in a new browser: ${c.name} (${c.device})`, async () => {
    const { bookId, chapterId } = books[c.book];
    const address = `/bookPreview?bookId=${bookId}&chapterId=${chapterId}`;
    // Two notes saved earlier (on another device): a clean chapter first.
    const first = await journey.page(c.device);
    const token = await loginAs(first, MEMBER);
    for (const n of (await api<{ id: number }[]>(`/api/reader/note/detail?bookId=${bookId}`, { token })).data)
      await api(`/api/reader/note/delete/${n.id}`, { body: {}, token });
    await first.goto(address);
    await chapterText(first);
    const quotes = await phrases(first);
    expect(quotes).toHaveLength(2);
    for (const quote of quotes) {
      const added = await api('/api/reader/note/add', {
        body: { bookId, chapterId, quote, startOffset: 0, endOffset: 0, color: 'green', content: '' },
        token,
      });
      expect(added.code).toBe(200);
    }
    await first.close();

    // A new browser (nothing cached) whose book CSS arrives after the notes.
    const chapter = await api<{ styles: string[] }>(`/api/book/chapter?bookId=${bookId}&chapterId=${chapterId}`, {
      token,
    });
    expect(chapter.data.styles.length, 'the chapter has a stylesheet to hold back').toBeGreaterThan(0);
    const styles = new Set(chapter.data.styles.map((s) => new URL(s, 'http://x').pathname));
    const page = await journey.page(c.device);
    await loginAs(page, MEMBER);
    await page.addInitScript((settings) => localStorage.setItem('reader-settings', JSON.stringify(settings)), {
      continuous: c.continuous,
      flow: c.flow,
    });
    const notesAnswered = page.waitForResponse((r) => r.url().includes('/api/reader/note/detail'));
    await page.route(
      (url) => styles.has(url.pathname),
      async (route) => {
        await notesAnswered;
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      },
    );
    await page.goto(address);
    await chapterText(page);
    await expect.poll(() => page.getByTestId('notes-button').innerText()).toBe('笔记(2)');
    await expect.poll(() => marks(page)).toBe(2);
    await shot(page, c.name, { fullPage: false });
    expect(consoleErrors(page)).toEqual([]);
  });
}
