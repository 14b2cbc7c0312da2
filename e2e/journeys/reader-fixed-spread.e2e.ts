/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';
import { bookByTitle, type BookPage } from '../support/reader.js';

// Issue 32 on the demo's fixed-layout textbook 微积分图解 (server/src/demo/demo-fixed-layout.ts): on a wide screen
// both pages of a spread take a selection with the reader's toolbar (highlight, note, look-up), each note anchored
// to its own page and quote, its page named in the note list; a phone shows one page and notes it the same way.
const journey = useJourney('reader-fixed-spread');
const TITLE = '微积分图解';

let bookId = 0;
let pages: BookPage[] = [];

beforeAll(async () => {
  ({ bookId, pages } = await bookByTitle(TITLE));
  expect(pages.length).toBeGreaterThan(10);
});

const labelOf = (chapterId: number) => pages.find((p) => p.chapterId === chapterId)!.label;
const chapterOf = (page: Page) => Number(new URL(page.url()).searchParams.get('chapterId'));

/** The pages on screen, left to right: their chapters, once each is painted with its caption. */
const onScreen = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid=fixed-page][data-painted]')]
      .filter((host) => host.shadowRoot?.querySelector('.caption'))
      .map((host) => Number(host.dataset.chapter)),
  );

/** Drags the mouse over characters `from`–`to` of a page's caption text (a touch screen's handles on a phone). */
async function selectCaption(page: Page, chapterId: number, from: number, to: number, phone: boolean) {
  const box = await page.evaluate(
    ({ chapterId, from, to, phone }) => {
      const host = document.querySelector(`[data-testid=fixed-page][data-chapter="${chapterId}"]`)!;
      const caption = host.shadowRoot!.querySelector('.caption')!;
      const node = [...caption.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).at(-1) as Text;
      const range = document.createRange();
      range.setStart(node, from);
      range.setEnd(node, to);
      if (phone) {
        const selection = (host.shadowRoot as unknown as { getSelection(): Selection }).getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        return { text: range.toString().trim(), at: null };
      }
      const r = range.getBoundingClientRect();
      return { text: range.toString().trim(), at: { x1: r.left + 1, x2: r.right - 1, y: r.top + r.height / 2 } };
    },
    { chapterId, from, to, phone },
  );
  if (box.at) {
    await page.mouse.move(box.at.x1, box.at.y);
    await page.mouse.down();
    await page.mouse.move(box.at.x2, box.at.y, { steps: 5 });
    await page.mouse.up();
  }
  return box.text;
}

const marks = (page: Page, chapterId: number, selector: string) =>
  page.evaluate(
    ({ chapterId, selector }) =>
      document
        .querySelector(`[data-testid=fixed-page][data-chapter="${chapterId}"]`)!
        .shadowRoot!.querySelectorAll(selector).length,
    { chapterId, selector },
  );

for (const device of DEVICES) {
  const phone = device === 'phone';
  test(`a student notes both pages of a spread of 微积分图解, each on its own page (${device})`, async () => {
    const made = await api<{ id: number }>('/api/test/member', {
      body: { userName: `图解${device}${Date.now() % 1e6}` },
    });
    await api('/api/test/reader/grant', { body: { memberId: made.data.id, bookId, source: 'purchase' } });
    const page = await journey.page(device);
    const token = await loginAs(page, made.data.id);

    // From the book's page to its first pages, then on to the first pages with a figure and its caption.
    await page.goto(`/book-detail?id=${bookId}`);
    await page.getByTestId('read-book').click();
    await page.waitForURL(/bookPreview/);
    await page.getByTestId('fixed-view').waitFor();
    const wanted = phone ? 1 : 2;
    for (let i = 0; i < 4 && (await onScreen(page)).length < wanted; i += 1) {
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(600);
    }
    await expect.poll(() => onScreen(page)).toHaveLength(wanted);
    const shown = await onScreen(page);
    const current = chapterOf(page);
    expect(shown).toContain(current);
    const other = shown.find((id) => id !== current) ?? current;
    await expect.poll(() => page.getByTestId('page-label').innerText()).toBe(`第 ${labelOf(current)} 页`);
    await shot(page, 'spread', { fullPage: false });

    // The other page of the spread (the page itself on a phone): the toolbar, a highlight on that page.
    const first = await selectCaption(page, other, 0, 6, phone);
    await page.getByTestId('translate').waitFor();
    await page.getByTestId('highlight-green').click();
    await expect.poll(() => marks(page, other, 'mark.rd-green')).toBe(1);
    // A note on it.
    const second = await selectCaption(page, other, 8, 14, phone);
    await page.getByTestId('add-note').click();
    await page.getByTestId('note-text').fill('对页的笔记');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByRole('dialog', { name: '添加笔记' }).waitFor({ state: 'hidden' });
    await expect.poll(() => marks(page, other, 'mark.rd-hl.has-note')).toBe(1);
    // And a highlight on the page of the address.
    if (!phone) {
      await selectCaption(page, current, 0, 5, phone);
      await page.getByTestId('highlight-blue').click();
      await expect.poll(() => marks(page, current, 'mark.rd-blue')).toBe(1);
    }
    await shot(page, 'noted', { fullPage: false });

    // Each note is its own page's: its chapter, its quote, its print page, in the list too.
    const saved = (
      await api<{ chapterId: number; quote: string; pageLabel: string; content: string }[]>(
        `/api/reader/note/detail?bookId=${bookId}`,
        { token },
      )
    ).data;
    const mine = saved.map((n) => ({ chapterId: n.chapterId, quote: n.quote, pageLabel: n.pageLabel }));
    expect(mine).toContainEqual({ chapterId: other, quote: first, pageLabel: labelOf(other) });
    expect(mine).toContainEqual({ chapterId: other, quote: second, pageLabel: labelOf(other) });
    if (!phone) expect(mine.filter((n) => n.chapterId === current)).toHaveLength(1);
    await page.getByTestId('notes-button').click();
    const list = page.getByTestId('notes-list');
    await list.getByText('对页的笔记').waitFor();
    expect((await list.getByTestId('note-page').allInnerTexts()).join(' ')).toContain(`第 ${labelOf(other)} 页`);
    await shot(page, 'note-list', { fullPage: false });
    await page.keyboard.press('Escape');
    expect(consoleErrors(page)).toEqual([]);
  }, 180_000);
}
