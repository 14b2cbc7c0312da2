import type { Request, Route } from 'playwright-core';
import { expect, test } from 'vitest';
import type { FooterLink, NavMenu, SiteInfo } from '@textbook/contracts';
import {
  addNotices,
  api,
  baseURL,
  consoleErrors,
  DEVICES,
  expectPath,
  loginAs,
  shot,
  useJourney,
  painted,
} from '../support/browser.js';

const journey = useJourney('shell');

/** Seeded demo members (server/src/demo/demo-site.ts): 1 common, 2 college admin, 3 teacher, 4 student. */
const TEACHER = 3;
const STUDENT = 4;

for (const device of DEVICES) {
  test(`home renders header and footer from server data (${device})`, async () => {
    const site = (await api<SiteInfo>('/api/site')).data;
    const menus = (await api<NavMenu[]>('/api/navMenu/list')).data;
    const links = (await api<FooterLink[]>('/api/site/link/list')).data;
    const page = await journey.page(device);
    await page.goto('/', { waitUntil: 'networkidle' });
    const footer = page.getByTestId('site-footer');
    await expect.poll(() => footer.textContent()).toContain(site.copyright);
    expect(await footer.textContent()).toContain(site.icp);
    for (const link of links) {
      const anchor = footer.locator(`a[href="${link.linkUrl}"]`);
      expect(await anchor.getAttribute('target')).toBe('_blank');
    }
    if (device === 'desktop') {
      const nav = page.getByRole('navigation', { name: '主导航' });
      for (const menu of menus) expect(await nav.textContent()).toContain(menu.menuName);
      // the shelf is only for logged-in members
      expect(await nav.textContent()).not.toContain('书架');
      // a menu with children opens them on hover
      const withChildren = menus.find((m) => m.children.length > 0)!;
      await nav.getByText(withChildren.menuName, { exact: true }).hover();
      await expect
        .poll(() => page.getByRole('menuitem', { name: withChildren.children[0]!.menuName }).isVisible())
        .toBe(true);
    } else {
      await page.getByRole('button', { name: '打开菜单' }).click();
      const drawer = page.locator('.ant-drawer');
      await expect.poll(() => drawer.textContent()).toContain(menus[0]!.menuName);
      await shot(page, 'menu-drawer');
      await page.keyboard.press('Escape');
    }
    await shot(page, 'home');
    expect(consoleErrors(page)).toEqual([]);
  });
}

test('the search panel closes 500 ms after the mouse leaves', async () => {
  const page = await journey.page('desktop');
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByTestId('search-trigger').hover();
  const panel = page.getByTestId('search-panel');
  await panel.waitFor();
  expect(await panel.getByRole('link', { name: '高级搜索' }).getAttribute('href')).toBe('/search?type=1');
  expect(await panel.getByRole('link', { name: '按学科浏览' }).getAttribute('href')).toContain('conditionKey=1');
  expect(await panel.getByRole('link', { name: '按丛书浏览' }).getAttribute('href')).toContain('conditionKey=4');
  await shot(page, 'search-panel', { fullPage: false });
  const left = Date.now();
  await page.mouse.move(5, 600);
  await panel.waitFor({ state: 'hidden' });
  // Not at once (a mouse crossing the gap to the panel must not close it), and not much later than 500 ms.
  expect(Date.now() - left).toBeGreaterThanOrEqual(450);
});

test('guards send a visitor from /my and /bookPreview to the index', async () => {
  const page = await journey.page('desktop');
  for (const path of ['/my/person', '/my', '/bookPreview?bookId=1&chapterId=1']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expectPath(page, '/index');
  }
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.locator('.ant-modal').waitFor();
  await shot(page, 'login-dialog');
});

test('with a token, /login goes to the root and the personal centre opens the first item of the menu', async () => {
  const page = await journey.page('desktop');
  await loginAs(page, TEACHER);
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expectPath(page, '/');
  await page.goto('/my', { waitUntil: 'networkidle' });
  await expectPath(page, '/my/teachingSpace');
  // a route outside this role's menu opens the first item instead
  await page.goto('/my/academy', { waitUntil: 'networkidle' });
  await expectPath(page, '/my/teachingSpace');
  const sider = page.getByRole('complementary', { name: '个人中心菜单' });
  expect(await sider.textContent()).toContain('教师');
  expect(await sider.textContent()).toContain('示范大学');
  await page.getByTestId('college-switcher').waitFor();
  await shot(page, 'teacher-centre');
  expect(await page.locator('.ant-message-notice').count()).toBe(0);
  expect(consoleErrors(page)).toEqual([]);
});

test('a token in a link logs nobody in and is removed from the visible address', async () => {
  const { data } = await api<{ token: string }>('/api/test/session', { body: { memberId: STUDENT } });
  const page = await journey.page('phone');
  await page.goto(`/textbook?token=${encodeURIComponent(data.token)}&conditionKey=1`, { waitUntil: 'networkidle' });
  await expect.poll(() => new URL(page.url()).searchParams.get('token'), { timeout: 15_000 }).toBeNull();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/textbook');
  expect(url.searchParams.get('token')).toBeNull();
  expect(url.searchParams.get('conditionKey')).toBe('1');
  const cookies = await page.context().cookies(baseURL);
  expect(cookies.find((c) => c.name === 'Book-Token')).toBeUndefined();
  await page.goto('/my', { waitUntil: 'networkidle' });
  await expectPath(page, '/index');
});

test('a single sign-on return’s token becomes the HttpOnly session, once, and a changed account is named', async () => {
  const student = (await api<{ token: string }>('/api/test/session', { body: { memberId: STUDENT } })).data.token;
  const info = await api<{ member: { realName: string; userName: string } }>('/api/getMemberInfo', {
    token: student,
  });
  const name = info.data.member.realName || info.data.member.userName;
  const page = await journey.page('desktop');
  await loginAs(page, TEACHER);
  await page.goto('/index', { waitUntil: 'networkidle' });
  // This tab was sent to an external single sign-on (web/src/api/sso.ts goToSsoLogin) and comes back.
  await page.evaluate(() => sessionStorage.setItem('sso-return-pending', String(Date.now())));
  await page.goto(`/textbook?token=${encodeURIComponent(student)}&conditionKey=1`, { waitUntil: 'networkidle' });
  await expect.poll(() => new URL(page.url()).searchParams.get('token'), { timeout: 15_000 }).toBeNull();
  await page.getByText(`当前登录账号：${name}`).waitFor();
  await shot(page, 'sso-return-named', { fullPage: false });
  const cookie = (await page.context().cookies(baseURL)).find((c) => c.name === 'Book-Token');
  expect(cookie?.value).toBe(student);
  expect(cookie?.httpOnly).toBe(true);
  // Page scripts cannot read the session token.
  expect(await page.evaluate(() => document.cookie)).not.toContain(student);
  await page.goto('/my', { waitUntil: 'networkidle' });
  await expectPath(page, '/my/joinClass');
  expect(consoleErrors(page)).toEqual([]);
});

test('an address whose path starts with // stays on the site', async () => {
  const page = await journey.page('desktop');
  await page.goto(`${baseURL}//evil.example/x?token=1`, { waitUntil: 'networkidle' });
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/evil.example/x');
  expect(new URL(page.url()).origin).toBe(new URL(baseURL).origin);
  await page.getByText('页面找不到了~').waitFor();
  // Logged in, single sign-on's crafty return address stays on the site too.
  await loginAs(page, STUDENT);
  await page.goto(`/sso/authorize?redirect=${encodeURIComponent('/.//evil.example/x')}`);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/evil.example/x');
  expect(new URL(page.url()).origin).toBe(new URL(baseURL).origin);
});

for (const device of DEVICES) {
  test(`unknown addresses show the not-found page (${device})`, async () => {
    const page = await journey.page(device);
    for (const path of ['/no/such/page', '/404']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByText('页面找不到了~').waitFor();
    }
    await shot(page, 'not-found');
    const api404 = await page.request.get('/api/no/such/thing');
    expect(api404.status()).toBe(404);
    expect(await api404.json()).toEqual({ code: 404, msg: '访问资源不存在', data: null });
  });
}

test('two requests failing with 401 together show one re-login dialog', async () => {
  const page = await journey.page('desktop');
  // Only the return to the tab below may call: no badge poll and no live stream, whose 401 after the logout would
  // clear the session cookies before the refresh and leave the two calls a visitor's (as in stop 27's CI).
  await page.addInitScript(() => {
    const quiet = window as { __noticePollMs?: number; __noticeStreamDelayMs?: number };
    quiet.__noticePollMs = 1e9;
    quiet.__noticeStreamDelayMs = 1e9;
  });
  const token = await loginAs(page, TEACHER);
  // The member's calls still under way: one answered after the logout would stand in for the refresh below.
  const pending = new Set<Request>();
  const isCall = (r: Request) => r.url().includes('/api/getMemberInfo') || r.url().includes('/api/msg-notice/count');
  page.on('request', (r) => isCall(r) && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  await page.goto('/index', { waitUntil: 'networkidle' });
  await page.getByTestId('user-menu').waitFor();
  await expect.poll(() => pending.size).toBe(0);
  // Every address that answers 401 from here on.
  const refused = new Set<string>();
  page.on('response', (r) => {
    if (r.status() === 401) refused.add(new URL(r.url()).pathname);
  });
  // Returning to the tab refreshes member info and the notice badge at once: both answer 401. The first 401 clears
  // the session cookies, so a call the browser sends a moment after it goes as a visitor's (the badge then answers
  // 0, rightly): from the logout on, the two calls are held until both are under way, then answered together, as
  // on a slow network. The hold is in place before the logout, so no call slips between the two.
  let armed = false;
  const held = new Map<string, Route>();
  await page.route(/\/api\/(getMemberInfo|msg-notice\/count)$/, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!armed || held.has(path)) return route.continue();
    held.set(path, route);
    if (held.size < 2) return;
    const both = [...held.values()];
    held.clear();
    const answers = await Promise.all(both.map((r) => r.fetch()));
    await Promise.all(both.map((r, i) => r.fulfill({ response: answers[i] })));
  });
  await api('/api/logout', { method: 'POST', token });
  armed = true;
  // A second return while the dialog is open must not open another either.
  const returnToTab = () => page.evaluate('window.dispatchEvent(new Event("visibilitychange"))');
  await returnToTab();
  await expect
    .poll(async () => {
      if (refused.size < 2) await returnToTab();
      return refused.size;
    })
    .toBeGreaterThanOrEqual(2);
  const dialog = page.locator('.ant-modal-confirm');
  await expect.poll(() => dialog.count()).toBe(1);
  // Both answers are in and handled by the next painted frame: still one dialog.
  await painted(page);
  expect(await dialog.count()).toBe(1);
  expect(await dialog.textContent()).toContain('登录状态已过期，您可以继续留在该页面，或者重新登录');
  await shot(page, 'relogin-dialog', { fullPage: false });
  // antd spaces out two-character button labels (取 消)
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect.poll(() => dialog.count()).toBe(0);
});

for (const device of DEVICES) {
  test(`the notice badge shows 99+ for 120 unread (${device})`, async () => {
    const { data: member } = await api<{ id: number }>('/api/test/member', { body: { userName: `徽标${device}` } });
    await addNotices(member.id, 120);
    const page = await journey.page(device);
    await loginAs(page, member.id);
    await page.goto('/index', { waitUntil: 'networkidle' });
    const badge = page.getByTestId('notice-badge');
    await expect.poll(() => badge.textContent()).toContain('99+');
    await shot(page, 'badge-99-plus', { fullPage: false });
  });
}
