/// <reference lib="dom" />
import { expect, test } from 'vitest';
import { api, consoleErrors, loginAs, shot, useJourney } from '../support/browser.js';
import { chapterText, spineOf } from '../support/reader.js';

// The platform as an installed web app (issue 13): a manifest to install it, and a service worker that keeps
// the chapters a member has opened readable without a connection; logging out forgets them.
const journey = useJourney('offline');

test('a chapter opened once reads again offline on a phone; logging out forgets it', async () => {
  const { id: memberId } = (await api<{ id: number }>('/api/test/member', { body: { userName: '离线读者' } })).data;
  const books = (await api<{ id: number }[]>('/api/book/recommend')).data;
  const bookId = books[0]!.id;
  const chapter = (await spineOf(bookId))[1]!.id;
  expect((await api('/api/test/reader/grant', { body: { memberId, bookId, source: 'class' } })).code).toBe(200);

  const page = await journey.page('phone', { serviceWorkers: 'allow' });
  await loginAs(page, memberId);
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('manifest+json');
  expect(((await manifest.json()) as { icons: { sizes: string }[] }).icons.map((i) => i.sizes)).toContain('512x512');

  const reader = `/bookPreview?bookId=${bookId}&chapterId=${chapter}`;
  await page.goto(reader);
  await chapterText(page);
  // The worker takes the page over once installed; the next open goes through it and keeps what it reads.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.reload();
  const online = await chapterText(page);

  await page.context().setOffline(true);
  await page.reload();
  expect(await chapterText(page)).toBe(online);
  await shot(page, 'chapter-offline', { fullPage: false });
  await page.context().setOffline(false);

  // Logging out empties what was kept: offline, the chapter is no longer there.
  await page.evaluate(() => fetch('/api/logout', { method: 'POST', headers: { 'x-book-client': 'member' } }));
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('reads-v1'))).toBe(false);
  expect(consoleErrors(page).filter((e) => !/ERR_INTERNET_DISCONNECTED|401/.test(e))).toEqual([]);
});
