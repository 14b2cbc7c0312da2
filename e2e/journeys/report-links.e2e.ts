import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { ReportMsg, StaffMenus, type MyClassRow, type Paged } from '@textbook/contracts';
import { api, consoleErrors, expectPath, loginAs, shot, useJourney } from '../support/browser.js';
import { makeStaff, setStaffCookies } from '../support/staff.js';

/**
 * Where a user finds the reports (issue 18): the personal centre's 教学报告 (a teacher) and 教材报告 (a college
 * administrator) open /teachingReport and /textbookReport; the console's 教材报告 (an editor) opens the textbook
 * report of every college. At desktop the whole flow; at phone size the textbook report is loaded and looked at.
 */
const journey = useJourney('report-links');

/** Seeded demo members (server/src/demo/demo-site.ts): the college administrator, the teacher, a student. */
const ADMIN = 2;
const TEACHER = 3;
const STUDENT = 4;
const DESKTOP = { viewport: { width: 1440, height: 900 } };

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

let read: Promise<void> | undefined;

/** Ten minutes of the demo student in the first chapter of 高数一班's book, so the report has figures to show. */
function readOnce(): Promise<void> {
  read ??= (async () => {
    const token = (await api<{ token: string }>('/api/test/session', { body: { memberId: STUDENT } })).data.token;
    const mine = await api<Paged<MyClassRow>>('/api/class/student/myClass', {
      token,
      body: { pageNum: 1, pageSize: 10 },
    });
    const { bookId } = mine.data.rows.find((c) => c.className === '高数一班')!;
    const [first] = (await api<{ id: number }[]>(`/api/reader/spine?bookId=${bookId}`, { token })).data;
    const reads = [{ chapterId: first!.id, read: 0.6 }];
    const left = await api('/api/book/extend/leave', {
      token,
      body: { bookId, chapterId: first!.id, reads, seconds: 600 },
    });
    expect(left.code).toBe(200);
  })();
  return read;
}

/** Waits until the textbook report shows a book's figures (the college table is its last part to come). */
async function textbookReportShown(page: Page): Promise<string> {
  const report = page.getByTestId('textbook-report');
  await poll(() => report.innerText().catch(() => '')).toContain('各学院使用情况');
  await poll(() => report.getByTestId('report-chart').locator('canvas').count()).toBe(2);
  return report.innerText();
}

/** The report's own title: the name of the menu item that opens it (教材报告), in the console and outside. */
async function reportTitle(page: Page): Promise<string> {
  return page.getByTestId('textbook-report').getByRole('heading', { level: 3 }).innerText();
}

/** The personal centre's menu item of this label (the member is signed in). */
async function personalMenuItem(page: Page, label: string) {
  await page.goto('/my');
  const item = page.getByRole('complementary', { name: '个人中心菜单' }).getByRole('menuitem', { name: label });
  await item.waitFor();
  return item;
}

test('the personal centre and the console open the reports from their menus (desktop)', async () => {
  await readOnce();
  const page = await journey.page('desktop', DESKTOP);

  // The teacher: 教学报告 opens their classes side by side.
  await loginAs(page, TEACHER);
  await (await personalMenuItem(page, '教学报告')).click();
  await expectPath(page, '/teachingReport');
  await poll(() =>
    page
      .getByTestId('class-report')
      .innerText()
      .catch(() => ''),
  ).toContain('学生学习情况');

  // The college administrator: 教材报告 opens the book's use in their college only.
  await page.context().clearCookies();
  await loginAs(page, ADMIN);
  const textbook = await personalMenuItem(page, '教材报告');
  await shot(page, 'personal-centre', { fullPage: false });
  await textbook.click();
  await expectPath(page, '/textbookReport');
  const own = await textbookReportShown(page);
  expect(own).toContain('示范大学');
  expect(own).not.toContain('联合职业技术学院');
  expect(await reportTitle(page)).toBe(ReportMsg.TEXTBOOK_MENU);
  await shot(page, 'college-admin', { fullPage: false });
  expect(consoleErrors(page)).toEqual([]);

  // An editor in the console: 图书管理 › 教材报告 opens the report of every college (the staff route).
  await page.context().clearCookies();
  const editor = await makeStaff(['editor'], { tag: 'rl' });
  await setStaffCookies(page.context(), editor.token);
  await page.goto('/admin');
  const menu = page.getByRole('complementary', { name: '管理菜单' }).getByRole('menu');
  await menu.getByText('图书管理').click();
  // Asked and pressed together: a press that fails leaves no wait behind to reject after the page is gone.
  const [asked] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/admin/report/textbook')),
    menu.getByText('教材报告').click(),
  ]);
  await expectPath(page, '/admin/reports/textbook');
  expect(asked.status()).toBe(200);
  expect(await textbookReportShown(page)).toContain('示范大学');
  // The console's header names the page as its menu does, and so does the report below it.
  expect(await page.locator('.admin-title').innerText()).toBe(ReportMsg.TEXTBOOK_MENU);
  expect(await reportTitle(page)).toBe(ReportMsg.TEXTBOOK_MENU);
  await shot(page, 'console', { fullPage: false });
  expect(consoleErrors(page)).toEqual([]);

  // Finance staff open no books menu: the report is under the colleges' group for them.
  await page.context().clearCookies();
  const finance = await makeStaff(['finance'], { tag: 'rl' });
  await setStaffCookies(page.context(), finance.token);
  await page.goto('/admin');
  const financeMenu = page.getByRole('complementary', { name: '管理菜单' }).getByRole('menu');
  expect(await financeMenu.getByText('图书管理').count()).toBe(0);
  await financeMenu.getByText(StaffMenus.colleges.label, { exact: true }).first().click();
  const financeAsked = page.waitForResponse((r) => r.url().includes('/api/admin/report/textbook'));
  await financeMenu.getByText('教材报告').click();
  await expectPath(page, '/admin/reports/textbook');
  expect((await financeAsked).status()).toBe(200);
  expect(await textbookReportShown(page)).toContain('示范大学');
  await shot(page, 'console-finance', { fullPage: false });
  expect(consoleErrors(page)).toEqual([]);
});

test('the textbook report at phone size (phone)', async () => {
  await readOnce();
  const page = await journey.page('phone');
  await loginAs(page, ADMIN);
  await page.goto('/textbookReport');
  await textbookReportShown(page);
  await shot(page, 'college-admin', { fullPage: false });
  expect(consoleErrors(page)).toEqual([]);
});
