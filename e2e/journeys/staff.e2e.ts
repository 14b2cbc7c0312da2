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
    await page.getByText(`已登录：${userName}`).waitFor();
    await shot(page, 'signed-in');
    // The member side stays logged out: the staff token is not the member cookie.
    expect((await page.context().cookies()).find((c) => c.name === 'Book-Token')).toBeUndefined();
    // The wrong password's 400 is expected.
    expect(consoleErrors(page).filter((e) => !e.includes('400 (Bad Request)'))).toEqual([]);
  });
}
