import { expect, test } from 'vitest';
import { ClassMsg } from '@textbook/contracts';
import { api, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';

/**
 * Issue 30 item 11: a teacher opens the teaching space on a book they do not hold (创建班级 on its page, or
 * `teachingSpace?bookId=`). The own-book check's refusal (spec §5) says so, with its goApply hint, whose
 * 申请教师试用 opens the sample dialog for that book; the page no longer quietly shows another book.
 */
const journey = useJourney('own-book-check');

/** Seeded demo teacher (server/src/db/seed/demo-site.ts). */
const TEACHER = 3;

for (const device of DEVICES) {
  test(`a teacher on a book they do not hold: the refusal and 申请教师试用 (${device})`, async () => {
    // A published book someone else holds.
    const owner = (await api<{ id: number }>('/api/test/member', { body: { userName: `持书人${device}` } })).data;
    const title = `未持有教材${device}${Date.now() % 100000}`;
    const { bookId } = (await api<{ bookId: number }>('/api/test/class-book', { body: { memberId: owner.id, title } }))
      .data;

    const page = await journey.page(device);
    await loginAs(page, TEACHER);
    await page.goto(`/book-detail?id=${bookId}`, { waitUntil: 'networkidle' });
    await page.getByTestId('teach-book').click();
    const refusal = page.getByTestId('own-book-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(ClassMsg.NOT_OWN_BOOK);
    expect(await refusal.textContent()).toContain(title);
    expect(await refusal.textContent()).toContain(ClassMsg.GO_APPLY_HINT);
    await shot(page, 'refusal');

    await refusal.getByTestId('go-apply').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: title });
    await dialog.waitFor();
    await shot(page, 'trial-dialog');
    expect(consoleErrors(page)).toEqual([]);
  }, 240_000);
}
