/// <reference lib="dom" />
import { expect, test } from 'vitest';
import { api, consoleErrors, loginAs, shot, useJourney } from '../support/browser.js';
import { chapterText, marks, selectText, spineOf } from '../support/reader.js';

// The platform as an installed web app (issue 13): a manifest to install it, and a service worker that keeps
// the chapters a member has opened readable without a connection; logging out forgets them.
const journey = useJourney('offline');

test('a chapter opened once reads again offline on a phone, a note written offline syncs later; logging out forgets it', async () => {
  const { id: memberId } = (await api<{ id: number }>('/api/test/member', { body: { userName: '离线读者' } })).data;
  const books = (await api<{ id: number }[]>('/api/book/recommend')).data;
  const bookId = books[0]!.id;
  const chapter = (await spineOf(bookId))[1]!.id;
  expect((await api('/api/test/reader/grant', { body: { memberId, bookId, source: 'class' } })).code).toBe(200);

  const page = await journey.page('phone', { serviceWorkers: 'allow' });
  const token = await loginAs(page, memberId);
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

  // A note written offline waits in this browser, is drawn and listed at once (待同步), and reaches the server
  // when the connection returns.
  const quote = await page.evaluate(() => {
    const root = document.querySelector('[data-testid=chapter-host]')!.shadowRoot!;
    const walker = document.createTreeWalker(root.querySelector('.epub-body')!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n as Text).data.trim();
      if (text.length > 12) return text.slice(2, 10);
    }
    throw new Error('no paragraph');
  });
  await selectText(page, quote);
  await page.getByTestId('add-note').click();
  await page.getByTestId('note-text').fill('离线时写的笔记');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect.poll(() => marks(page)).toBe(1);
  await page.getByTestId('notes-button').click();
  await page.getByTestId('note-waiting').waitFor();
  await shot(page, 'note-waiting', { fullPage: false });
  const saved = async () =>
    (await api<{ quote: string; content: string }[]>(`/api/reader/note/detail?bookId=${bookId}`, { token })).data;
  expect(await saved()).toEqual([]);

  await page.context().setOffline(false);
  await expect.poll(saved).toEqual([expect.objectContaining({ quote, content: '离线时写的笔记' })]);
  await expect.poll(() => page.getByTestId('note-waiting').count()).toBe(0);
  await page.reload();
  await chapterText(page);
  await expect.poll(() => marks(page)).toBe(1);
  expect(await saved()).toHaveLength(1);

  // Logging out empties what was kept: offline, the chapter is no longer there.
  await page.evaluate(() => fetch('/api/logout', { method: 'POST', headers: { 'x-book-client': 'member' } }));
  // (The page may keep public reads again afterwards; none of the member's own reads stays.)
  const keptOwnReads = () =>
    page.evaluate(async () => {
      const cache = (await caches.keys()).includes('reads-v1') ? await caches.open('reads-v1') : null;
      const urls = cache ? (await cache.keys()).map((r) => new URL(r.url).pathname) : [];
      return urls.filter((u) => /\/api\/(member\/info|reader\/note|book\/chapter|book\/extend)/.test(u));
    });
  await expect.poll(keptOwnReads).toEqual([]);
  expect(consoleErrors(page).filter((e) => !/ERR_INTERNET_DISCONNECTED|401/.test(e))).toEqual([]);
});
