import { expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, shot, toasts, useJourney } from '../support/browser.js';

const journey = useJourney('smoke');

test('the API answers /api/site', async () => {
  const site = await api<Record<string, unknown>>('/api/site');
  expect(site.code).toBe(200);
  expect(site.data).toBeTruthy();
});

for (const device of DEVICES) {
  test(`home page loads with a title, no errors and no toasts (${device})`, async () => {
    const page = await journey.page(device);
    const response = await page.goto('/', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    expect((await page.title()).trim()).not.toBe('');
    await shot(page, 'home');
    expect(consoleErrors(page)).toEqual([]);
    // A visitor's first page has nothing to complain about.
    expect(await toasts(page)).toEqual([]);
  });
}

test('the pages use every file they preload (no credentials-mode mismatch, no unused preload)', async () => {
  const page = await journey.page('desktop');
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning' && /preload/i.test(msg.text())) warnings.push(msg.text());
  });
  for (const path of ['/textbook', '/booklist', '/about']) {
    await page.goto(path, { waitUntil: 'networkidle' });
  }
  // Chromium reports a preload left unused a few seconds after the page's load event.
  await page.goto('/textbook', { waitUntil: 'networkidle' });
  await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
  await page.waitForFunction(() => performance.now() > 3500);
  expect(warnings).toEqual([]);
});
