/// <reference lib="dom" />
import { beforeAll, expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';
import { chapterText, chaptersOf, importBook, spineOf } from '../support/reader.js';

// Progress is how much of the book was read, the same on every device (issue 13): opening the last chapter is
// not the whole book, and a phone shows what the desktop reported.
const journey = useJourney('reader-progress');
// The college administrator: no other journey reads as them.
const MEMBER = 2;

let bookId = 0;
let last = 0;

beforeAll(async () => {
  // The same import as the reader journeys (three free chapters).
  bookId = await importBook('cjk/lu-xun-fen-zh-epub3.epub', 3);
  last = (await spineOf(bookId)).at(-1)!.id;
  const grant = await api('/api/test/reader/grant', { body: { memberId: MEMBER, bookId, source: 'class' } });
  expect(grant.code).toBe(200);
});

const percentOf = async (text: string) => Number(/(\d+)%/.exec(text)?.[1] ?? NaN);

test('opening the last chapter is not the whole book; the phone and the shelf show the desktop figure', async () => {
  const desktop = await journey.page('desktop');
  const token = await loginAs(desktop, MEMBER);
  await desktop.goto(`/bookPreview?bookId=${bookId}&chapterId=${last}`);
  await chapterText(desktop);
  // Leaving reports what was on screen: the last chapter, and nothing else.
  const saved = desktop.waitForRequest((r) => r.url().includes('/api/book/extend/leave'));
  await desktop.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const reads = ((await saved).postDataJSON() as { reads: { chapterId: number; read: number }[] }).reads;
  expect(reads.map((r) => r.chapterId)).toEqual([last]);
  expect(reads[0]!.read).toBeGreaterThan(0);
  let progress = 0;
  await expect
    .poll(async () => {
      const p = await api<{ progress: number } | null>(`/api/book/extend/getPosition?bookId=${bookId}`, { token });
      progress = p.data?.progress ?? 0;
      return progress;
    })
    .toBeGreaterThan(0);
  expect(progress).toBeLessThan(0.5);
  const read = Math.floor(progress * 100);
  const footer = desktop.getByTestId('book-progress');
  expect(await percentOf(await footer.innerText())).toBe(read);
  await shot(desktop, 'last-chapter', { fullPage: false });

  // The shelf: the same figure, no tick of a finished book.
  await desktop.goto('/list');
  const card = desktop.getByTestId('shelf-card').filter({ hasText: '坟' });
  await card.waitFor();
  await expect.poll(async () => Number(await card.getByRole('progressbar').getAttribute('aria-valuenow'))).toBe(read);
  expect(await card.locator('.ant-progress-status-success').count()).toBe(0);
  await shot(desktop, 'shelf', { fullPage: false });

  // A phone opening the same chapter at its start shows the book's figure, not its own screen's.
  const phone = await journey.page('phone');
  await loginAs(phone, MEMBER);
  await phone.goto(`/bookPreview?bookId=${bookId}&chapterId=${last}`);
  await chapterText(phone);
  await expect.poll(async () => percentOf(await phone.getByTestId('book-progress').innerText())).toBe(read);
  await shot(phone, 'last-chapter', { fullPage: false });
  expect(consoleErrors(desktop)).toEqual([]);
  expect(consoleErrors(phone)).toEqual([]);
}, 120_000);

// Issue 30 item 21: a chapter that is only an image (the book's cover page) has no text to read to its end; shown,
// it is read.
for (const device of DEVICES) {
  test(`a chapter that is only an image counts as read once shown (${device})`, async () => {
    // The spine gives each chapter's length of text.
    const textless = (await api<{ id: number; length: number }[]>(`/api/reader/spine?bookId=${bookId}`)).data
      .filter((c) => c.length === 0)
      .map((c) => c.id);
    const cover = (await chaptersOf(bookId)).find((c) => textless.includes(c.id) && c.img)!;
    expect(cover).toBeDefined();
    const page = await journey.page(device);
    const token = await loginAs(page, MEMBER);
    await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${cover.id}`);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=chapter-host]')?.shadowRoot?.querySelector('.viewport:not(.gone) img'),
    );
    await shot(page, 'cover-chapter', { fullPage: false });
    const saved = page.waitForRequest((r) => r.url().includes('/api/book/extend/leave'));
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    const reads = ((await saved).postDataJSON() as { reads: { chapterId: number; read: number }[] }).reads;
    expect(reads).toContainEqual({ chapterId: cover.id, read: 1 });
    await expect
      .poll(async () => {
        const p = await api<{ reads: { chapterId: number; read: number }[] } | null>(
          `/api/book/extend/getPosition?bookId=${bookId}`,
          { token },
        );
        return p.data?.reads.find((r) => r.chapterId === cover.id)?.read;
      })
      .toBe(1);
    expect(consoleErrors(page)).toEqual([]);
  }, 120_000);
}
