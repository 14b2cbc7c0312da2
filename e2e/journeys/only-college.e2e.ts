import { expect, test } from 'vitest';
import type { CollegeDetail } from '@textbook/contracts';
import { api, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';
import { freshPhone } from '../support/login.js';

/**
 * Issue 30 item 9: a member the college administrator added by phone has 示范大学 as their only college but no
 * current college. They redeem a code on the shelf: the book reads at once (no 请切换至示范大学后使用。) and the
 * header names their college.
 */
const journey = useJourney('only-college');

/** Seeded demo college administrator (server/src/db/seed/demo-site.ts) and a textbook the college holds. */
const ADMIN = 2;
const SEATED_BOOK = '线性代数';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const tokenOf = async (memberId: number) =>
  (await api<{ token: string }>('/api/test/session', { body: { memberId } })).data.token;

for (const device of DEVICES) {
  test(`a member of one college redeems a code and reads; the header names the college (${device})`, async () => {
    const adminToken = await tokenOf(ADMIN);
    const college = (await api<CollegeDetail>('/api/college/detail', { token: adminToken })).data;
    const book = (
      await api<{ rows: { id: number; bookId: number }[] }>(
        `/api/collegeBook/page?bookName=${encodeURIComponent(SEATED_BOOK)}`,
        { token: adminToken },
      )
    ).data.rows[0]!;
    const staff = (await api<{ token: string }>('/api/test/staff-session', { body: {} })).data;
    await api('/api/admin/collegeBook/adjust', {
      token: staff.token,
      body: { collegeId: college.id, bookId: book.bookId, delta: 1, reason: '演示' },
    });
    const code = (
      await api<{ codes: string[] }>('/api/collegeBookActiveCode/generate', {
        token: adminToken,
        body: { id: book.id, count: 1, days: 30 },
      })
    ).data.codes[0]!;
    // The administrator adds an existing account by phone: a membership, and no current college yet.
    const phone = freshPhone();
    const member = (await api<{ id: number }>('/api/test/member', { body: { userName: `单校${device}`, phone } })).data;
    const added = await api('/api/collegeUser/save', {
      token: adminToken,
      body: { phone, realName: `单校生${device}`, studentId: `S${phone.slice(-6)}`, roles: [3] },
    });
    expect(added.code).toBe(200);

    const page = await journey.page(device);
    await loginAs(page, member.id);
    await page.goto('/list', { waitUntil: 'networkidle' });
    await poll(() => page.getByTestId('college-name').textContent()).toBe(college.name);
    await page.getByTestId('redeem-input').fill(code);
    await page.getByTestId('redeem-submit').click();
    const card = page.getByTestId('shelf-card').filter({ hasText: SEATED_BOOK });
    await poll(() => card.count()).toBe(1);
    expect(await card.textContent()).not.toContain('请切换至');
    await shot(page, 'shelf-redeemed');

    await card.getByRole('button', { name: '开始阅读' }).click();
    await poll(() =>
      page.evaluate(
        () =>
          document.querySelector('[data-testid=chapter-host]')?.shadowRoot?.querySelector('.epub-body')?.textContent
            ?.length ?? 0,
      ),
    ).toBeGreaterThan(20);
    expect(await page.getByText(`请切换至${college.name}后使用。`).count()).toBe(0);
    await shot(page, 'reading', { fullPage: false });
    expect(consoleErrors(page)).toEqual([]);
  });
}
