import { expect, test } from 'vitest';
import { AuthMsg, Msg } from '@textbook/contracts';
import { consoleErrors, DEVICES, shot, toasts, useJourney } from '../support/browser.js';
import { codeFromOutbox, freshPhone, solveSlider, watchPuzzles } from '../support/login.js';
import type { Page } from 'playwright-core';

/** Waits up to 15 s (the machine is shared; vitest's default is 1 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const journey = useJourney('login');
const DEMO_PASSWORD = 'Textbook@2026';

async function openDialog(page: Page): Promise<void> {
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.locator('.login-dialog').waitFor();
}

async function formErrors(page: Page): Promise<string[]> {
  return (await page.locator('.login-dialog .ant-form-item-explain-error').allInnerTexts()).map((t) => t.trim());
}

/** Phone, slider, send, countdown, code from the outbox. */
async function fillPhoneAndCode(page: Page, phone: string, puzzles: () => string | undefined, name: string) {
  const dialog = page.locator('.login-dialog');
  await dialog.getByPlaceholder('请输入手机号').fill(phone);
  // The code field appears only after the slider check passes.
  expect(await dialog.getByPlaceholder('请输入验证码').count()).toBe(0);
  await shot(page, `${name}-slider`, { fullPage: false });
  await solveSlider(page, puzzles);
  await dialog.getByTestId('send-code').click();
  const countdown = dialog.getByTestId('code-countdown');
  await countdown.waitFor();
  expect(await countdown.innerText()).toMatch(/^\d{1,2}s$/);
  expect(await dialog.getByTestId('send-code').count()).toBe(0);
  await dialog.getByPlaceholder('请输入验证码').fill(await codeFromOutbox(phone));
  await shot(page, `${name}-code`, { fullPage: false });
}

for (const device of DEVICES) {
  test(`SMS login through the slider registers a new phone (${device})`, async () => {
    const page = await journey.page(device);
    const puzzles = watchPuzzles(page);
    await openDialog(page);
    const dialog = page.locator('.login-dialog');
    await shot(page, 'dialog', { fullPage: false });
    await dialog
      .getByRole('button', { name: '登 录' })
      .or(dialog.getByRole('button', { name: '登录' }))
      .first()
      .click();
    await poll(() => formErrors(page)).toContain(Msg.INCOMPLETE);
    await dialog.getByPlaceholder('请输入手机号').fill('12345678901');
    await poll(() => formErrors(page)).toContain(Msg.PHONE_FORMAT);

    const phone = freshPhone();
    await fillPhoneAndCode(page, phone, puzzles, 'sms');
    await dialog.getByRole('button', { name: /登\s?录/ }).click();
    await poll(() => formErrors(page)).toContain(Msg.AGREEMENT_REQUIRED);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: /登\s?录/ }).click();
    await poll(() => page.url()).toMatch(/\/index$/);
    await page.locator('.login-dialog').waitFor({ state: 'hidden' });
    await poll(() => page.getByTestId('login-link').count()).toBe(0);
    await shot(page, 'sms-logged-in', { fullPage: false });
    expect(consoleErrors(page)).toEqual([]);
  });
}

test('password login with a demo account, and the lockout message after wrong passwords', async () => {
  const page = await journey.page('desktop');
  await openDialog(page);
  const dialog = page.locator('.login-dialog');
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  const form = dialog.getByTestId('password-login-form');
  await form.getByPlaceholder('请输入手机号').fill('13800000003');
  for (let i = 0; i < 5; i += 1) {
    await form.getByPlaceholder('请输入密码').fill(`Wrong-pass-${i}x`);
    // Each try waits for the server's answer (the form is busy until then).
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/pwdLogin')),
      form.getByRole('button', { name: /登\s?录/ }).click(),
    ]);
  }
  await poll(() => page.locator('.ant-message').innerText()).toContain(AuthMsg.ACCOUNT_LOCKED(15));
  await shot(page, 'locked', { fullPage: false });

  const other = await journey.page('phone');
  await openDialog(other);
  const d2 = other.locator('.login-dialog');
  await d2.getByRole('tab', { name: '密码登录' }).click();
  const f2 = d2.getByTestId('password-login-form');
  await f2.getByPlaceholder('请输入手机号').fill('13800000002');
  await f2.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
  await shot(other, 'password', { fullPage: false });
  await f2.getByRole('button', { name: /登\s?录/ }).click();
  await poll(() => other.url()).toMatch(/\/index$/);
  await poll(() => other.getByTestId('login-link').count()).toBe(0);
  expect(consoleErrors(other)).toEqual([]);
});

test('forgotten password to the done screen, then login with the new password', async () => {
  const page = await journey.page('desktop');
  const puzzles = watchPuzzles(page);
  await openDialog(page);
  const dialog = page.locator('.login-dialog');
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  await dialog.getByText('忘记密码？').click();
  const form = dialog.getByTestId('forget-form');
  await form.waitFor();
  await fillPhoneAndCode(page, '13800000001', puzzles, 'forget');
  const NEW = 'New-Pass-2026x';
  await form.getByPlaceholder('请输入新密码').fill('short1A!');
  await poll(() => formErrors(page)).toContain(Msg.PASSWORD_TOO_SHORT);
  await form.getByPlaceholder('请输入新密码').fill('alllowercase1234');
  await poll(() => formErrors(page)).toContain(Msg.PASSWORD_CLASSES);
  await form.getByPlaceholder('请输入新密码').fill(NEW);
  await form.getByPlaceholder('请再次输入新密码').fill(`${NEW}y`);
  await poll(() => formErrors(page)).toContain(Msg.PASSWORD_MISMATCH);
  await form.getByPlaceholder('请再次输入新密码').fill(NEW);
  await form.getByRole('checkbox').check();
  await shot(page, 'forget-form', { fullPage: false });
  await form.getByRole('button', { name: /确\s?定/ }).click();
  await dialog.getByText('密码重置成功').waitFor();
  await shot(page, 'forget-done', { fullPage: false });
  await dialog.getByTestId('login-now').click();
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  const login = dialog.getByTestId('password-login-form');
  await login.getByPlaceholder('请输入手机号').fill('13800000001');
  await login.getByPlaceholder('请输入密码').fill(NEW);
  await login.getByRole('button', { name: /登\s?录/ }).click();
  await poll(() => page.getByTestId('login-link').count()).toBe(0);
  expect(consoleErrors(page)).toEqual([]);
});

test('the agreement links show the site texts, or say they are missing', async () => {
  const page = await journey.page('desktop');
  await openDialog(page);
  const dialog = page.locator('.login-dialog');
  await dialog.getByText('《用户协议》').click();
  const shown = page.locator('.ant-modal').filter({ hasText: '欢迎使用高校数字教材平台' });
  await shown.waitFor();
  await shot(page, 'agreement', { fullPage: false });

  // A site without the agreement ids configured.
  const bare = await journey.page('phone');
  await bare.route('**/api/site', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { toolbar: Record<string, unknown> } };
    body.data.toolbar.userAgreementId = null;
    body.data.toolbar.privacyPolicyId = null;
    await route.fulfill({ response, json: body });
  });
  await openDialog(bare);
  await bare.locator('.login-dialog').getByText('《用户协议》').click();
  await poll(() => bare.locator('.ant-message').innerText()).toContain(Msg.NO_AGREEMENT);
  await bare.locator('.login-dialog').getByText('《隐私政策》').click();
  await poll(() => bare.locator('.ant-message').innerText()).toContain(Msg.NO_PRIVACY);
});

test('binding a phone after an external login without one (answer 501)', async () => {
  const page = await journey.page('phone');
  const puzzles = watchPuzzles(page);
  await page.goto(`/sso/callback?provider=test&code=ext-${Date.now()}`, { waitUntil: 'networkidle' });
  const dialog = page.locator('.login-dialog');
  await dialog.getByTestId('binding-form').waitFor();
  expect(await dialog.locator('.ant-modal-title').innerText()).toBe('绑定手机号');
  const phone = freshPhone();
  await fillPhoneAndCode(page, phone, puzzles, 'binding');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: /绑\s?定/ }).click();
  await poll(() => toasts(page)).toContain(Msg.BIND_SUCCESS);
  await shot(page, 'binding-done', { fullPage: false });
  await poll(() => page.getByTestId('login-link').count()).toBe(0);
  expect(consoleErrors(page)).toEqual([]);
});
