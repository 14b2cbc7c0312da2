import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appStarted, consoleErrors, DEVICES, shot, useJourney } from '../support/browser.js';

// A visitor's first page is written on the server (server/src/prerender) and the web app starts at the first
// touch (web/start/start-app.js): reading costs no script; a link, a form or a button pressed before the app ran
// still does what it says once it has.
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

    // A tap on a book: the app starts and opens that book itself.
    const card = page.getByTestId('book-card').first();
    const title = await card.locator('.book-title').innerText();
    await card.click();
    await page.waitForURL('**/book-detail?id=*');
    await expect.poll(() => page.locator('.detail-info h1').innerText()).toBe(title);
    await appStarted(page);
    expect(scripts.length).toBeGreaterThan(0);
    // The app's own header now: its login button opens the dialog.
    await page.getByRole('button', { name: '登录后收藏' }).waitFor();
    await shot(page, 'book-detail-in-app');
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
