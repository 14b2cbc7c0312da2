import { expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, expectPath, loginAs, shot, useJourney } from '../support/browser.js';

// Issue 34: every page says what it is in its title, a skip link is the first Tab stop, and logging out works
// without a mouse (the user menu opens with Enter, the phone's menu drawer has 退出登录).
const journey = useJourney('keyboard-shell');

/** Seeded demo student (server/src/demo/demo-site.ts). */
const STUDENT = 4;

for (const device of DEVICES) {
  test(`pages are named, skip to content, log out without a mouse (${device})`, async () => {
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    await page.goto('/textbook');
    await page.getByTestId('user-menu').waitFor();
    await expect.poll(() => page.title()).toMatch(/^教材 - /);

    await page.goto('/my/person');
    await expect.poll(() => page.title()).toMatch(/^个人资料与安全 - /);

    const books = await api<{ rows: { id: number; title: string }[] }>('/api/book/list?pageSize=1');
    const book = books.data.rows[0]!;
    await page.goto(`/book-detail?id=${book.id}`);
    await expect.poll(() => page.title()).toBe(`${book.title} - 高校数字教材平台`);
    await page.getByTestId('user-menu').waitFor();

    if (device === 'desktop') {
      // The first Tab stop is the skip link; Enter puts focus on the page's main content.
      await page.locator('body').focus();
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('跳到主要内容');
      await shot(page, 'skip-link');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

      // The user menu: reached by Tab, opened by Enter, 退出登录 chosen by arrow keys and Enter.
      await page.getByTestId('user-menu').focus();
      await page.keyboard.press('Enter');
      const logout = page.getByRole('menuitem', { name: '退出登录' });
      await logout.waitFor();
      await shot(page, 'user-menu-open');
      for (let i = 0; i < 4; i++) {
        const active = await page.evaluate(() => document.activeElement?.textContent ?? '');
        if (active.includes('退出登录')) break;
        await page.keyboard.press('ArrowDown');
      }
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('退出登录');
      await page.keyboard.press('Enter');
    } else {
      await page.getByRole('button', { name: '打开菜单' }).click();
      const drawerLogout = page.getByTestId('drawer-logout');
      await drawerLogout.waitFor();
      await shot(page, 'menu-drawer-member');
      await drawerLogout.click();
    }
    await expectPath(page, '/index');
    await page.getByTestId('login-link').waitFor();
    await expect.poll(() => page.title()).toBe('高校数字教材平台');
    expect(consoleErrors(page)).toEqual([]);
  });
}
