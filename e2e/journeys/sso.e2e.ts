import { expect, test } from 'vitest';
import { AuthMsg, Msg } from '@textbook/contracts';
import {
  api,
  baseURL,
  consoleErrors,
  DEVICES,
  loginAs,
  setSessionCookies,
  shot,
  useJourney,
} from '../support/browser.js';

/** Waits up to 15 s (the machine is shared; vitest's default is 1 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const journey = useJourney('sso');
const COMMON = 1;

for (const device of DEVICES) {
  test(`a 401 asks to log in again through single sign-on and returns to the same page (${device})`, async () => {
    const page = await journey.page(device);
    const token = await loginAs(page, COMMON);
    await page.goto('/my/person', { waitUntil: 'networkidle' });
    await page.getByTestId('person-phone').waitFor();
    // The session ends elsewhere; the page's next call answers 401.
    expect((await api('/api/logout', { method: 'POST', body: {}, token })).code).toBe(200);
    // A return to the tab refreshes member info (TanStack Query listens on window).
    await page.evaluate("window.dispatchEvent(new Event('visibilitychange'))");
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(Msg.SESSION_EXPIRED);
    await shot(page, 'relogin-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: '重新登录' }).click();
    await poll(() => page.url()).toContain('/sso/authorize?redirect=');
    const card = page.locator('.sso-card');
    await card.getByRole('tab', { name: '密码登录' }).click();
    const form = card.getByTestId('password-login-form');
    await form.getByPlaceholder('请输入手机号').fill('13800000000');
    await form.getByPlaceholder('请输入密码').fill('Textbook@2026');
    await shot(page, 'authorize');
    await form.getByRole('button', { name: /登\s?录/ }).click();
    await poll(() => page.url()).toBe(`${baseURL}/my/person`);
    await page.getByTestId('person-phone').waitFor();
    expect(await page.getByTestId('person-phone').innerText()).toBe('138****0000');
    expect(consoleErrors(page).filter((e) => !e.includes('401'))).toEqual([]);
  });
}

test('a failed member-info load logs out through single sign-on to the index', async () => {
  const page = await journey.page('desktop');
  await setSessionCookies(page.context(), 'ended-session-token');
  await page.goto('/my/person');
  await poll(() => page.url()).toBe(`${baseURL}/index`);
  // The server clears the ended session's HttpOnly cookie; the app drops its marker.
  expect((await page.context().cookies()).find((c) => c.name === 'Book-Token')).toBeUndefined();
  expect((await page.context().cookies()).find((c) => c.name === 'Book-Login')).toBeUndefined();
  await page.getByTestId('login-link').waitFor();
});

test('single sign-on refuses to return to another site', async () => {
  const page = await journey.page('phone');
  await page.goto(`/sso/authorize?redirect=${encodeURIComponent('https://evil.example.test/')}`);
  await page.getByText(AuthMsg.REDIRECT_NOT_ALLOWED).waitFor();
  await shot(page, 'refused');
});
