import { expect, test } from 'vitest';
import type { CollegeDetail } from '@textbook/contracts';
import { api, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';

const journey = useJourney('college');

/** Seeded demo college administrator (server/src/db/seed/demo-site.ts). */
const ADMIN = 2;

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

for (const device of DEVICES) {
  test(`the college admin sees seats, authorizes a member, generates codes; a member redeems one (${device})`, async () => {
    const adminToken = (await api<{ token: string }>('/api/test/session', { body: { memberId: ADMIN } })).data.token;
    const college = (await api<CollegeDetail>('/api/college/detail', { token: adminToken })).data;
    const stamp = `${device}${Date.now() % 100000}`;
    const title = `概率论（${stamp}）`;
    const { bookId } = (await api<{ bookId: number }>('/api/test/class-book', { body: { memberId: ADMIN, title } }))
      .data;
    const staff = (await api<{ token: string }>('/api/test/staff-session', { body: {} })).data;
    const seats = await api('/api/admin/collegeBook/adjust', {
      token: staff.token,
      body: { collegeId: college.id, bookId, delta: 30, reason: '演示' },
    });
    expect(seats.code).toBe(200);
    const members: number[] = [];
    for (const who of ['甲', '乙']) {
      const made = await api<{ id: number }>('/api/test/member', { body: { userName: `学生${who}${stamp}` } });
      await api('/api/test/college-member', { body: { memberId: made.data.id, collegeId: college.id, roles: '3' } });
      members.push(made.data.id);
    }

    const page = await journey.page(device);
    await loginAs(page, ADMIN);
    await page.goto('/my/academy', { waitUntil: 'networkidle' });
    await page.getByTestId('college-info').waitFor();
    await shot(page, 'academy');
    await page.getByRole('tab', { name: '教材授权' }).click();
    const row = page.getByTestId('college-books').locator('tr', { hasText: title });
    await poll(() => row.getByTestId('seats-left').textContent()).toBe('30');
    await shot(page, 'college-books');

    // Authorize the first member.
    await row
      .getByRole('button', { name: /授\s?权/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('手机号、姓名或学号').fill(`学生甲${stamp}`);
    await dialog.getByPlaceholder('手机号、姓名或学号').press('Enter');
    await poll(() => dialog.locator('tbody tr', { hasText: `学生甲${stamp}` }).count()).toBe(1);
    await dialog
      .locator('tbody tr', { hasText: `学生甲${stamp}` })
      .locator('input[type=checkbox]')
      .check();
    await shot(page, 'authorize-dialog');
    await dialog
      .getByRole('button', { name: /授\s?权/ })
      .last()
      .click();
    await poll(() => row.getByTestId('seats-left').textContent()).toBe('29');

    // Generate 5 codes.
    await row.getByRole('button', { name: '激活码' }).click();
    const codes = page.locator('.ant-modal', { hasText: '激活码' });
    await page.getByTestId('code-count').fill('5');
    await codes.getByTestId('code-generate').click();
    await poll(() => codes.getByTestId('code-value').count()).toBe(5);
    const code = (await codes.getByTestId('code-value').first().textContent())!;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await shot(page, 'codes');
    expect(consoleErrors(page)).toEqual([]);

    // The second member redeems it on the shelf page; the book is on the shelf.
    const member = await journey.page(device);
    await loginAs(member, members[1]!);
    await member.goto('/list', { waitUntil: 'networkidle' });
    await member.getByTestId('redeem-input').fill(code);
    await member.getByTestId('redeem-submit').click();
    await poll(() => member.getByTestId('shelf-card').filter({ hasText: title }).count()).toBe(1);
    await shot(member, 'shelf-redeemed');
    expect(consoleErrors(member)).toEqual([]);
  }, 120_000);
}
