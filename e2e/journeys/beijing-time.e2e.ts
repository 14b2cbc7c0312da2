import { expect, test } from 'vitest';
import {
  BEIJING_TIME_NOTE,
  chinaNow,
  ClassMsg,
  formatDateTime,
  parseClassTime,
  type ClassRow,
  type NoticeItem,
} from '@textbook/contracts';
import { addNotices, api, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';

/**
 * Issue 30 item 10: a browser whose clock is not Beijing's. The class dialog's untouched default (now to 23:59,
 * labelled 北京时间) is Beijing's now and passes its own check; the class is made with those Beijing times; dates
 * the pages show (a notice's time) are Beijing time in the platform's one format.
 */
const journey = useJourney('beijing-time');

/** Seeded demo teacher (server/src/db/seed/demo-site.ts). */
const TEACHER = 3;
const MINUTE = 60_000;

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 });

for (const timezoneId of ['UTC', 'America/New_York']) {
  for (const device of DEVICES) {
    test(`in ${timezoneId}: the class dialog's default is Beijing's now and passes; dates show Beijing time (${device})`, async () => {
      const title = `时区教材${device}${timezoneId.length}${Date.now() % 100000}`;
      const { bookId } = (await api<{ bookId: number }>('/api/test/class-book', { body: { memberId: TEACHER, title } }))
        .data;
      const page = await journey.page(device, { timezoneId });
      const token = await loginAs(page, TEACHER);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);

      await page.goto(`/my/teachingSpace?bookId=${bookId}`);
      await poll(() => page.getByRole('tab', { name: new RegExp(title.slice(0, 4)) }).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: '创建班级' }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '创建班级' });
      await poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.textContent()).toContain(`班级码有效期${BEIJING_TIME_NOTE}`);
      const [startInput, endInput] = [0, 1].map((i) => dialog.locator('.ant-picker-input input').nth(i));
      const start = await startInput!.inputValue();
      const shown = parseClassTime(start);
      expect(shown).not.toBeNull();
      expect(Math.abs(shown! - parseClassTime(chinaNow())!)).toBeLessThanOrEqual(MINUTE);
      expect(await endInput!.inputValue()).toBe(`${start.slice(0, 10)} 23:59`);
      await shot(page, `class-dialog-${timezoneId.replace('/', '-')}`);

      // The untouched default is sent as it is: no 班级码有效期不得早于当前时间!.
      const name = `时区班${device}${timezoneId.length}`;
      await dialog.getByPlaceholder('请输入班级').fill(name);
      await dialog.getByText('无需审核，直接加入', { exact: true }).click();
      await dialog.getByRole('button', { name: /确\s?定/ }).click();
      await poll(() => dialog.isVisible()).toBe(false);
      expect(await page.getByText(ClassMsg.VALIDITY_PAST).count()).toBe(0);
      const made = (await api<{ rows: ClassRow[] }>(`/api/class/page?bookId=${bookId}`, { token })).data.rows.find(
        (r) => r.name === name,
      )!;
      expect(made.startTime.slice(0, 10)).toBe(start.slice(0, 10));
      expect(Math.abs(parseClassTime(made.startTime)! - shown!)).toBeLessThanOrEqual(MINUTE);
      await page.locator('.class-card').filter({ hasText: name }).waitFor();
      await shot(page, `class-made-${timezoneId.replace('/', '-')}`);

      // A date a page shows: the newest notice's time, Beijing time in the one format.
      await addNotices(TEACHER, 1);
      const newest = (await api<{ rows: NoticeItem[] }>('/api/msg-notice/page?pageNum=1&pageSize=1', { token })).data
        .rows[0]!;
      await page.goto('/message');
      await page.getByText(formatDateTime(newest.createTime)).first().waitFor();
      await shot(page, `notices-${timezoneId.replace('/', '-')}`);
      expect(consoleErrors(page)).toEqual([]);
    }, 240_000);
  }
}
