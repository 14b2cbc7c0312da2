/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, loginAs, shot, toasts, useJourney } from '../support/browser.js';
import { chapterText, chaptersOf, importBook, marks, selectText } from '../support/reader.js';

const journey = useJourney('reader-notes');
const STUDENT = 4;

let bookId = 0;
let chapterId = 0;

beforeAll(async () => {
  // A book no other journey writes notes in.
  bookId = await importBook('conformance/idpf-epub3-samples/childrens-literature.epub', 999);
  const chapters = await chaptersOf(bookId);
  chapterId = [...chapters].sort((a, b) => b.length - a.length)[0]!.id;
  const grant = await api('/api/test/reader/grant', { body: { memberId: STUDENT, bookId, source: 'class' } });
  expect(grant.code).toBe(200);
});

/** A phrase of the nth long line of text (inside one text node, so the mouse can select it). */
const phrase = (page: Page, nth: number) =>
  page.evaluate((nth) => {
    const root = document.querySelector('[data-testid=chapter-host]')!.shadowRoot!;
    const walker = document.createTreeWalker(root.querySelector('.epub-body')!, NodeFilter.SHOW_TEXT);
    let seen = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const line = (n as Text).data.split('\n').find((l) => /^[^\s](.*[^\s])?$/.test(l.trim()) && l.length > 80);
      if (line && seen++ === nth) return line.trim().slice(20, 44);
    }
    throw new Error('no long paragraph');
  }, nth);

/** The colour class of the highlight of a note (null: no highlight). */
const markColor = (page: Page) =>
  page.evaluate(() => {
    const mark = document.querySelector('[data-testid=chapter-host]')!.shadowRoot!.querySelector('mark.rd-hl');
    return mark ? ([...mark.classList].find((c) => /^rd-(?!hl)/.test(c)) ?? '') : null;
  });

/** Clicks (taps) the chapter's highlight, as a reader would. */
async function clickMark(page: Page): Promise<void> {
  const box = await page.evaluate(() => {
    const mark = document.querySelector('[data-testid=chapter-host]')!.shadowRoot!.querySelector('mark.rd-hl')!;
    mark.scrollIntoView({ block: 'center' });
    const r = mark.getClientRects()[0]!;
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  await page.mouse.click(box.x, box.y);
}

for (const device of DEVICES) {
  test(`a student edits a note's text and colour, from the highlight and the notes panel; it persists (${device})`, async () => {
    const page = await journey.page(device);
    const token = await loginAs(page, STUDENT);
    // A clean chapter: no note left by an earlier run on the other device.
    for (const n of (await api<{ id: number }[]>(`/api/reader/note/detail?bookId=${bookId}`, { token })).data)
      await api(`/api/reader/note/delete/${n.id}`, { body: {}, token });
    await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${chapterId}`);
    await chapterText(page);
    expect(await marks(page)).toBe(0);

    // A note on selected text, yellow by default.
    await selectText(page, await phrase(page, device === 'desktop' ? 1 : 2));
    await page.getByTestId('add-note').click();
    await page.getByTestId('note-text').fill('初读的想法');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByRole('dialog', { name: '添加笔记' }).waitFor({ state: 'hidden' });
    await expect.poll(() => markColor(page)).toBe('rd-yellow');

    // Clicking the highlight opens the editor with the note as it is.
    await clickMark(page);
    const editor = page.getByRole('dialog', { name: '编辑笔记' });
    await editor.waitFor();
    const text = editor.getByTestId('edit-note-text');
    expect(await text.inputValue()).toBe('初读的想法');
    expect(await editor.getByRole('radio', { name: '黄色' }).isChecked()).toBe(true);
    await text.fill('再读：作者的用意在这里');
    await editor.locator('label', { hasText: '蓝色' }).click();
    expect(await editor.getByRole('radio', { name: '蓝色' }).isChecked()).toBe(true);
    await shot(page, 'editor', { fullPage: false });
    await editor.getByTestId('save-note').click();
    await editor.waitFor({ state: 'hidden' });
    // At once, without a reload: the highlight's colour and the confirmation.
    await expect.poll(() => markColor(page)).toBe('rd-blue');
    await expect.poll(() => toasts(page)).toContain('笔记已保存');

    // The notes panel shows the edit; its edit button, with the keyboard only, changes the colour again.
    await page.keyboard.press('n');
    const list = page.getByTestId('notes-list');
    await list.getByText('再读：作者的用意在这里').waitFor();
    expect(await list.locator('.notes-quote').getAttribute('class')).toContain('rd-blue');
    await list.getByTestId('edit-note').focus();
    await page.keyboard.press('Enter');
    await editor.waitFor();
    await editor.getByRole('radio', { name: '蓝色' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await editor.getByRole('radio', { name: '粉色' }).isChecked()).toBe(true);
    await text.focus();
    await page.keyboard.press('End');
    await page.keyboard.type('（三读）');
    await page.keyboard.press('Control+Enter');
    await editor.waitFor({ state: 'hidden' });
    await list.getByText('再读：作者的用意在这里（三读）').waitFor();
    expect(await list.locator('.notes-quote').getAttribute('class')).toContain('rd-pink');
    await shot(page, 'panel-edited', { fullPage: false });
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await expect.poll(() => markColor(page)).toBe('rd-pink');

    // Too long a text is cut at the limit (the server refuses more, with its message: API tests).
    await clickMark(page);
    await editor.waitFor();
    await text.fill('长'.repeat(5001));
    // The text area stops at the limit: the server is never sent more.
    expect((await text.inputValue()).length).toBe(5000);
    await editor.getByRole('button', { name: /取\s*消/ }).click();
    await editor.waitFor({ state: 'hidden' });
    // Cancelled: opening the note again shows what is saved. A click while the closing dialog's mask still fades
    // out lands on the mask: click again until the editor opens.
    await expect
      .poll(
        async () => {
          await clickMark(page);
          return editor.isVisible();
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe(true);
    expect(await text.inputValue()).toBe('再读：作者的用意在这里（三读）');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });

    // After a reload the edit is still there.
    await page.reload();
    await chapterText(page);
    await expect.poll(() => markColor(page)).toBe('rd-pink');
    await page.getByTestId('notes-button').click();
    await list.getByText('再读：作者的用意在这里（三读）').waitFor();
    await shot(page, 'after-reload', { fullPage: false });
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });

    // Deleting from the same editor leaves the chapter without the highlight (the next device starts clean).
    await clickMark(page);
    await editor.waitFor();
    await editor.getByTestId('delete-note').click();
    await expect.poll(() => marks(page)).toBe(0);
    expect(consoleErrors(page)).toEqual([]);
  });
}
