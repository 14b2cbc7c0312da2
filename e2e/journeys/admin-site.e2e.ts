import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { api, consoleErrors, loginAs, shot, useJourney } from '../support/browser.js';
import { makeStaff, setStaffCookies } from '../support/staff.js';

/**
 * The admin console's site and review areas (issue 19): a site editor adds navigation menus and reorders them (the
 * public header follows), edits the site info and adds a friendly link; a reviewer rejects the editor's content page
 * with a reason and the editor sees 因内容审核不通过，建议修改后重新发布（…）; a reviewer replies to a member's feedback
 * and closes it, and the member reads the reply. The main lists are shown at phone size too.
 *
 * The server is shared with other journeys: what this one adds to the public site (menus, site name) it takes away
 * again at the end.
 */
const journey = useJourney('admin-site');
/** Names of this attempt's menus, links and pages (a retried test adds its own, beside what the failed try left). */
let stamp = 0;
beforeEach(() => {
  stamp = Date.now() % 1_000_000;
});

/**
 * A failed try may leave menus and a link on the public site, which the run's end checks is as it found it: they
 * go again here (through the API, as a staff editor), so a retry starts from the site other journeys see.
 */
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const { token } = await makeStaff(['editor'], { tag: 'site_' });
  const mine = new Set([`栏甲${stamp % 1000}`, `栏乙${stamp % 1000}`]);
  const menus = await api<{ menuId: number; menuName: string }[]>('/api/admin/navMenu/list', {
    token,
  });
  for (const m of menus.data ?? []) {
    if (mine.has(m.menuName)) await api(`/api/admin/navMenu/${m.menuId}`, { method: 'DELETE', token });
  }
  const links = await api<{ id: number; linkName: string }[]>('/api/admin/link/list', { token });
  for (const l of links.data ?? []) {
    if (l.linkName === `合作出版社${stamp}`) await api(`/api/admin/link/${l.id}`, { method: 'DELETE', token });
  }
});

/** A console page signed in as this staff member (the cookies the staff sign-in sets). */
async function consolePage(token: string, device: 'desktop' | 'phone', address: string): Promise<Page> {
  const page = await journey.page(device);
  await setStaffCookies(page.context(), token);
  await page.goto(address, { waitUntil: 'networkidle' });
  await page.getByTestId('admin-layout').waitFor();
  return page;
}

const confirm = (page: Page) =>
  page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s?定/ })
    .click();
const save = (page: Page) =>
  page
    .locator('.ant-modal')
    .getByRole('button', { name: /保\s?存/ })
    .click();
const rowOf = (table: Locator, text: string) => table.locator('.ant-table-row', { hasText: text });

test('a site editor adds and reorders menus (the header follows), edits site info and adds a friendly link', async () => {
  const editor = await makeStaff(['editor'], { tag: 'site_' });
  const page = await consolePage(editor.token, 'desktop', '/admin/site/menus');
  const menu = page.getByRole('menu');
  // The editor's site menu (open on its page); the review menu (feedback) is a reviewer's.
  expect(await menu.getByText('导航菜单').count()).toBe(1);
  expect(await menu.getByText('反馈与纠错').count()).toBe(0);

  const first = `栏甲${stamp % 1000}`;
  const second = `栏乙${stamp % 1000}`;
  const tree = page.getByTestId('admin-menus');
  for (const name of [first, second]) {
    await page.getByRole('button', { name: /新增菜单/ }).click();
    const form = page.getByTestId('menu-form');
    await form.getByLabel('菜单名称').fill(name);
    await form.getByLabel('地址').fill('/about');
    await save(page);
    await tree.getByText(name, { exact: true }).waitFor();
  }
  const node = (name: string) => tree.getByTestId('menu-node').filter({ hasText: name });
  // A refused form shows the server's message (an address that is not a link).
  await node(first)
    .getByRole('button', { name: /编\s?辑/ })
    .click();
  await page.getByTestId('menu-form').getByLabel('地址').fill('javascript:alert(1)');
  await save(page);
  await expect.poll(() => page.getByTestId('form-error').textContent()).toContain('链接地址须以');
  await shot(page, 'menu-refused');
  await page.keyboard.press('Escape');

  // The second moves above the first (the arrow: what a drag sends, and usable on a phone).
  await node(second).getByRole('button', { name: '上移' }).click();
  await expect
    .poll(async () => {
      const names = await tree.getByTestId('menu-node').locator('strong').allTextContents();
      return names.indexOf(second) < names.indexOf(first) && names.indexOf(second) >= 0;
    })
    .toBe(true);
  await shot(page, 'menus');

  // The public header shows both, the second first (its cache lives a few seconds).
  const visitor = await journey.page('desktop');
  const nav = visitor.getByRole('navigation', { name: '主导航' });
  await expect
    .poll(
      async () => {
        await visitor.goto('/', { waitUntil: 'networkidle' });
        const text = (await nav.textContent()) ?? '';
        return text.includes(first) && text.indexOf(second) < text.indexOf(first);
      },
      { timeout: 20_000, interval: 1000 },
    )
    .toBe(true);
  await shot(visitor, 'header', { fullPage: false });

  // Site info: the name changes on the public header, then goes back.
  await menu.getByText('站点信息').click();
  const info = page.getByTestId('admin-site-info');
  const name = info.getByLabel('站点名称');
  await name.waitFor();
  const original = await name.inputValue();
  await name.fill(`${original}·${stamp}`);
  await info.getByRole('button', { name: /保\s?存/ }).click();
  await page.getByText('保存成功').first().waitFor();
  await shot(page, 'site-info');
  await expect
    .poll(
      async () => {
        await visitor.goto('/', { waitUntil: 'networkidle' });
        return visitor.getByTestId('site-header').textContent();
      },
      { timeout: 20_000, interval: 1000 },
    )
    .toContain(`·${stamp}`);
  await name.fill(original);
  await info.getByRole('button', { name: /保\s?存/ }).click();

  // A friendly link, shown in the footer.
  await menu.getByText('友情链接').click();
  const links = page.getByTestId('admin-links');
  await links.getByRole('button', { name: /新增友情链接/ }).click();
  const linkForm = page.getByTestId('admin-links-form');
  await linkForm.getByLabel('名称', { exact: true }).fill(`合作出版社${stamp}`);
  await linkForm.getByLabel('地址', { exact: true }).fill(`https://example.com/p${stamp}`);
  await save(page);
  await rowOf(links, `合作出版社${stamp}`).waitFor();
  await shot(page, 'links');
  await expect
    .poll(
      async () => {
        await visitor.goto('/', { waitUntil: 'networkidle' });
        return visitor.getByTestId('site-footer').locator(`a[href="https://example.com/p${stamp}"]`).count();
      },
      { timeout: 20_000, interval: 1000 },
    )
    .toBe(1);

  // The help centre and the download page's versions (looked at, not changed).
  await menu.getByText('帮助中心').click();
  await page.getByTestId('admin-help-contents').locator('.ant-table').waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, 'help');
  await menu.getByText('客户端版本').click();
  await page.getByTestId('admin-versions').locator('.ant-table').waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, 'versions');

  // The menus go again (each delete asks first).
  await menu.getByText('导航菜单').click();
  for (const item of [first, second]) {
    await node(item)
      .getByRole('button', { name: /删\s?除/ })
      .click();
    await confirm(page);
    await expect.poll(() => node(item).count()).toBe(0);
  }
  // The one error is the refusal asked for above (the browser logs a 400 answer).
  const refusal = (e: string) => e.includes('status of 400') && e.includes('/api/admin/navMenu/');
  expect(consoleErrors(page).filter((e) => !refusal(e))).toEqual([]);
  expect(consoleErrors(visitor)).toEqual([]);

  // The lists at phone size.
  const small = await consolePage(editor.token, 'phone', '/admin/site/menus');
  await small.getByTestId('menu-node').first().waitFor();
  await shot(small, 'menus');
  await small.goto('/admin/site/links', { waitUntil: 'networkidle' });
  await rowOf(small.getByTestId('admin-links'), `合作出版社${stamp}`).waitFor();
  await shot(small, 'links');
  expect(consoleErrors(small)).toEqual([]);

  // The link goes again: the server is shared with other journeys.
  const shown = await api<{ id: number; linkName: string }[]>('/api/admin/link/list', { token: editor.token });
  const added = shown.data.find((l) => l.linkName === `合作出版社${stamp}`)!;
  expect((await api(`/api/admin/link/${added.id}`, { method: 'DELETE', token: editor.token })).code).toBe(200);
}, 120_000);

test("a reviewer rejects the editor's content page with a reason; the editor sees it and sends it again", async () => {
  const editor = await makeStaff(['editor'], { tag: 'site_' });
  const reviewer = await makeStaff(['reviewer'], { tag: 'site_' });
  const title = `关于我们（草稿 ${stamp}）`;
  const page = await consolePage(editor.token, 'desktop', '/admin/content');
  await page.getByRole('button', { name: /新建内容/ }).click();
  const form = page.getByTestId('content-form');
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('正文（HTML）').fill('<p>出版社简介</p>');
  await save(page);
  await page.getByText('已保存，等待审核').first().waitFor();
  const mine = page.getByTestId('admin-content');
  await expect.poll(() => rowOf(mine, title).textContent()).toContain('待审核');

  const review = await consolePage(reviewer.token, 'desktop', '/admin/review/content');
  const queue = review.getByTestId('admin-review');
  const row = rowOf(queue, title);
  await row.waitFor();
  await row.getByRole('button', { name: /驳\s?回/ }).click();
  // The reason is required: the form says so before sending.
  await save(review);
  await review.getByText('请填写驳回原因').waitFor();
  await review.getByTestId('reject-form').getByLabel('驳回原因').fill('联系电话有误');
  await shot(review, 'reject');
  await save(review);
  await expect.poll(() => row.count()).toBe(0);

  // The editor's own list: the rejection and its reason, in the spec's words.
  await page.reload({ waitUntil: 'networkidle' });
  await mine.locator('.ant-select').filter({ hasText: '作者' }).click();
  await page.locator('.ant-select-item-option', { hasText: '我写的' }).click();
  await mine.getByRole('button', { name: /查\s?询/ }).click();
  const failed = rowOf(mine, title);
  await expect
    .poll(() => failed.getByTestId('audit-message').textContent())
    .toBe('因内容审核不通过，建议修改后重新发布（联系电话有误）');
  await shot(page, 'rejected');
  await failed.getByRole('button', { name: /提交审核/ }).click();
  await confirm(page);
  await expect.poll(() => failed.textContent()).toContain('待审核');
  expect(await failed.getByTestId('audit-message').count()).toBe(0);
  expect(consoleErrors(page)).toEqual([]);
  expect(consoleErrors(review)).toEqual([]);

  const small = await consolePage(editor.token, 'phone', '/admin/content');
  await rowOf(small.getByTestId('admin-content'), title).waitFor();
  await shot(small, 'content');
  expect(consoleErrors(small)).toEqual([]);
}, 120_000);

test("a reviewer replies to a member's feedback and closes it; the member reads the reply", async () => {
  const phone = `137${String(stamp).padStart(8, '0')}`;
  const member = await api<{ id: number }>('/api/test/member', { body: { userName: `反馈会员${stamp}`, phone } });
  const session = await api<{ token: string }>('/api/test/session', { body: { memberId: member.data.id } });
  const words = `搜索“高数”找不到教材 ${stamp}`;
  const sent = await api('/api/member/feedback/add', { token: session.data.token, body: { content: words } });
  expect(sent.code).toBe(200);

  const reviewer = await makeStaff(['reviewer'], { tag: 'site_' });
  const page = await consolePage(reviewer.token, 'desktop', '/admin/review/feedback');
  const list = page.getByTestId('admin-feedback');
  const row = rowOf(list, String(stamp));
  await row.waitFor();
  expect(await row.textContent()).toContain('待回复');
  await shot(page, 'feedback');
  await row.getByRole('button', { name: /^回\s?复$/ }).click();
  const reply = page.getByTestId('reply-form');
  await reply.getByLabel('回复内容').fill('已修正：可用拼音首字母 gdsx 搜索。');
  await save(page);
  await expect.poll(() => row.textContent()).toContain('已回复');
  await row.getByRole('button', { name: /关\s?闭/ }).click();
  await confirm(page);
  await expect.poll(() => row.textContent()).toContain('已关闭');
  expect(await row.getByRole('button', { name: /回\s?复/ }).count()).toBe(0);
  await shot(page, 'feedback-closed');
  expect(consoleErrors(page)).toEqual([]);

  const memberPage = await journey.page('desktop');
  await loginAs(memberPage, member.data.id);
  await memberPage.goto('/my/feedback', { waitUntil: 'networkidle' });
  await expect
    .poll(() => memberPage.getByTestId('feedback-reply').first().textContent())
    .toContain('已修正：可用拼音首字母 gdsx 搜索。');
  await shot(memberPage, 'member-reply');
  expect(consoleErrors(memberPage)).toEqual([]);

  const small = await consolePage(reviewer.token, 'phone', '/admin/review/feedback');
  await rowOf(small.getByTestId('admin-feedback'), String(stamp)).waitFor();
  await shot(small, 'feedback');
  expect(consoleErrors(small)).toEqual([]);
}, 120_000);
