import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from 'vitest';
import { CollegeMsg, CollegeText, type CollegeDetail, type Paged } from '@textbook/contracts';
import { api, consoleErrors, DEVICES, loginAs, saved, shot, toasts, useJourney } from '../support/browser.js';

const journey = useJourney('college');

/** Seeded demo college administrator and teacher (server/src/demo/demo-site.ts). */
const ADMIN = 2;
const TEACHER = 3;
/** A demo textbook the demo college holds seats of (server/src/demo/demo-teaching.ts). */
const SEATED_BOOK = '线性代数';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function newMember(collegeId: number, userName: string): Promise<number> {
  const made = await api<{ id: number }>('/api/test/member', { body: { userName } });
  await api('/api/test/college-member', { body: { memberId: made.data.id, collegeId, roles: '3' } });
  return made.data.id;
}

async function tokenOf(memberId: number): Promise<string> {
  return (await api<{ token: string }>('/api/test/session', { body: { memberId } })).data.token;
}

/** The import template the admin downloaded, filled with `count` students. */
async function filledTemplate(file: string, stamp: string, count: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  // Filled in below the template's example row, which stays where it is (the import skips it).
  sheet.spliceRows(3, sheet.rowCount);
  const base = 15000000000 + (Number(stamp.replace(/\D/g, '')) % 100000) * 100 + (stamp.startsWith('phone') ? 50 : 0);
  for (let i = 0; i < count; i += 1) sheet.addRow([String(base + i), `导入生${i + 1}`, `${stamp}-${i + 1}`, '学生']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

for (const device of DEVICES) {
  test(`the college admin adds a teacher and 30 students, gives a class its seats, makes 20 codes; a student redeems one and reads; a join finds no seat (${device})`, async () => {
    const adminToken = await tokenOf(ADMIN);
    const teacherToken = await tokenOf(TEACHER);
    const college = (await api<CollegeDetail>('/api/college/detail', { token: adminToken })).data;
    const stamp = `${device}${Date.now() % 100000}`;
    // A book the teacher holds, a class of it with two students who joined before the college had seats.
    const title = `概率论（${stamp}）`;
    const { bookId } = (await api<{ bookId: number }>('/api/test/class-book', { body: { memberId: TEACHER, title } }))
      .data;
    const now = Date.now();
    const time = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const cls = (
      await api<{ id: number; code: string }>('/api/class/save', {
        token: teacherToken,
        body: {
          bookId,
          name: `授权班${stamp}`,
          remark: '',
          isReview: '1',
          startTime: time(now),
          endTime: time(now + 86_400_000),
        },
      })
    ).data;
    const joinByApi = async (memberId: number, i: number) =>
      api('/api/class/student/join', {
        token: await tokenOf(memberId),
        body: { activationCode: cls.code, studentId: `${stamp}J${i}`, name: `班级生${i}` },
      });
    for (const i of [1, 2])
      expect((await joinByApi(await newMember(college.id, `班级生${i}${stamp}`), i)).code).toBe(200);
    const staff = (await api<{ token: string }>('/api/test/staff-session', { body: {} })).data;
    const seats = await api('/api/admin/collegeBook/adjust', {
      token: staff.token,
      body: { collegeId: college.id, bookId, delta: 3, reason: '演示' },
    });
    expect(seats.code).toBe(200);

    const page = await journey.page(device);
    await loginAs(page, ADMIN);
    await page.goto('/my/academy', { waitUntil: 'networkidle' });
    await page.getByTestId('college-info').waitFor();

    // Members: a teacher added by phone (a new phone gets an account), then 30 students from the template.
    await page.getByRole('tab', { name: '成员' }).click();
    await page.getByRole('button', { name: '添加成员' }).click();
    const dialog = page.getByRole('dialog');
    const phone = `166${String(now).slice(-8)}`;
    await dialog.getByLabel('手机号').fill(phone);
    await poll(() => dialog.getByText('该手机号尚未注册').count()).toBe(1);
    await dialog.getByLabel('姓名').fill(`新教师${stamp}`);
    await dialog.getByRole('checkbox', { name: '学生' }).uncheck();
    await dialog.getByRole('checkbox', { name: '教师' }).check();
    await shot(page, 'add-teacher');
    await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
    await poll(() => page.locator('tr', { hasText: `新教师${stamp}` }).count()).toBe(1);
    const template = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载导入模板' }).click();
    const templateFile = await saved(await template);
    await page.locator('input[type=file]').setInputFiles({
      name: '成员导入模板.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await filledTemplate(templateFile, stamp, 30),
    });
    await poll(() => page.getByText(CollegeMsg.IMPORT_SUMMARY(30, 0, 0, 1)).count()).toBe(1);
    // The example's phone was not made a member.
    const example = CollegeText.TEMPLATE_EXAMPLE.phone;
    const found = await api<Paged<unknown>>(`/api/collegeUser/page?keyword=${example}`, { token: adminToken });
    expect(found.data.total).toBe(0);
    // A clean import says so, with no empty table of refused rows.
    const result = page.getByRole('dialog').filter({ hasText: '导入完成' });
    await poll(() => result.getByText(CollegeMsg.IMPORT_ALL_DONE).count()).toBe(1);
    expect(await result.locator('.ant-table').count()).toBe(0);
    await shot(page, 'import-30');
    await page.locator('.ant-modal-close').click();

    // Seats: the class gets its seats at once (two students, one seat left).
    await page.getByRole('tab', { name: '教材授权' }).click();
    const row = page.getByTestId('college-books').locator('tr', { hasText: title });
    await poll(() => row.getByTestId('seats-left').textContent()).toBe('3');
    await row
      .getByRole('button', { name: /授\s?权/ })
      .first()
      .click();
    const authorize = page.getByRole('dialog');
    await authorize.getByText('整个班级').click();
    await authorize.locator('.ant-select').click();
    // The option may be pressed while the list still slides in: press it until the class is chosen.
    const option = page.locator('.ant-select-item-option', { hasText: `授权班${stamp}` });
    await poll(async () => {
      const chosen = (await authorize.locator('.ant-select').textContent()) ?? '';
      if (!chosen.includes(`授权班${stamp}`)) await option.click({ timeout: 2_000 }).catch(() => undefined);
      return chosen;
    }).toContain(`授权班${stamp}`);
    await shot(page, 'class-seats');
    await authorize
      .getByRole('button', { name: /授\s?权/ })
      .last()
      .click();
    await poll(() => row.getByTestId('seats-left').textContent()).toBe('1');

    // Codes: 20 of a seated demo textbook, exported as text (a header and 20 lines).
    const seated = page.getByTestId('college-books').locator('tr', { hasText: SEATED_BOOK });
    await seated.getByRole('button', { name: '激活码' }).click();
    const codes = page.locator('.ant-modal', { hasText: '激活码' });
    await page.getByTestId('code-count').fill('20');
    await codes.getByTestId('code-generate').click();
    await poll(() => codes.getByTestId('code-value').count()).toBe(10);
    await shot(page, 'codes');
    const download = page.waitForEvent('download');
    // On a phone the dialog's own wrapper can lie over its footer while it settles: press the button by keyboard.
    const exportText = codes.getByRole('button', { name: '导出文本' });
    await exportText.focus();
    await page.keyboard.press('Enter');
    const lines = (await readFile(await saved(await download), 'utf8')).trim().split('\n');
    const fresh = lines.filter((l) => l.includes('未使用'));
    expect(fresh.length).toBeGreaterThanOrEqual(20);
    const code = fresh.at(-1)!.split('\t')[0]!;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(consoleErrors(page)).toEqual([]);

    // A student redeems a code on the shelf page and reads the book.
    const reader = await journey.page(device);
    await loginAs(reader, await newMember(college.id, `读者${stamp}`));
    await reader.goto('/list', { waitUntil: 'networkidle' });
    await reader.getByTestId('redeem-input').fill(code);
    await reader.getByTestId('redeem-submit').click();
    const card = reader.getByTestId('shelf-card').filter({ hasText: SEATED_BOOK });
    await poll(() => card.count()).toBe(1);
    await shot(reader, 'shelf-redeemed');
    const seatedBooks = await api<{ rows: { bookId: number }[] }>(
      `/api/collegeBook/page?bookName=${encodeURIComponent(SEATED_BOOK)}`,
      { token: adminToken },
    );
    await reader.goto(`/bookPreview?bookId=${seatedBooks.data.rows[0]!.bookId}`);
    await poll(() =>
      reader.evaluate(
        () =>
          document.querySelector('[data-testid=chapter-host]')?.shadowRoot?.querySelector('.epub-body')?.textContent
            ?.length ?? 0,
      ),
    ).toBeGreaterThan(20);
    await shot(reader, 'reading', { fullPage: false });
    expect(consoleErrors(reader)).toEqual([]);

    // The last seat goes to one more student; the next one's join is told that none is left.
    expect((await joinByApi(await newMember(college.id, `班级生3${stamp}`), 3)).code).toBe(200);
    const late = await journey.page(device);
    await loginAs(late, await newMember(college.id, `迟到生${stamp}`));
    await late.goto(`/my/joinClass?code=${cls.code}`);
    await poll(() => late.getByTestId('code-check').textContent()).toContain(`授权班${stamp}`);
    await late.getByPlaceholder('请输入学号').fill(`${stamp}L`);
    await late.getByPlaceholder('请输入真实姓名').fill('迟同学');
    await late.getByRole('button', { name: /加入班级/ }).click();
    await poll(() => toasts(late)).toContain(CollegeMsg.JOIN_NO_SEATS(title));
    await shot(late, 'join-no-seats', { fullPage: false });
  }, 120_000);
}
