/// <reference lib="dom" />
import { expect, test } from 'vitest';
import { api, consoleErrors, loginAs, shot, useJourney } from '../support/browser.js';

const journey = useJourney('reader-prefetch');
const STUDENT = 4;

const chapterBody = () =>
  document.querySelector('[data-testid=chapter-host]')?.shadowRoot?.querySelector('.epub-body')?.textContent ?? '';

test('the next chapter is fetched while the current one is read, and turning the page uses it', async () => {
  const imported = await api<{ bookId: number }>('/api/test/reader/import', {
    body: { file: 'epub2-real-world/pg11-alice-epub2.epub', freeChapters: 1 },
  });
  const bookId = imported.data.bookId;
  expect((await api('/api/test/reader/grant', { body: { memberId: STUDENT, bookId, source: 'class' } })).code).toBe(
    200,
  );
  const spine = (await api<{ id: number }[]>(`/api/reader/spine?bookId=${bookId}`)).data;
  const [first, second] = [spine[1]!.id, spine[2]!.id];

  const page = await journey.page('desktop');
  await loginAs(page, STUDENT);
  const asked: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/book/chapter') asked.push(Number(url.searchParams.get('chapterId')));
  });
  await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${first}`);
  await page.waitForFunction(chapterBody);
  // While the reader reads, the next chapter is on its way already.
  await expect.poll(() => asked.filter((id) => id === second).length, { timeout: 10_000 }).toBe(1);

  const before = await page.evaluate(chapterBody);
  await page.getByTestId('next-chapter').click();
  await page.waitForFunction((old) => {
    const text = document
      .querySelector('[data-testid=chapter-host]')
      ?.shadowRoot?.querySelector('.epub-body')?.textContent;
    return Boolean(text) && text !== old;
  }, before);
  expect(new URL(page.url()).searchParams.get('chapterId')).toBe(String(second));
  // Shown from what was fetched ahead: not asked for a second time.
  expect(asked.filter((id) => id === second)).toHaveLength(1);
  await shot(page, 'next-chapter-from-prefetch');
  expect(consoleErrors(page)).toEqual([]);
});
