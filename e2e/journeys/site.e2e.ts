import { expect, test } from 'vitest';
import type { ContentSummary, NavMenu, Paged } from '@textbook/contracts';
import { api, consoleErrors, DEVICES, livePush, loginAs, shot, useJourney, type Device } from '../support/browser.js';

const journey = useJourney('site');

/** Polls for up to 10 s: pages load slower when several journeys share the machine. */
const waitFor = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 100 });

/** A fresh member (own notices and feedback, so parallel journeys do not disturb each other). */
async function newMember(name: string): Promise<number> {
  const answer = await api<{ id: number }>('/api/test/member', { body: { userName: name } });
  if (answer.code !== 200) throw new Error(`test member: ${answer.msg}`);
  return answer.data.id;
}

async function staffToken(): Promise<string> {
  const answer = await api<{ token: string }>('/api/test/staff-session', { body: {} });
  if (answer.code !== 200) throw new Error(`staff session: ${answer.msg}`);
  return answer.data.token;
}

for (const device of DEVICES) {
  test(`a visitor reads a news item from the home page, then the faq (${device})`, async () => {
    const menus = (await api<NavMenu[]>('/api/navMenu/list')).data;
    const newsMenu = menus.find((m) => m.menuName === '新闻资讯')!;
    const news = (await api<Paged<ContentSummary>>('/api/site/contentList?contentType=news')).data.rows;
    const page = await journey.page(device);
    await page.goto('/', { waitUntil: 'networkidle' });

    // Home → the news menu of the header (the phone opens it from the menu drawer)
    if (device === 'phone') {
      await page.getByRole('button', { name: '打开菜单' }).click();
      // a menu with children opens them in the drawer; its first child lists the news
      await page.locator('.ant-drawer').getByText(newsMenu.menuName, { exact: true }).click();
      await page.locator('.ant-drawer').getByText(newsMenu.children[0]!.menuName, { exact: true }).click();
    } else {
      await page.getByRole('navigation', { name: '主导航' }).getByText(newsMenu.menuName, { exact: true }).click();
    }
    await page.waitForURL(/\/blog-detail\?/);
    const list = page.getByTestId('article-list');
    await waitFor(() => list.textContent()).toContain(news[0]!.title);
    await shot(page, 'news-list');

    await list.getByText(news[0]!.title).click();
    await page.waitForURL(/[?&]id=\d+/);
    const item = page.getByTestId('content-item');
    await waitFor(() => item.textContent()).toContain('班级码');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(news[0]!.title);
    await shot(page, 'news-item');

    // the faq, from the footer's bottom menu
    await page.getByTestId('site-footer').getByRole('link', { name: '常见问题' }).click();
    await page.waitForURL(/\/faq$/);
    const faq = page.getByTestId('menu-page');
    await waitFor(() => faq.textContent()).toContain('如何加入班级？');
    await shot(page, 'faq');

    // the other content pages and more-blog are server-driven too
    await page.goto('/about', { waitUntil: 'networkidle' });
    await waitFor(() => page.getByTestId('menu-page').textContent()).toContain('出版社与高校共同建设');
    await page.goto('/more-blog', { waitUntil: 'networkidle' });
    expect(await page.getByTestId('article-list').locator('li').count()).toBe(news.length);
    await shot(page, 'more-blog');
    expect(consoleErrors(page)).toEqual([]);
  });
}

for (const device of DEVICES) {
  test(`download page and the empty states (${device})`, async () => {
    const page = await journey.page(device);
    if (device === 'desktop') {
      // A fresh install lists no made-up clients: the installable web app only.
      await page.goto('/download', { waitUntil: 'networkidle' });
      await waitFor(() => page.getByTestId('web-app').textContent()).toContain('添加到主屏幕');
      expect(await page.locator('[data-testid^=version-]').count()).toBe(0);
      await shot(page, 'download-web-app');
      // A client the staff publish appears, with its QR code (phones) and its link.
      const made = await api('/api/admin/version', {
        token: await staffToken(),
        body: { platform: 'android', version: '2.3.0', notes: '新增离线阅读', fileUrl: '/files/textbook-2.3.0.apk' },
      });
      expect(made.code).toBe(200);
    }
    await page.goto('/download', { waitUntil: 'networkidle' });
    await waitFor(() => page.getByTestId('version-android').textContent()).toContain('2.3.0');
    expect(await page.getByTestId('version-android').locator('canvas, svg, img').count()).toBeGreaterThan(0);
    await page.getByTestId('web-app').waitFor();
    await shot(page, 'download');
    await page.goto('/blog-detail?id=999999&contentType=list', { waitUntil: 'networkidle' });
    await page.getByText('页面找不到了~').waitFor();
    await page.goto('/blog-detail?menuId=999999&contentType=list', { waitUntil: 'networkidle' });
    await page.getByText('页面找不到了~').waitFor();
    // a notification toast must not pile on top of the page's own state
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    await shot(page, 'not-found');
    // the browser itself logs the two 404 answers; nothing else may fail
    expect(consoleErrors(page).filter((e) => !e.includes('status of 404'))).toEqual([]);
    if (device === 'phone') await removeVersion('2.3.0');
  });
}

/** Takes the client version this journey published away again (the server is shared with other journeys). */
async function removeVersion(version: string): Promise<void> {
  const token = await staffToken();
  const all = await api<{ id: number; version: string }[]>('/api/admin/version/list', { token });
  for (const row of all.data.filter((v) => v.version === version)) {
    expect((await api(`/api/admin/version/${row.id}`, { method: 'DELETE', token })).code).toBe(200);
  }
}

for (const device of DEVICES) {
  test(`a member sends feedback and sees the staff reply; help is searchable (${device})`, async () => {
    const memberId = await newMember(`反馈用户${device}`);
    const page = await journey.page(device);
    await loginAs(page, memberId);
    await page.goto('/my/help', { waitUntil: 'networkidle' });
    await waitFor(() => page.getByTestId('help-centre').textContent()).toContain('如何加入班级？');
    await shot(page, 'help');
    await page.getByPlaceholder('搜索帮助内容').fill('笔记');
    await page.getByPlaceholder('搜索帮助内容').press('Enter');
    await waitFor(() => page.getByTestId('help-centre').textContent()).not.toContain('如何加入班级？');
    expect(await page.getByTestId('help-centre').textContent()).toContain('如何在阅读时做笔记？');
    await page.getByRole('link', { name: /如何在阅读时做笔记/ }).click();
    await waitFor(() => page.getByTestId('help-detail').textContent()).toContain('选中文字');
    await shot(page, 'help-detail');

    await page.goto('/my/feedback', { waitUntil: 'networkidle' });
    const text = `第${device}端：搜索结果里希望显示教材的出版年份`;
    await page.getByRole('textbox', { name: '反馈内容' }).fill(text);
    await page.getByRole('textbox', { name: '联系方式' }).fill('13900001111');
    await page.getByRole('button', { name: '提交反馈' }).click();
    await waitFor(() => page.getByRole('status').textContent()).toContain('提交成功');
    const list = page.getByTestId('feedback-list-general');
    await waitFor(() => list.textContent()).toContain(text);
    expect(await list.textContent()).toContain('待回复');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'feedback-sent');

    // staff reply through the staff API
    const staff = await staffToken();
    const queue = await api<Paged<{ id: number; content: string }>>('/api/admin/feedback/page?replied=0&pageSize=50', {
      token: staff,
    });
    const mine = queue.data.rows.find((r) => r.content === text)!;
    const reply = await api(`/api/admin/feedback/${mine.id}/reply`, {
      token: staff,
      body: { reply: '感谢建议，下个版本将显示出版年份。' },
    });
    expect(reply.code).toBe(200);

    await page.reload({ waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByTestId('feedback-reply').first().textContent())
      .toContain('下个版本将显示出版年份');
    await shot(page, 'feedback-replied');
    expect(consoleErrors(page)).toEqual([]);
  });
}

async function badgeText(page: Awaited<ReturnType<typeof journey.page>>): Promise<string> {
  const badge = page.getByTestId('notice-badge').locator('.ant-scroll-number, sup');
  return (await badge.count()) ? ((await badge.first().textContent()) ?? '').trim() : '';
}

async function runNoticeJourney(device: Device) {
  const memberId = await newMember(`通知用户${device}`);
  const page = await journey.page(device);
  await loginAs(page, memberId);
  await livePush(page);
  const stream = page.waitForResponse((r) => r.url().includes('/api/msg-notice/stream'), { timeout: 20_000 });
  // Not `networkidle`: the stream opens 1.5 s after the page and stays open, so on a busy machine the network
  // might never be idle for half a second before it does.
  await page.goto('/', { waitUntil: 'load' });
  await expect.poll(() => page.getByTestId('notice-badge').count(), { timeout: 10_000 }).toBe(1);
  expect(await badgeText(page)).toBe('');
  // once the live push is connected, create a notice on the server: the badge changes without a reload
  await stream;
  const pushedAt = Date.now();
  const made = await api('/api/test/notices', { body: { memberId, count: 3 } });
  expect(made.code).toBe(200);
  await expect.poll(() => badgeText(page), { timeout: 8000 }).toBe('3');
  // pushed, not polled: polling runs every 15 s
  expect(Date.now() - pushedAt).toBeLessThan(8000);
  await shot(page, 'badge-pushed', { fullPage: false });

  // the message page lists them; opening one marks it read; "全部已读" clears the badge
  await page.getByTestId('notice-badge').click();
  await page.waitForURL(/\/message/);
  const items = page.getByTestId('notice-item');
  await waitFor(() => items.count()).toBe(3);
  expect(await page.getByTestId('site-footer').count()).toBe(0);
  await shot(page, 'message-unread');
  await items.first().click();
  await waitFor(() => items.first().getAttribute('data-read')).toBe('1');
  await waitFor(() => badgeText(page)).toBe('2');
  await page.getByTestId('mark-all-read').click();
  await waitFor(() => badgeText(page)).toBe('');
  await waitFor(() => page.locator('[data-testid="notice-item"][data-read="0"]').count()).toBe(0);
  await shot(page, 'message-read');
  expect(consoleErrors(page)).toEqual([]);
}

for (const device of DEVICES) {
  test(`a notice for a member appears in the badge without reload and is read on the message page (${device})`, () =>
    runNoticeJourney(device));
}

test('with the live push blocked, the badge falls back to polling', async () => {
  const memberId = await newMember('轮询用户');
  const page = await journey.page('desktop');
  // e.g. a proxy that buffers event streams: the stream never opens
  await page.route('**/api/msg-notice/stream', (route) => route.abort('connectionrefused'));
  // The badge polls every 15 s while the push is down; here every 2 s, so the journey waits less.
  await page.addInitScript(() => {
    (window as { __noticePollMs?: number }).__noticePollMs = 2000;
  });
  await loginAs(page, memberId);
  // The first count is read before the notice exists: only a later poll can bring it.
  const firstCount = page.waitForResponse((r) => r.url().includes('/api/msg-notice/count'));
  await page.goto('/', { waitUntil: 'networkidle' });
  await firstCount;
  await expect.poll(() => page.getByTestId('notice-badge').count(), { timeout: 10_000 }).toBe(1);
  await api('/api/test/notices', { body: { memberId, count: 1 } });
  // polled while the push is down
  await expect.poll(() => badgeText(page), { timeout: 10_000, interval: 250 }).toBe('1');
  const errors = consoleErrors(page).filter((e) => !e.includes('/api/msg-notice/stream'));
  expect(errors).toEqual([]);
}, 40_000);
