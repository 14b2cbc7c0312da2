import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { api, baseURL, consoleErrors, shot, useJourney } from '../support/browser.js';
import { ROOT } from '../support/server.js';
import { png } from '../support/png.js';
import { makeStaff, setStaffCookies } from '../support/staff.js';

/**
 * The console's books and dictionaries (issue 19), after admin.e2e.ts (staff sign-in, menus, the upload dialog):
 * an editor adds a subject (the public subject filter shows it), uploads three EPUBs (one refused with the
 * importer's message), fixes a book's metadata with that subject, a new cover and free chapters picked from its
 * table of contents, publishes it and finds it in the public catalogue as fixed; adds a new edition of another
 * book; makes a book list; a reviewer sets the sample quota. The lists at phone size.
 */
const journey = useJourney('admin-books');

/** The shared corpus beside the repository, read at run time (never copied in). */
const CORPUS = path.resolve(ROOT, '..', 'shared', 'data', 'epub');
const stamp = Date.now() % 1_000_000;

async function staffPage(token: string, device: 'desktop' | 'phone' = 'desktop') {
  const page = await journey.page(device);
  await setStaffCookies(page.context(), token);
  return page;
}

/** A plain PNG cover of one colour with a band (width × height), made here. */
const coverPng = (width = 300, height = 420) =>
  png(width, height, (_x, y) => (y > height * 0.4 && y < height * 0.55 ? [255, 255, 255] : [0x2e, 0x7d, 0x32]));

const confirm = (page: Page) =>
  page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s?定/ })
    .click();

/** The books table filtered by words; answers its first row. */
async function findBook(page: Page, words: string) {
  const table = page.getByTestId('admin-books');
  await table.getByPlaceholder('书名、作者或 ISBN').fill(words);
  await table.getByRole('button', { name: /查\s?询/ }).click();
  const row = table.locator('.ant-table-row').first();
  await expect.poll(() => row.textContent()).toContain(words);
  return row;
}

test('an editor adds a subject, uploads three EPUBs and two PDFs, fixes one (subject, cover, free chapters) and publishes it', async () => {
  const editor = await makeStaff(['editor'], { tag: 'b' });
  const page = await staffPage(editor.token);

  // A new subject under 工学 (the demo tree), shown at once in the public subject filter.
  const subject = `人工智能${stamp}`;
  await page.goto('/admin/dict', { waitUntil: 'networkidle' });
  const dict = page.getByTestId('admin-dict');
  const engineering = dict.locator('.ant-table-row', { hasText: '工学' }).first();
  await engineering.getByRole('button', { name: '添加下级' }).click();
  const dictForm = page.getByTestId('dict-form');
  await dictForm.getByLabel('名称').fill(subject);
  await shot(page, 'dict-add');
  await dictForm.getByRole('button', { name: /保\s?存/ }).click();
  await dict.getByPlaceholder('学科名称').fill(subject);
  await dict.getByRole('button', { name: /查\s?询/ }).click();
  await expect
    .poll(() => dict.locator('.ant-table-row').allTextContents())
    .toContainEqual(expect.stringContaining(subject));
  await shot(page, 'dict');
  // Deleting 工学 (it has entries below it) is refused with the server's reason.
  await dict.getByRole('button', { name: /重\s?置/ }).click();
  await engineering.getByRole('button', { name: /删\s?除/ }).click();
  await confirm(page);
  await expect.poll(() => page.locator('.ant-message').textContent()).toMatch(/「工学」下还有 \d+ 个下级/);

  // Three EPUBs and two PDFs, an EPUB and an encrypted PDF refused with the importer's message.
  await page.goto('/admin/books', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /上传 EPUB/ }).click();
  await page
    .locator('.ant-modal input[type=file]')
    .setInputFiles([
      path.join(CORPUS, 'conformance/idpf-epub3-samples/epub30-spec.epub'),
      path.join(CORPUS, 'epub2-real-world/Row-Your-Boat-2.0.epub'),
      path.join(CORPUS, 'broken/epubcheck/epub3-ocf-zip-unreadable-image-with-epub-extension-fatal.epub'),
      path.join(CORPUS, '..', 'pdf', 'books', 'tracemonkey.pdf'),
      path.join(CORPUS, '..', 'pdf', 'protected', 'empty_protected.pdf'),
    ]);
  await expect
    .poll(() => page.locator('[data-testid=upload-item][data-state=done]').count(), { timeout: 120_000 })
    .toBe(3);
  const refused = page.locator('[data-testid=upload-item][data-state=failed]');
  await expect.poll(() => refused.count(), { timeout: 60_000 }).toBe(2);
  expect(await refused.first().textContent()).toContain('epub3-ocf-zip-unreadable');
  expect((await refused.first().getByTestId('upload-message').textContent())?.length).toBeGreaterThan(4);
  expect(await refused.last().getByTestId('upload-message').textContent()).toContain('该PDF文件已加密');
  await shot(page, 'upload');
  await page.keyboard.press('Escape');

  // Fix the metadata: title, authors, ISBN, the new subject, price, auto-approve; and a new cover.
  const title = `EPUB 3 规范（${stamp}）`;
  let row = await findBook(page, 'EPUB 3.0 Specification');
  await row.getByRole('button', { name: /编\s?辑/ }).click();
  const edit = page.getByTestId('book-edit-form');
  await edit
    .locator('input[type=file]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });
  await edit.getByTestId('cover-preview').waitFor();
  await edit.getByLabel('书名').fill(title);
  await edit.getByLabel('作者').fill('IDPF 工作组');
  await edit.getByLabel('ISBN').fill(`978000${String(stamp).padStart(6, '0')}`);
  await edit.getByLabel('价格（元）').fill('28.8');
  await edit.locator('.ant-form-item', { hasText: '学科' }).locator('.ant-select').click();
  await page.locator('.ant-select-tree').getByText(subject).click();
  await edit.getByText('样书申请自动通过').click();
  await shot(page, 'edit');
  await edit.getByRole('button', { name: /保\s?存/ }).click();
  await edit.waitFor({ state: 'detached' });
  row = await findBook(page, title);
  expect(await row.textContent()).toContain(subject);
  expect(await row.textContent()).toContain('样书自动通过');

  // Free chapters, picked from the table of contents.
  await row.getByRole('button', { name: /更多/ }).click();
  await page.getByRole('menuitem', { name: '试读章节' }).click();
  const free = page.getByTestId('free-chapters');
  const boxes = free.locator('.ant-tree-treenode');
  await expect.poll(() => boxes.count()).toBeGreaterThan(3);
  const picked = (await boxes.nth(2).locator('.ant-tree-title').textContent()) ?? '';
  await boxes.nth(2).locator('.ant-tree-checkbox').click();
  await shot(page, 'free-chapters');
  await free.getByRole('button', { name: /保\s?存/ }).click();
  await free.waitFor({ state: 'detached' });

  // Publish, then a visitor finds it under the new subject with its new metadata, cover and free chapter.
  await row.getByRole('button', { name: /发\s?布/ }).click();
  await confirm(page);
  await expect.poll(() => row.textContent()).toContain('已发布');
  await shot(page, 'published');
  // The one refusal asked for above (deleting 工学) is the browser's only complaint.
  expect(consoleErrors(page).filter((e) => !e.includes('400 (Bad Request) (' + baseURL + '/api/admin/dict/'))).toEqual(
    [],
  );

  const visitor = await journey.page('desktop');
  await visitor.goto('/textbook', { waitUntil: 'networkidle' });
  const tree = visitor.getByTestId('subject-tree');
  await tree.getByText(subject).click();
  const card = visitor.locator('.catalog-main').getByText(title);
  await card.waitFor();
  await shot(visitor, 'public-subject');
  const listed = await api<{ rows: { id: number; title: string; authors: string; price: number; cover: string }[] }>(
    `/api/book/list?keyword=${encodeURIComponent(String(stamp))}`,
  );
  const book = listed.data.rows.find((b) => b.title === title)!;
  expect(book).toMatchObject({ authors: 'IDPF 工作组', price: 28.8 });
  const image = await fetch(`${baseURL}${book.cover}`);
  expect(image.headers.get('content-type')).toContain('image/png');
  await visitor.goto(`/book-detail?id=${book.id}`, { waitUntil: 'networkidle' });
  await visitor.getByTestId('book-toc').getByText(picked.trim()).first().waitFor();
  await shot(visitor, 'public-detail');
  expect(consoleErrors(visitor)).toEqual([]);
}, 180_000);

test('a new edition of a book, a book list, and the sample settings; the lists at phone size', async () => {
  const editor = await makeStaff(['editor'], { tag: 'b' });
  const page = await staffPage(editor.token);
  await page.goto('/admin/books', { waitUntil: 'networkidle' });

  // Row Your Boat 3.0 as the new edition of the 2.0 book uploaded above.
  const row = await findBook(page, 'Row, Row, Row Your Boat');
  await row.getByRole('button', { name: /更多/ }).click();
  await page.getByRole('menuitem', { name: '版本' }).click();
  const editions = page.getByTestId('book-editions');
  await editions.getByRole('button', { name: /上传新版本/ }).click();
  await page
    .locator('.ant-modal input[type=file]')
    .setInputFiles(path.join(CORPUS, 'epub2-real-world/Row-Your-Boat-3.0.epub'));
  await expect
    .poll(() => page.locator('[data-testid=upload-item][data-state=done]').count(), { timeout: 60_000 })
    .toBe(1);
  expect(await page.getByTestId('upload-message').textContent()).toContain('已更新为新版本');
  await page.keyboard.press('Escape');
  await expect.poll(() => editions.textContent()).toContain('第 2 版');
  await expect.poll(() => editions.locator('.ant-table-row').count()).toBe(2);
  await shot(page, 'editions');
  await page.keyboard.press('Escape');

  // A book list with two books, the second moved up.
  await page.goto('/admin/booklists', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /新建书单/ }).click();
  const form = page.getByTestId('booklist-form');
  await form.getByLabel('名称').fill(`规范与儿歌 ${stamp}`);
  for (const words of [String(stamp), 'Row']) {
    await form.getByTestId('booklist-add').locator('input').fill(words);
    const option = page.locator('.ant-select-item-option:not(.ant-select-item-option-disabled)').first();
    await option.waitFor();
    await option.click();
  }
  const items = form.getByTestId('booklist-item');
  await expect.poll(() => items.count()).toBe(2);
  await items.nth(1).getByRole('button', { name: '上移' }).click();
  await expect.poll(() => items.first().textContent()).toContain('Row');
  await shot(page, 'booklist-edit');
  await form.getByRole('button', { name: /保\s?存/ }).click();
  const lists = page.getByTestId('admin-booklists');
  await expect.poll(() => lists.locator('.ant-table-row').first().textContent()).toContain(`规范与儿歌 ${stamp}`);
  await shot(page, 'booklists');
  expect(consoleErrors(page)).toEqual([]);
  // The journeys share one server: the public book-list page other journeys count shows the seeded lists again.
  const cleaner = await makeStaff(['editor'], { tag: 'b' });
  const made = await api<{ rows: { id: number; name: string }[] }>(
    `/api/admin/booklist/page?keyword=${encodeURIComponent(String(stamp))}`,
    { token: cleaner.token },
  );
  for (const row of made.data.rows) {
    expect((await api(`/api/admin/booklist/${row.id}`, { method: 'DELETE', token: cleaner.token })).code).toBe(200);
  }

  // Finance may not edit books; a reviewer sets the sample settings (a bad code is refused with its reason).
  const finance = await makeStaff(['finance'], { tag: 'b' });
  const refused = await fetch(`${baseURL}/api/admin/dict`, {
    method: 'POST',
    headers: { authorization: `Bearer ${finance.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ dictType: 'book_subject', label: '财务' }),
  });
  expect(refused.status).toBe(403);
  const reviewer = await makeStaff(['reviewer'], { tag: 'b' });
  const review = await staffPage(reviewer.token);
  const settingsBefore = await api<object>('/api/admin/sample-book/settings', { token: reviewer.token });
  await review.goto('/admin/review/sample-settings', { waitUntil: 'networkidle' });
  const settings = review.getByTestId('sample-settings');
  await settings.getByLabel('每位教师每年可申请样书数量').fill('12');
  await settings.getByRole('button', { name: /保\s?存/ }).click();
  await expect.poll(() => review.locator('.ant-message').textContent()).toContain('样书设置已保存');
  await shot(review, 'sample-settings');
  const saved = await api<{ amount: number }>('/api/admin/sample-book/settings', { token: reviewer.token });
  expect(saved.data.amount).toBe(12);
  // The quota other journeys' teachers apply under is the seeded one again.
  const restored = await api('/api/admin/sample-book/settings', { body: settingsBefore.data, token: reviewer.token });
  expect(restored.code).toBe(200);

  // The lists at phone size.
  const small = await staffPage(editor.token, 'phone');
  for (const [url, id] of [
    ['/admin/books', 'admin-books'],
    ['/admin/dict', 'admin-dict'],
    ['/admin/booklists', 'admin-booklists'],
  ] as const) {
    await small.goto(url, { waitUntil: 'networkidle' });
    await small.getByTestId(id).locator('.ant-table-row').first().waitFor();
    await shot(small, id.replace('admin-', ''));
  }
  expect(consoleErrors(small)).toEqual([]);
}, 180_000);
