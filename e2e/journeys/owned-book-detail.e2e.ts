import { beforeAll, expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';
import { freshPhone } from '../support/login.js';
import { chapterText, importBook, spineOf } from '../support/reader.js';

/**
 * Issue 30 item 15: the book page of a book the member owns. A student with the book on the shelf gets 开始阅读
 * (then 继续阅读 where they stopped), 已在书架, and no 免费试读 anywhere, in the page's contents nor in the reader's;
 * a visitor's page (written on the server) still offers the free chapter.
 */
const journey = useJourney('owned-book-detail');

let bookId = 0;
let chapters: number[] = [];

beforeAll(async () => {
  // Its first chapter free: the chapter that kept its 试读 tag in an owned book.
  bookId = await importBook('cjk/lu-xun-fen-zh-epub3.epub', 1);
  chapters = (await spineOf(bookId)).map((c) => c.id);
});

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

for (const device of DEVICES) {
  test(`an owned book's page: 开始阅读, then 继续阅读 where the reader stopped; no 试读 tags (${device})`, async () => {
    const member = (
      await api<{ id: number }>('/api/test/member', { body: { userName: `书主${device}`, phone: freshPhone() } })
    ).data;
    expect(
      (await api('/api/test/reader/grant', { body: { memberId: member.id, bookId, source: 'purchase' } })).code,
    ).toBe(200);

    // A visitor's page keeps the free chapter.
    const visitor = await journey.page(device);
    await visitor.goto(`/book-detail?id=${bookId}`);
    await visitor.getByText('免费试读').first().waitFor();
    await shot(visitor, 'visitor');

    const page = await journey.page(device);
    await loginAs(page, member.id);
    await page.goto(`/book-detail?id=${bookId}`, { waitUntil: 'networkidle' });
    const read = page.getByTestId('read-book');
    await poll(() => read.textContent()).toBe('开始阅读');
    await poll(() => page.getByTestId('owned-chapter').count()).toBeGreaterThan(1);
    expect(await page.getByText('免费试读').count()).toBe(0);
    expect(await page.getByRole('button', { name: '已在书架' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '加入书架' }).count()).toBe(0);
    await shot(page, 'owned');

    // 开始阅读 opens the book; its contents mark no chapter 试读.
    await read.click();
    await chapterText(page);
    // Wide screens show the contents beside the chapter; a phone opens them.
    if (!(await page.locator('.toc-link').first().isVisible())) {
      await page.getByRole('button', { name: '目录' }).first().click();
    }
    await page.locator('.toc-link').first().waitFor();
    expect(await page.locator('.toc-free').count()).toBe(0);
    await shot(page, 'reader-contents', { fullPage: false });

    // The second chapter, then back: 继续阅读 goes where the reader stopped.
    await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${chapters[1]}`);
    await chapterText(page);
    const saved = page.waitForRequest((r) => r.url().includes('/api/book/extend/leave'));
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await saved;
    await page.goto(`/book-detail?id=${bookId}`, { waitUntil: 'networkidle' });
    await poll(() => read.textContent()).toBe('继续阅读');
    expect(await read.getAttribute('href')).toContain(`chapterId=${chapters[1]}`);
    await shot(page, 'owned-resume');
    expect(consoleErrors(page)).toEqual([]);
  }, 240_000);
}
