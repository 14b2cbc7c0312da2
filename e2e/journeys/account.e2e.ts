import { createCanvas } from '@napi-rs/canvas';
import { expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, loginAs, shot, toasts, useJourney } from '../support/browser.js';
import { codeFromOutbox, freshPhone } from '../support/login.js';
import type { Page } from 'playwright-core';

/** Waits up to 15 s (the machine is shared; vitest's default is 1 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const journey = useJourney('account');

async function memberWithColleges(colleges: { name: string; roles: string }[]) {
  const phone = freshPhone();
  const answer = await api<{ memberId: number; collegeIds: number[] }>('/api/test/accounts/member', {
    body: { phone, colleges },
  });
  expect(answer.code).toBe(200);
  return { phone, ...answer.data };
}

const menuTexts = async (page: Page) =>
  (await page.locator('.my-sider .ant-menu-item').allInnerTexts()).map((t) => t.trim());

for (const device of DEVICES) {
  test(`the college switch changes roles and the personal-centre menu (${device})`, async () => {
    const m = await memberWithColleges([
      { name: `教师学院${device}`, roles: '2' },
      { name: `学生学院${device}`, roles: '3' },
    ]);
    const page = await journey.page(device);
    await loginAs(page, m.memberId);
    await page.goto('/my/teachingSpace', { waitUntil: 'networkidle' });
    await poll(() => menuTexts(page)).toContain('教学空间');
    expect(await menuTexts(page)).not.toContain('已加入班级');
    expect(await page.locator('.my-sider').innerText()).toContain(`教师学院${device}`);
    expect(await page.locator('.teacher-badge').count()).toBe(1);
    await shot(page, 'teacher-menu');

    // A dropdown can close under a pointer that is still travelling to it (phone taps on a busy machine):
    // open it (unless it is still open: a tap on the switcher would close it) and pick again until the switch is
    // made, five tries at most.
    const choice = page.getByRole('menuitem', { name: `学生学院${device}` });
    for (let attempt = 0; attempt < 5 && !(await menuTexts(page)).includes('已加入班级'); attempt++) {
      if (!(await choice.isVisible())) {
        if (device === 'desktop') await page.getByTestId('college-switcher').hover();
        else await page.getByTestId('college-switcher').click();
      }
      await choice.click({ timeout: 5000 }).catch(() => undefined);
      await expect
        .poll(() => menuTexts(page), { timeout: 3000 })
        .toContain('已加入班级')
        .catch(() => undefined);
    }
    await poll(() => menuTexts(page)).toContain('已加入班级');
    expect(await menuTexts(page)).not.toContain('教学空间');
    // The teaching space is not in the student's menu: the first item opens.
    await poll(() => page.url()).toMatch(/\/my\/joinClass$/);
    expect(await page.locator('.my-sider').innerText()).toContain(`学生学院${device}`);
    expect(await page.locator('.teacher-badge').count()).toBe(0);
    await shot(page, 'student-menu');
    expect(consoleErrors(page)).toEqual([]);
  });
}

test('profile edits: name, avatar and password', async () => {
  const m = await memberWithColleges([]);
  const page = await journey.page('desktop');
  await loginAs(page, m.memberId);
  await page.goto('/my/person', { waitUntil: 'networkidle' });

  await page.getByTestId('person-name').fill('新的名字');
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await poll(() => page.locator('.my-sider').innerText()).toContain('新的名字');

  const canvas = createCanvas(300, 200);
  const g = canvas.getContext('2d');
  g.fillStyle = '#e0533a';
  g.fillRect(0, 0, 300, 200);
  g.fillStyle = '#ffffff';
  g.fillRect(110, 60, 80, 80);
  await page.locator('input[type=file]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await canvas.encode('png'),
  });
  await expect
    .poll(() => page.getByTestId('person-avatar').locator('img').getAttribute('src'))
    .toMatch(/^\/api\/avatar\//);
  await shot(page, 'person');

  // Change password with a code to the current phone.
  await page.getByRole('button', { name: '修改密码' }).click();
  const pwd = page.getByTestId('change-password-form');
  await pwd.getByTestId('pwd-send-code').click();
  await pwd.locator('.code-countdown').waitFor();
  await pwd.getByPlaceholder('请输入验证码').fill(await codeFromOutbox(m.phone));
  await pwd.getByPlaceholder('请输入新密码').fill('Profile-Pass-1x');
  await pwd.getByPlaceholder('请再次输入新密码').fill('Profile-Pass-1x');
  await shot(page, 'change-password', { fullPage: false });
  await page.getByRole('button', { name: /确\s?定/ }).click();
  await poll(() => toasts(page)).toContain('密码修改成功');
  const login = await api('/api/pwdLogin', { body: { phonenumber: m.phone, password: 'plain' } });
  expect(login.code).toBe(500); // plain passwords are refused: the client encrypts

  expect(consoleErrors(page)).toEqual([]);
});

test('change phone: a code to the old phone, then to the new one', async () => {
  // A member of its own: one code per phone per 60 s.
  const m = await memberWithColleges([]);
  const page = await journey.page('desktop');
  await loginAs(page, m.memberId);
  await page.goto('/my/person', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: '修改手机号' }).click();
  const old = page.getByTestId('old-phone-form');
  await old.getByTestId('old-send-code').click();
  await old.locator('.code-countdown').waitFor();
  await old.getByPlaceholder('请输入验证码').fill(await codeFromOutbox(m.phone));
  await page.getByRole('button', { name: '下一步' }).click();
  const next = page.getByTestId('new-phone-form');
  await next.waitFor();
  const newPhone = freshPhone();
  await next.getByPlaceholder('请输入新手机号').fill(newPhone);
  await shot(page, 'new-phone', { fullPage: false });
  await next.getByTestId('new-send-code').click();
  await next.locator('.code-countdown').waitFor();
  await next.getByPlaceholder('请输入验证码').fill(await codeFromOutbox(newPhone));
  await shot(page, 'change-phone', { fullPage: false });
  await page.getByRole('button', { name: /确\s?定/ }).click();
  await expect
    .poll(() => page.getByTestId('person-phone').innerText())
    .toBe(`${newPhone.slice(0, 3)}****${newPhone.slice(7)}`);
  expect(consoleErrors(page)).toEqual([]);
});

test('profile at phone size', async () => {
  const m = await memberWithColleges([{ name: '手机学院', roles: '2' }]);
  const page = await journey.page('phone');
  await loginAs(page, m.memberId);
  await page.goto('/my/person', { waitUntil: 'networkidle' });
  await page.getByTestId('person-phone').waitFor();
  await shot(page, 'person');
  expect(consoleErrors(page)).toEqual([]);
});
