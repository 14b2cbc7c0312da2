import path from 'node:path';
import { expect, test } from 'vitest';
import { api, baseURL, consoleErrors, loginAs, shot, useJourney } from '../support/browser.js';
import { ROOT } from '../support/server.js';
import { makeStaff, setStaffCookies, STAFF_PASSWORD } from '../support/staff.js';

/**
 * The admin console (issue 19): an editor uploads EPUBs (one refused with the importer's message), fixes a book's
 * metadata and publishes it; finance refunds an order and the book leaves the member's shelf; a super administrator
 * forces a member offline and the member's next request asks to log in again.
 */
const journey = useJourney('admin');

/** The shared corpus beside the repository, read at run time (never copied in). */
const CORPUS = path.resolve(ROOT, '..', 'shared', 'data', 'epub');
const stamp = Date.now() % 1_000_000;

test('a new editor signs in, uploads three EPUBs (one refused), fixes metadata and publishes', async () => {
  const editor = await makeStaff(['editor']);
  const page = await journey.page('desktop');
  await page.goto('/admin', { waitUntil: 'networkidle' });
  // No staff session: the console sends to the staff sign-in page.
  await page.waitForURL('**/admin/login');
  const form = page.getByTestId('staff-login-form');
  await form.getByPlaceholder('请输入用户名').fill(editor.userName);
  await form.getByPlaceholder('请输入密码').fill(STAFF_PASSWORD);
  await form.getByRole('button', { name: /登\s?录/ }).click();
  await page.getByTestId('admin-layout').waitFor();
  expect(await page.getByTestId('admin-staff-name').textContent()).toBe(editor.userName);
  // An editor's menu: books and site, not orders or operating.
  const menu = page.getByRole('menu');
  expect(await menu.getByText('图书管理').count()).toBe(1);
  expect(await menu.getByText('个人订单').count()).toBe(0);
  expect(await menu.getByText('在线用户').count()).toBe(0);
  await shot(page, 'editor-home');

  // The books group (图书, 书单, 学科与丛书) opens, then its 图书 page.
  await menu.getByText('图书管理').click();
  await menu.getByText('图书', { exact: true }).click();
  await page.getByTestId('admin-books').locator('.ant-table-row').first().waitFor();
  await page.getByRole('button', { name: /上传 EPUB/ }).click();
  await page
    .locator('.ant-modal input[type=file]')
    .setInputFiles([
      path.join(CORPUS, 'conformance/idpf-epub3-samples/wasteland.epub'),
      path.join(CORPUS, 'epub2-real-world/pg29052-pierre-lapin-fr-epub2.epub'),
      path.join(CORPUS, 'broken/epubcheck/epub3-ocf-package-document-missing-fatal.epub'),
    ]);
  const items = page.getByTestId('upload-item');
  await expect.poll(() => items.count()).toBe(3);
  await expect
    .poll(() => page.locator('[data-testid=upload-item][data-state=done]').count(), { timeout: 30_000 })
    .toBe(2);
  const refused = page.locator('[data-testid=upload-item][data-state=failed]');
  await expect.poll(() => refused.count()).toBe(1);
  const why = (await refused.getByTestId('upload-message').textContent()) ?? '';
  expect(why.length).toBeGreaterThan(2);
  await shot(page, 'upload');
  await page.keyboard.press('Escape');

  // The newest book is first: fix its title and price, then publish it.
  const title = `荒原（修订 ${stamp}）`;
  await page.getByTestId('admin-books').getByPlaceholder('书名、作者或 ISBN').fill('Waste');
  await page.getByRole('button', { name: /查\s?询/ }).click();
  const row = page.getByTestId('admin-books').locator('.ant-table-row').first();
  await expect.poll(() => row.textContent()).toContain('Waste');
  await row.getByRole('button', { name: /编\s?辑/ }).click();
  const edit = page.getByTestId('book-edit-form');
  await edit.getByLabel('书名').fill(title);
  await edit.getByLabel('价格（元）').fill('12.5');
  await shot(page, 'edit');
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await page.getByTestId('admin-books').getByPlaceholder('书名、作者或 ISBN').fill(String(stamp));
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await expect.poll(() => row.textContent()).toContain(title);
  expect(await row.textContent()).toContain('未发布');
  await row.getByRole('button', { name: /发\s?布/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect.poll(() => row.textContent()).toContain('已发布');
  await shot(page, 'published');
  // Visitors find it now.
  const found = await api<{ rows: { title: string; price: number }[] }>(
    `/api/book/list?keyword=${encodeURIComponent(String(stamp))}`,
  );
  expect(found.data.rows.map((b) => b.title)).toContain(title);
  expect(consoleErrors(page)).toEqual([]);
}, 90_000);

test('finance refunds a paid order and the book leaves the member shelf (desktop, and the list on a phone)', async () => {
  const list = await api<{ rows: { id: number; price: number }[] }>('/api/book/list?pageSize=999');
  const book = list.data.rows.find((b) => b.price > 0)!;
  const phone = `139${String(stamp).padStart(8, '0')}`;
  const member = await api<{ id: number }>('/api/test/member', { body: { userName: `退款会员${stamp}`, phone } });
  const session = await api<{ token: string }>('/api/test/session', { body: { memberId: member.data.id } });
  const token = session.data.token;
  const made = await api<{ id: number; orderNo: string }>(`/api/personalOrder/order/${book.id}`, { token, body: {} });
  const start = await api<{ payUrl: string }>('/api/pay/sandbox/order', { token, body: { orderId: made.data.id } });
  // The sandbox provider pays (its pay page's 确认支付 with the page's token, as the payer's phone sends it).
  const paid = await fetch(`${baseURL}/api/pay/sandbox/confirm/${made.data.orderNo}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `t=${new URL(start.data.payUrl, baseURL).searchParams.get('t')}`,
  });
  expect(await paid.text()).toContain('支付成功');
  const shelf = () =>
    api<{ rows: { id: number }[] }>('/api/shelfBook/page?pageSize=100', { token }).then((r) =>
      r.data.rows.map((b) => b.id),
    );
  expect(await shelf()).toContain(book.id);

  const finance = await makeStaff(['finance']);
  const page = await journey.page('desktop');
  await setStaffCookies(page.context(), finance.token);
  await page.goto('/admin/orders', { waitUntil: 'networkidle' });
  const orders = page.getByTestId('admin-orders');
  await orders.getByPlaceholder('订单号、书名或手机号').fill(made.data.orderNo);
  await orders.getByRole('button', { name: /查\s?询/ }).click();
  const row = orders.locator('.ant-table-row').first();
  await expect.poll(() => row.textContent()).toContain('已支付');
  await shot(page, 'orders');
  await row.getByRole('button', { name: /退\s?款/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect.poll(() => row.textContent()).toContain('已退款');
  await shot(page, 'refunded');
  expect(await shelf()).not.toContain(book.id);
  // Finance may not publish books: no books menu, and the page says 403.
  expect(await page.getByRole('menu').getByText('图书').count()).toBe(0);
  await page.goto('/admin/books', { waitUntil: 'networkidle' });
  await page.getByText('当前操作没有权限').waitFor();
  expect(consoleErrors(page)).toEqual([]);

  const small = await journey.page('phone');
  await setStaffCookies(small.context(), finance.token);
  await small.goto('/admin/orders', { waitUntil: 'networkidle' });
  await small.getByTestId('admin-orders').locator('.ant-table-row').first().waitFor();
  await shot(small, 'orders');
  expect(consoleErrors(small)).toEqual([]);
}, 90_000);

test('a super administrator forces a member offline; the member is asked to log in again', async () => {
  const phone = `138${String(stamp).padStart(8, '0')}`;
  const member = await api<{ id: number }>('/api/test/member', { body: { userName: `在线会员${stamp}`, phone } });
  const memberPage = await journey.page('desktop');
  await loginAs(memberPage, member.data.id);
  await memberPage.goto('/my/person', { waitUntil: 'networkidle' });

  const chief = await makeStaff([], { isAdmin: true });
  const page = await journey.page('desktop');
  await setStaffCookies(page.context(), chief.token);
  await page.goto('/admin/online', { waitUntil: 'networkidle' });
  const online = page.getByTestId('admin-online');
  await online.getByPlaceholder('手机号或姓名').fill(phone);
  await online.getByRole('button', { name: /查\s?询/ }).click();
  const row = online.locator('.ant-table-row');
  await expect.poll(() => row.count()).toBe(1);
  await shot(page, 'online');
  await row.getByRole('button', { name: /强制下线/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect.poll(() => online.locator('.ant-empty').count()).toBe(1);

  // The member's next request is refused: the session has ended, the personal centre closes and 登录 is offered.
  await memberPage.goto('/my/person');
  await memberPage.waitForURL((url) => !url.pathname.startsWith('/my'));
  await memberPage
    .getByRole('button', { name: /登\s?录/ })
    .or(memberPage.getByText('登录', { exact: true }))
    .first()
    .waitFor();
  await shot(memberPage, 'member-after', { fullPage: false });

  // The audit log shows who did it.
  await page.goto('/admin/audit', { waitUntil: 'networkidle' });
  // (Other journeys' staff write too, on the same server: the entry is on the first page, not always first.)
  await expect
    .poll(() =>
      page.getByTestId('admin-audit').locator('.ant-table-row', { hasText: '/api/admin/online/logout' }).count(),
    )
    .toBeGreaterThan(0);
  await shot(page, 'audit');
  expect(consoleErrors(page)).toEqual([]);
}, 90_000);
