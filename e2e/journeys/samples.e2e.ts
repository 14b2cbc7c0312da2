import { expect, test } from 'vitest';
import {
  formatClassTime,
  type BookAccess,
  type MemberInfo,
  type Paged,
  type SampleApplyAnswer,
} from '@textbook/contracts';
import { api, consoleErrors, DEVICES, expectPath, loginAs, shot, useJourney } from '../support/browser.js';

const journey = useJourney('samples');

/** Seeded demo teacher (server/src/demo/demo-site.ts): their college is the one the fresh teachers join. */
const DEMO_TEACHER = 3;

/** The machine is shared and slow at times: a screen gets 15 s to show what it should. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function tokenOf(memberId: number): Promise<string> {
  return (await api<{ token: string }>('/api/test/session', { body: { memberId } })).data.token;
}

/** A demo textbook's id by its title (数据结构与算法 is auto-approve in the demo seed; 大学物理 is reviewed). */
async function bookIdOf(title: string): Promise<number> {
  const found = await api<Paged<{ id: number; title: string }>>(
    `/api/book/list?keyword=${encodeURIComponent(title)}&pageSize=20`,
  );
  const book = found.data.rows.find((b) => b.title === title);
  if (!book) throw new Error(`demo book ${title} not found`);
  return book.id;
}

/** A teacher of the demo college with no samples yet, so each device starts clean. */
async function freshTeacher(label: string): Promise<number> {
  const demo = await tokenOf(DEMO_TEACHER);
  const { collegeId } = (await api<{ member: MemberInfo }>('/api/getMemberInfo', { token: demo })).data.member;
  const created = await api<{ id: number }>('/api/test/member', { body: { userName: `样书教师${label}` } });
  await api('/api/test/college-member', { body: { memberId: created.data.id, collegeId, roles: '2' } });
  return created.data.id;
}

for (const device of DEVICES) {
  test(`a teacher gets an auto-approved sample and opens it; a reviewed one is approved by staff (${device})`, async () => {
    const autoBook = await bookIdOf('数据结构与算法');
    const reviewedBook = await bookIdOf('大学物理');
    const teacherId = await freshTeacher(device);

    // Book detail: 申请样书 → the server's check says SUCCESS → the form with this year's quota and options.
    const page = await journey.page(device);
    const token = await loginAs(page, teacherId);
    await page.goto(`/book-detail?id=${autoBook}`);
    await page.getByTestId('sample-apply').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '申请免费样书' });
    await poll(() => dialog.getByTestId('sample-quota').innerText()).toContain('剩余 10 本');
    await poll(() => dialog.getByRole('radio').count()).toBe(3);
    await dialog.getByText('1年').click();
    await shot(page, 'form');
    await dialog.getByTestId('sample-submit').click();
    await poll(() => dialog.innerText()).toContain('已将该书自动加入您的书架');
    expect(await dialog.innerText()).toContain('申请通过');
    await shot(page, 'audit-pass');

    // 立即阅读 opens the book in the reader: it reads now.
    await dialog.getByTestId('sample-open-book').click();
    await expectPath(page, '/bookPreview');
    await page.getByTestId('chapter-host').waitFor({ timeout: 15_000 });
    const access = await api<BookAccess>(`/api/book/readAccess?bookId=${autoBook}`, { token });
    expect(access.data).toMatchObject({ readable: true, sources: ['sample'] });
    // The next chapter is not a free one: the sample opens it.
    await page.getByRole('button', { name: '下一章' }).click();
    await page.getByTestId('chapter-host').getByRole('heading', { name: '第二章 线性表' }).waitFor({ timeout: 15_000 });
    await shot(page, 'reader');

    // A reviewed book waits; the staff approve it through their API; the teacher is told and sees it listed.
    const applied = await api<SampleApplyAnswer>('/api/sample-book/apply', {
      token,
      body: { bookId: reviewedBook, validityPeriod: '6M' },
    });
    expect(applied).toMatchObject({ code: 200, msg: '提交成功，等待审核' });
    await page.goto(`/book-detail?id=${reviewedBook}`);
    await page.getByTestId('sample-apply').click();
    await poll(() => page.getByTestId('sample-blocked').innerText()).toContain('您的试用申请已在审核中，请耐心等待');
    await shot(page, 'exist');

    const staff = (await api<{ token: string }>('/api/test/staff-session', { body: {} })).data.token;
    const approved = await api('/api/admin/sample-book/approve', { token: staff, body: { id: applied.data.id } });
    expect(approved.code).toBe(200);
    const notices = await api<Paged<{ title: string }>>('/api/msg-notice/page', { token });
    expect(notices.data.rows.map((n) => n.title)).toContain('您申请的样书《大学物理》已审核通过');

    await page.goto('/my/sampleBook');
    const list = page.getByTestId('sample-list');
    await poll(() => list.locator('tbody tr').filter({ hasText: '已通过' }).count()).toBe(2);
    expect(await list.innerText()).toContain('大学物理');
    await poll(() => page.locator('aside .ant-menu').innerText()).toContain('样书申请');
    await shot(page, 'my-samples');

    if (device === 'desktop') {
      // The class dialog's goApply hint (the teacher's copy ended meanwhile) opens the sample dialog for the book.
      const title = '样书试用教材';
      const { bookId } = (
        await api<{ bookId: number }>('/api/test/class-book', { body: { memberId: teacherId, title } })
      ).data;
      const now = Date.now();
      const made = await api('/api/class/save', {
        token,
        body: {
          bookId,
          name: '试用一班',
          isReview: '1',
          remark: '',
          startTime: formatClassTime(now),
          endTime: formatClassTime(now + 86_400_000),
        },
      });
      expect(made.code).toBe(200);
      await page.goto(`/my/teachingSpace?bookId=${bookId}`);
      await page.getByRole('button', { name: '创建班级' }).click();
      const classDialog = page.locator('.ant-modal').filter({ hasText: '创建班级' });
      await poll(() => classDialog.locator('.ant-select').innerText()).toContain(title);
      // The sample ends while the dialog is open: the own-book check now blocks with the goApply hint.
      await api('/api/test/shelf-revoke', { body: { memberId: teacherId, bookId } });
      await classDialog.getByPlaceholder('请输入班级').fill('试用二班');
      await classDialog.getByText('需要审核', { exact: true }).click();
      await classDialog.getByRole('button', { name: /确\s?定/ }).click();
      await classDialog.getByRole('button', { name: '申请教师试用' }).click();
      const trial = page.locator('.ant-modal').filter({ hasText: '申请免费样书' });
      await poll(() => trial.getByTestId('sample-quota').innerText()).toContain('剩余');
      await shot(page, 'go-apply');
    }
    expect(consoleErrors(page)).toEqual([]);
  });
}

for (const device of DEVICES) {
  test(`a member not certified as a teacher is told to certify first (${device})`, async () => {
    const { id } = (await api<{ id: number }>('/api/test/member', { body: { userName: `未认证${device}` } })).data;
    const page = await journey.page(device);
    await loginAs(page, id);
    await page.goto(`/book-detail?id=${await bookIdOf('大学物理')}`);
    await page.getByTestId('sample-apply').click();
    await poll(() => page.locator('.ant-modal').innerText()).toContain('需认证为教师后才可申请免费样书');
    await shot(page, 'not-teacher', { fullPage: false });
    expect(consoleErrors(page)).toEqual([]);
  });
}
