import { expect, test } from 'vitest';
import type { DictNode } from '@textbook/contracts';
import { api, appStarted, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';

const journey = useJourney('books');

/** The seeded common member (server/src/demo/demo-site.ts). */
const MEMBER = 1;

for (const device of DEVICES) {
  test(`a visitor goes from home to the textbook list, filters, searches and opens a book (${device})`, async () => {
    const page = await journey.page(device);
    await page.goto('/', { waitUntil: 'networkidle' });

    // Home: recommended and new books, book lists.
    await expect.poll(() => page.getByTestId('book-card').count()).toBeGreaterThanOrEqual(8);
    await page.getByText('推荐教材').waitFor();
    await page.getByText('新书上架').waitFor();
    expect(await page.getByTestId('booklist-card').count()).toBe(3);
    await shot(page, 'home');

    // Textbook list, then filter by subject (数学 under 理学).
    await page.getByRole('link', { name: '浏览全部教材' }).click();
    await page.waitForURL('**/textbook');
    // ten demo books at least (other journeys on the same server may have imported more)
    await expect.poll(() => page.getByTestId('book-card').count()).toBeGreaterThanOrEqual(10);
    // On a phone the subject tree starts folded under its title.
    if (device === 'phone') await page.getByTestId('subject-tree').locator('summary').click();
    await page.getByTestId('subject-tree').getByText('数学', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('subjectId')).not.toBeNull();
    // The four 数学 textbooks and the fixed-layout 微积分图解 (demo/demo-page-faithful.ts).
    await expect.poll(() => page.getByTestId('book-card').count()).toBe(5);
    // The subject tree answers the keyboard as a tree: ↓ the next subject, ← its parent, then closes it, → opens.
    // The links above were followed by the browser to the server's pages; the first key starts the app's tree.
    await page.keyboard.press('Shift');
    await appStarted(page);
    // The filtered list is a new page: on a phone its subject tree is folded again.
    if (device === 'phone') {
      const folded = await page
        .getByTestId('subject-tree')
        .evaluate((el) => !(el.closest('details') ?? el.querySelector('details'))?.open);
      if (folded) await page.getByTestId('subject-tree').locator('summary').click();
    }
    const tree = page.getByRole('tree', { name: '学科' });
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await tree.getByRole('treeitem', { name: '数学', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('物理学');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('理学');
    const science = tree.getByRole('treeitem', { name: '理学', exact: true });
    await page.keyboard.press('ArrowLeft');
    expect(await science.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowRight');
    expect(await science.getAttribute('aria-expanded')).toBe('true');
    const titles = await page.getByTestId('book-card').locator('.book-title').allInnerTexts();
    expect(titles.sort()).toEqual(
      ['高等数学（上册）', '高等数学（下册）', '概率论与数理统计', '线性代数', '微积分图解'].sort(),
    );
    await page.getByTestId('collection-filter').getByText('新工科系列教材').click();
    await expect.poll(() => page.getByTestId('book-card').count()).toBe(1);
    await shot(page, 'textbook-filtered');

    // Search in Chinese from the home page's search box.
    await page.goto('/', { waitUntil: 'networkidle' });
    const box = page.locator('.hero').getByRole('searchbox', { name: '搜索' });
    // The home page is the server's until the first touch; a fill is no touch, so tap the box first.
    await box.click();
    await appStarted(page);
    await box.fill('高等数学');
    await box.press('Enter');
    await page.waitForURL('**/search-result?**');
    const hits = page.getByTestId('hit-title');
    await expect.poll(() => hits.count()).toBeGreaterThanOrEqual(2);
    expect(await hits.first().locator('em').innerText()).toBe('高等数学');
    await shot(page, 'search-chinese');

    // Then by pinyin initials.
    const again = page.getByRole('searchbox', { name: '重新搜索' });
    await again.fill('gdsx');
    await again.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('searchText')).toBe('gdsx');
    await expect.poll(() => hits.count()).toBe(2);
    expect((await hits.allInnerTexts()).sort()).toEqual(['高等数学（上册）', '高等数学（下册）']);
    expect(await hits.first().locator('em').innerText()).toBe('高等数学');
    await shot(page, 'search-pinyin');

    // Nothing found: 暂无搜索内容.
    await again.fill('量子色动力学');
    await again.press('Enter');
    await expect.poll(() => page.getByText('暂无搜索内容').isVisible()).toBe(true);

    // A book detail: full-screen header, table of contents, the free chapter link.
    await again.fill('高等数学');
    await again.press('Enter');
    await expect.poll(() => hits.count()).toBeGreaterThanOrEqual(2);
    await page.getByRole('link', { name: '高等数学（上册）' }).first().click();
    await page.waitForURL('**/book-detail?id=*');
    const bookId = Number(new URL(page.url()).searchParams.get('id'));
    await expect.poll(() => page.locator('.detail-info h1').innerText()).toBe('高等数学（上册）');
    const free = page.getByTestId('free-chapter');
    await expect.poll(() => free.count()).toBeGreaterThan(0);
    const href = (await free.first().getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^/bookPreview\\?bookId=${bookId}&chapterId=\\d+`));
    // A priced book offers 购买 with its price (a visitor is asked to log in when pressing it).
    await page.getByRole('button', { name: /购买 ¥\d+\.\d{2}/ }).waitFor();
    await page.getByRole('button', { name: '登录后收藏' }).waitFor();
    await shot(page, 'book-detail', { fullPage: false });
    await shot(page, 'book-detail-full');
    // The free chapter is readable without logging in (the reader page itself comes with its own issue).
    const chapterId = Number(new URL(href, 'http://x').searchParams.get('chapterId'));
    const chapter = await api<{ html: string }>(`/api/book/chapter?bookId=${bookId}&chapterId=${chapterId}`);
    expect(chapter.code).toBe(200);
    expect(chapter.data.html).toContain('函数');
    // …and the link opens it in the reader for a visitor (the guard lets a free-preview link through).
    expect(href).toContain('trial=1');
    await free.first().click();
    await page.waitForURL('**/bookPreview?*');
    await expect.poll(() => page.getByText('函数').first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(consoleErrors(page)).toEqual([]);
  });
}

test('a member opens a free chapter link and searches inside a book', async () => {
  const page = await journey.page('desktop');
  await loginAs(page, MEMBER);
  await page.goto('/search-result?searchText=%E6%9E%81%E9%99%90&type=0&name=%E6%9E%81%E9%99%90', {
    waitUntil: 'networkidle',
  });
  await page
    .getByRole('link', { name: /在书中查找/ })
    .first()
    .click();
  await page.waitForURL('**/search-result-detail?**');
  const hit = page.getByTestId('inbook-hit');
  await expect.poll(() => hit.count()).toBeGreaterThanOrEqual(2);
  expect(await hit.first().locator('em').first().innerText()).toBe('极限');
  const link = (await hit.first().getAttribute('href'))!;
  // Each hit has its own address: the words and which of their occurrences in the chapter it is.
  expect(link).toMatch(/^\/bookPreview\?bookId=\d+&chapterId=\d+&find=%E6%9E%81%E9%99%90&hit=\d+$/);
  await shot(page, 'search-in-book');

  const bookId = new URL(link, 'http://x').searchParams.get('bookId');
  await page.goto(`/book-detail?id=${bookId}`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: '收藏' }).waitFor();
  await page.getByTestId('free-chapter').first().click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/bookPreview');
});

test('book lists: list, search by a book title, detail', async () => {
  const page = await journey.page('desktop');
  await page.goto('/booklist', { waitUntil: 'networkidle' });
  await expect.poll(() => page.getByTestId('booklist-card').count()).toBe(3);
  await shot(page, 'booklist');
  const box = page.getByRole('searchbox', { name: '搜索书单' });
  await box.fill('Programming');
  await box.press('Enter');
  await page.waitForURL('**/booksearch?keyword=Programming');
  await expect.poll(() => page.getByTestId('booklist-card').count()).toBe(2);
  await page.getByTestId('booklist-card').first().click();
  await page.waitForURL('**/booklistdetail?id=*');
  await expect.poll(() => page.getByTestId('book-card').count()).toBe(2);
  await shot(page, 'booklistdetail');
});

test('advanced search combines subject and year', async () => {
  const subjects = (await api<DictNode[]>('/api/dict/data/hierarchical?dictType=book_subject')).data;
  const math = subjects[0]!.children.find((s) => s.label === '数学')!;
  const page = await journey.page('desktop');
  await page.goto('/search?type=1', { waitUntil: 'networkidle' });
  await shot(page, 'advanced-search');
  await page.goto(`/search-result?type=1&subjectId=${math.id}&year=2025&name=%E9%AB%98%E7%BA%A7%E6%90%9C%E7%B4%A2`, {
    waitUntil: 'networkidle',
  });
  await expect
    .poll(async () => (await page.getByTestId('hit-title').allInnerTexts()).sort())
    .toEqual(['概率论与数理统计', '微积分图解'].sort());
});
