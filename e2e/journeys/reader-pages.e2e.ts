/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, loginAs, shot, toasts, useJourney } from '../support/browser.js';
import { chapterText, selectText } from '../support/reader.js';

const journey = useJourney('reader-pages');
/** The demo student (server/src/demo/demo-site.ts), given 经济学原理 (a demo textbook no other journey notes in). */
const STUDENT = 4;

interface BookPage {
  label: string;
  chapterId: number;
  anchor: string;
}

let bookId = 0;
let pages: BookPage[] = [];

beforeAll(async () => {
  const list = await api<{ rows: { id: number; title: string }[] }>('/api/book/list?pageSize=999');
  bookId = list.data.rows.find((b) => b.title === '经济学原理')!.id;
  // Every demo textbook has print pages: its EPUB carries page-break markers and a page list (demo-books.ts).
  pages = (await api<BookPage[]>(`/api/book/pages?bookId=${bookId}`)).data;
  expect(pages.length).toBeGreaterThan(4);
  const grant = await api('/api/test/reader/grant', { body: { memberId: STUDENT, bookId, source: 'class' } });
  expect(grant.code).toBe(200);
});

const pageLabel = (page: Page) => page.getByTestId('page-label').innerText();

/** Where the page-break marker is, from the top of the reader's view (px); null when it is not in the chapter. */
const markerTop = (page: Page, id: string) =>
  page.evaluate((id) => {
    const root = document.querySelector('[data-testid=chapter-host]:not([hidden])')!.shadowRoot!;
    const vp = root.querySelector('.viewport:not(.gone)')!;
    const mark = root.getElementById(id);
    return mark ? mark.getBoundingClientRect().top - vp.getBoundingClientRect().top : null;
  }, id);

/** Words of the paragraph that follows a page-break marker (the first words of that print page). */
const wordsAfter = (page: Page, id: string) =>
  page.evaluate((id) => {
    const root = document.querySelector('[data-testid=chapter-host]:not([hidden])')!.shadowRoot!;
    const text = root.getElementById(id)!.nextElementSibling!.textContent!.trim();
    return text.slice(2, 14);
  }, id);

for (const device of DEVICES) {
  test(`a student sees the print page, goes to a page, notes it and cites it (${device})`, async () => {
    const page = await journey.page(device, { permissions: ['clipboard-read', 'clipboard-write'] });
    const token = await loginAs(page, STUDENT);
    for (const n of (await api<{ id: number }[]>(`/api/reader/note/detail?bookId=${bookId}`, { token })).data)
      await api(`/api/reader/note/delete/${n.id}`, { body: {}, token });

    // The book opens on its first chapter, at its first print page.
    const first = pages[0]!;
    await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${first.chapterId}`);
    await chapterText(page);
    await expect.poll(() => pageLabel(page)).toBe(`第 ${first.label} 页`);
    await shot(page, 'page-label', { fullPage: false });

    // 跳转到页: a page the book does not have is said so; a page of the next chapter opens there.
    await page.getByTestId('page-label').click();
    const dialog = page.getByRole('dialog', { name: '跳转到页' });
    await dialog.waitFor();
    await dialog.getByTestId('goto-page-input').fill('999');
    await dialog.getByTestId('goto-page-submit').click();
    await expect.poll(() => dialog.getByTestId('goto-page-problem').innerText()).toBe('没有第 999 页');
    await shot(page, 'no-such-page', { fullPage: false });
    const inSecond = pages.filter((p) => p.chapterId !== first.chapterId);
    expect(inSecond.length).toBeGreaterThan(1);
    // The chapter's last page: the one before it is in the same chapter.
    const target = inSecond.at(-1)!;
    await dialog.getByTestId('goto-page-input').fill(target.label);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.searchParams.get('chapterId') === String(target.chapterId));
    await chapterText(page);
    // The page's marker is at the top of the view, and the footer names the page.
    await expect.poll(async () => Math.abs((await markerTop(page, target.anchor)) ?? 999)).toBeLessThan(40);
    await expect.poll(() => pageLabel(page)).toBe(`第 ${target.label} 页`);
    await shot(page, 'went-to-page', { fullPage: false });

    // Scrolling back a page: the label follows the markers on screen.
    const before = pages[pages.indexOf(target) - 1]!;
    await page.evaluate((id) => {
      const root = document.querySelector('[data-testid=chapter-host]:not([hidden])')!.shadowRoot!;
      root.getElementById(id)!.nextElementSibling!.scrollIntoView({ block: 'start' });
    }, before.anchor);
    await expect.poll(() => pageLabel(page)).toBe(`第 ${before.label} 页`);

    // A note on the first words of the target page carries its page into the notes list.
    const words = await wordsAfter(page, target.anchor);
    await selectText(page, words);
    await page.getByTestId('add-note').click();
    await page.getByTestId('note-text').fill('这一页的要点');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByRole('dialog', { name: '添加笔记' }).waitFor({ state: 'hidden' });
    await page.getByTestId('notes-button').click();
    const list = page.getByTestId('notes-list');
    await list.getByText('这一页的要点').waitFor();
    expect(await list.getByTestId('note-page').innerText()).toContain(`第 ${target.label} 页`);
    await shot(page, 'note-page', { fullPage: false });
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    const saved = (await api<{ pageLabel: string }[]>(`/api/reader/note/detail?bookId=${bookId}`, { token })).data;
    expect(saved.map((n) => n.pageLabel)).toEqual([target.label]);

    // A bookmark keeps the page on screen, and its list names it.
    const here = await pageLabel(page);
    await page.getByTestId('bookmarks-button').click();
    await page.getByTestId('add-bookmark').click();
    const marks = page.getByTestId('bookmark-list');
    await expect.poll(() => marks.getByTestId('bookmark').last().innerText()).toContain(here);
    for (const b of (await api<{ id: number }[]>(`/api/reader/bookmark/list?bookId=${bookId}`, { token })).data)
      await api(`/api/reader/bookmark/delete/${b.id}`, { body: {}, token });
    await page.keyboard.press('Escape');
    await marks.waitFor({ state: 'hidden' });

    // 引用: the selection with the book and its page, in GB/T 7714 style, on the clipboard.
    await selectText(page, words);
    await page.getByTestId('cite').click();
    await expect.poll(() => toasts(page)).toContain('已复制引用');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`“${words}”\n郑华. 经济学原理[M]. [出版地不详]: 示范大学出版社, 2024: ${target.label}.`);
    await shot(page, 'cited', { fullPage: false });
    expect(consoleErrors(page)).toEqual([]);
  });
}
