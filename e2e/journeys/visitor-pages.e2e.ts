import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { api, appStarted, consoleErrors, DEVICES, shot, useJourney } from '../support/browser.js';
import { chapterText, openReader, selectText } from '../support/reader.js';

// A visitor's first page is written on the server (server/src/prerender) and the web app starts at the first
// touch that needs it (web/start/start-app.js): reading costs no script; a link pressed before the app ran is the
// browser's (the next page is the server's too); a form or a button still does what it says once the app runs.
const journey = useJourney('visitor-pages');

/** Every script the page has asked for so far, by path. */
function scriptsOf(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') asked.push(new URL(r.url()).pathname);
  });
  return asked;
}

for (const device of DEVICES) {
  test(`a visitor reads home, the list and a book before any script, then taps into the app (${device})`, async () => {
    const page = await journey.page(device);
    const scripts = scriptsOf(page);
    for (const path of ['/', '/textbook', '/textbook?sort=title']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(await page.locator('html[data-prerendered]').count(), path).toBe(1);
      expect(await page.getByTestId('book-card').count(), path).toBeGreaterThanOrEqual(1);
    }
    await page.waitForTimeout(500);
    expect(scripts).toEqual([]);
    await shot(page, 'textbook-before-app');

    // A tap on a book before the app runs: the browser follows the link to the server's page of that book (on a
    // phone, whose tap moves no mouse, without a single script on the way).
    const card = page.getByTestId('book-card').first();
    const title = await card.locator('.book-title').innerText();
    if (device === 'phone') await card.tap();
    else await card.click();
    await page.waitForURL('**/book-detail?id=*');
    expect(await page.locator('html[data-prerendered]').count()).toBe(1);
    expect(await page.locator('.detail-info h1').innerText()).toBe(title);
    if (device === 'phone') expect(scripts).toEqual([]);
    await shot(page, 'book-detail-after-first-tap');
    // The next tap in the same session asks for what only the app does: it starts, and opens its login dialog.
    const favourite = page.getByRole('button', { name: '登录后收藏' });
    if (device === 'phone') await favourite.tap();
    else await favourite.click();
    await page.locator('.login-dialog').waitFor();
    await appStarted(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/book-detail');
    await shot(page, 'login-after-first-tap');
    expect(consoleErrors(page)).toEqual([]);
  });
}

test('a button pressed before the app ran is pressed again in it', async () => {
  const page = await journey.page('phone');
  await page.goto('/textbook', { waitUntil: 'networkidle' });
  const href = await page.getByTestId('book-card').first().getAttribute('href');
  await page.goto(href!, { waitUntil: 'networkidle' });
  expect(await page.locator('html[data-prerendered]').count()).toBe(1);
  await shot(page, 'book-detail-before-app');
  await page.getByRole('button', { name: '登录后收藏' }).click();
  await page.locator('.login-dialog').waitFor();
  await appStarted(page);
  expect(new URL(page.url()).pathname).toBe('/book-detail');
  await shot(page, 'login-from-detail');
});

test('text typed into the server’s search box is searched by the app', async () => {
  const page = await journey.page('desktop');
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(await page.locator('html[data-prerendered]').count()).toBe(1);
  const box = page.locator('.hero').getByRole('searchbox', { name: '搜索' });
  await box.click();
  await page.keyboard.type('线性代数', { delay: 30 });
  await page.keyboard.press('Enter');
  await page.waitForURL('**/search-result?**');
  expect(new URL(page.url()).searchParams.get('searchText')).toBe('线性代数');
  await expect.poll(() => page.getByTestId('hit-title').count()).toBeGreaterThanOrEqual(1);
  await appStarted(page);
  expect(consoleErrors(page)).toEqual([]);
});

/** The demo content's publisher (server/src/demo/demo-books.ts). */
const DEMO_PUBLISHER = '示范大学出版社';

/**
 * A demo book's free chapter of some length, and the chapter after it, as a visitor reads them (other journeys
 * import books of their own beside the demo's, some opening with a cover).
 */
async function freeChapter(page: Page): Promise<{ url: string; next: number | null }> {
  await page.goto('/textbook', { waitUntil: 'networkidle' });
  const list = await api<{ rows: { id: number; publisher: string }[] }>('/api/book/list?pageNum=1&pageSize=100');
  const demo = list.data.rows.filter((row) => row.publisher === DEMO_PUBLISHER);
  for (const { id: bookId } of demo) {
    const detail = await api<{ freeChapterIds: number[] }>(`/api/book/detail/${bookId}`);
    const chapterId = detail.data.freeChapterIds[0];
    if (!chapterId) continue;
    const chapter = await api<{ html: string; nextId: number | null }>(
      `/api/book/chapter?bookId=${bookId}&chapterId=${chapterId}`,
    );
    if (chapter.data.html.length < 5000 || !chapter.data.nextId) continue;
    return { url: `/bookPreview?bookId=${bookId}&chapterId=${chapterId}&trial=1`, next: chapter.data.nextId };
  }
  throw new Error('no published book has a free chapter of some length');
}

/** The scrolled text box of the server's reader page, or of the app's. */
const scrolledBox = (where: '#tb-server-page' | '#root') =>
  `document.querySelector('${where} .reader-host').shadowRoot.querySelector('.viewport')`;

for (const device of DEVICES) {
  test(`a visitor reads a free chapter before any script, and the app takes over where they scrolled (${device})`, async () => {
    const page = await journey.page(device);
    const { url } = await freeChapter(page);
    const scripts = scriptsOf(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    expect(await page.locator('html[data-prerendered]').count()).toBe(1);
    expect(await page.locator('#tb-server-page .reader-bar').isVisible()).toBe(true);
    expect(await page.evaluate(`${scrolledBox('#tb-server-page')}.innerText.length`)).toBeGreaterThan(200);
    expect(scripts).toEqual([]);
    await shot(page, 'reader-before-app');

    await page.evaluate(`${scrolledBox('#tb-server-page')}.scrollTop = 600`);
    const scrolled = Number(await page.evaluate(`${scrolledBox('#tb-server-page')}.scrollTop`));
    expect(scrolled).toBeGreaterThan(0);
    if (device === 'phone') await page.touchscreen.tap(200, 400);
    else await page.mouse.move(400, 400);
    await page.locator('#tb-server-page').waitFor({ state: 'detached' });
    await appStarted(page);
    expect(Number(await page.evaluate(`${scrolledBox('#root')}.scrollTop`))).toBe(scrolled);
    expect(scripts.length).toBeGreaterThan(0);
    await shot(page, 'reader-in-app');
    expect(consoleErrors(page)).toEqual([]);
  });
}

test('a reader who chose the night theme sees the app’s reader in it, never the server’s page in the default look', async () => {
  const page = await journey.page('phone');
  const { url } = await freeChapter(page);
  // The settings drawer's choice, as an earlier visit stored it.
  await page.evaluate(() => {
    localStorage.setItem('reader-settings', JSON.stringify({ theme: 'dark' }));
    localStorage.setItem('reader-own-look', '1');
  });
  // Each frame until the app's chapter is in: the server's page is never shown.
  await page.addInitScript(() => {
    const w = window as unknown as { __serverPageSeen: boolean };
    w.__serverPageSeen = false;
    const look = () => {
      const served = document.getElementById('tb-server-page');
      if (served && served.getBoundingClientRect().height > 0) w.__serverPageSeen = true;
      if (!document.querySelector('#root .reader-host')) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await appStarted(page);
  await expect.poll(() => page.evaluate(`${scrolledBox('#root')}.innerText.length`)).toBeGreaterThan(200);
  expect(await page.evaluate('window.__serverPageSeen')).toBe(false);
  await page.locator('#tb-server-page').waitFor({ state: 'detached' });
  expect(await page.evaluate(`${scrolledBox('#root')}.classList.contains('theme-dark')`)).toBe(true);
  await shot(page, 'reader-own-look');
  expect(consoleErrors(page)).toEqual([]);
});

test('下一章 pressed on the server’s reader page opens the next chapter in the app', async () => {
  const page = await journey.page('phone');
  const { url, next } = await freeChapter(page);
  expect(next).not.toBeNull();
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('#tb-server-page').getByRole('button', { name: '下一章' }).click();
  await page.waitForURL(`**/bookPreview?*chapterId=${next}*`);
  await page.locator('#tb-server-page').waitFor({ state: 'detached' });
  await appStarted(page);
  // The next chapter is not free: the app's reader asks the visitor to log in (its 401 is the browser's only error).
  await page.getByText('登录后继续阅读').waitFor();
  // The free chapter's view stays on the page, hidden: not drawn under the refusal.
  await expect.poll(() => page.getByTestId('chapter-host').first().isVisible()).toBe(false);
  await shot(page, 'reader-next-chapter');
  expect(consoleErrors(page).filter((e) => !e.includes(`/api/book/chapter?bookId=`))).toEqual([]);
});

for (const device of DEVICES) {
  test(`a visitor in the app is never asked for a member's answers: no badge count, no expired-login confirm; 翻译 asks to log in (${device})`, async () => {
    const page = await journey.page(device);
    const { url } = await freeChapter(page);
    // Every member-only answer a visitor's browser asks for (each is refused 401).
    const memberOnly: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/msg-notice/count' || path === '/api/reader/trans') memberOnly.push(path);
    });
    await openReader(page, url);
    await appStarted(page);
    const text = await chapterText(page);
    // Returning to the tab refreshes what a member's header shows: nothing for a visitor.
    await page.evaluate('window.dispatchEvent(new Event("visibilitychange"))');
    await page.evaluate('window.dispatchEvent(new Event("focus"))');
    const word = [...text.replace(/\s/g, '')].slice(20, 22).join('');
    await selectText(page, word);
    await page.getByTestId('translate').click();
    await page.locator('.login-dialog').waitFor();
    await shot(page, 'translate-asks-login');
    await page.waitForTimeout(500);
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    expect(await page.getByText('登录状态已过期', { exact: false }).count()).toBe(0);
    expect(memberOnly).toEqual([]);
    expect(consoleErrors(page)).toEqual([]);
  });
}
