import { expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, shot, useJourney } from '../support/browser.js';

const journey = useJourney('staff');

for (const device of DEVICES) {
  test(`staff sign in on their own page (${device})`, async () => {
    const userName = `editor_${device}_${Date.now() % 100000}`;
    const made = await api('/api/test/staff', { body: { userName, password: 'Editor-Pass-2026', isAdmin: true } });
    expect(made.code).toBe(200);
    const page = await journey.page(device);
    await page.goto('/admin/login', { waitUntil: 'networkidle' });
    const form = page.getByTestId('staff-login-form');
    await form.getByPlaceholder('请输入用户名').fill(userName);
    await form.getByPlaceholder('请输入密码').fill('Wrong-Pass-2026');
    await form.getByRole('button', { name: /登\s?录/ }).click();
    await form.getByText('用户名或密码错误').waitFor();
    await form.getByPlaceholder('请输入密码').fill('Editor-Pass-2026');
    await shot(page, 'login');
    await form.getByRole('button', { name: /登\s?录/ }).click();
    // Signed in: the admin console opens with the staff member's name in its header.
    await page.waitForURL('**/admin');
    await expect.poll(() => page.getByTestId('admin-staff-name').textContent()).toBe(userName);
    await shot(page, 'signed-in');
    // The member side stays logged out: the staff token is not the member cookie.
    expect((await page.context().cookies()).find((c) => c.name === 'Book-Token')).toBeUndefined();
    // The staff token is the server's HttpOnly cookie: not in page storage, not readable by scripts.
    const staffCookie = (await page.context().cookies()).find((c) => c.name === 'Staff-Token');
    expect(staffCookie?.httpOnly).toBe(true);
    expect(await page.evaluate(() => JSON.stringify(localStorage) + document.cookie)).not.toContain(staffCookie!.value);
    // A reload keeps the staff session (the cookie), and logging out ends it.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('admin-staff-name').textContent()).toBe(userName);
    await page
      .getByTestId('admin-layout')
      .getByRole('button', { name: /退出登录/ })
      .click();
    await form.getByPlaceholder('请输入用户名').waitFor();
    expect((await page.context().cookies()).find((c) => c.name === 'Staff-Token')).toBeUndefined();
    // The wrong password's 400 is expected.
    expect(consoleErrors(page).filter((e) => !e.includes('400 (Bad Request)'))).toEqual([]);
  });
}
