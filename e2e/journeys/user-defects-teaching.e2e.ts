// Issue 30's teaching defects, as the teacher and the student meet them: copying an activity to another class
// (the dialog offered no class), and a quiz's formulas shown to the student as raw LaTeX.
import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { formatClassTime, type ActivityRow, type ClassRow, type Paged, type QuestionRow } from '@textbook/contracts';
import { api, consoleErrors, DEVICES, loginAs, shot, toasts, useJourney } from '../support/browser.js';

const journey = useJourney('user-defects-teaching');

/** Seeded demo members (server/src/db/seed/demo-site.ts) and their class (seed/demo-teaching.ts). */
const TEACHER = 3;
const STUDENT = 4;
const CLASS = '高数一班';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

const tokenOf = async (memberId: number) =>
  (await api<{ token: string }>('/api/test/session', { body: { memberId } })).data.token;

async function demoClass(token: string): Promise<ClassRow> {
  const classes = await api<Paged<ClassRow>>('/api/class/page?pageSize=100', { token });
  const cls = classes.data.rows.find((c) => c.name === CLASS);
  if (!cls) throw new Error(`demo class ${CLASS} not found`);
  return cls;
}

for (const device of DEVICES) {
  test(`the teacher copies an activity to another of their classes (${device})`, async () => {
    const token = await tokenOf(TEACHER);
    const cls = await demoClass(token);
    const tag = randomBytes(3).toString('hex');
    // Set-up: a second class of the teacher, and an activity in the demo class to copy.
    const now = Date.now();
    const target = await api<ClassRow>('/api/class/save', {
      token,
      body: {
        bookId: cls.bookId,
        name: `二班${tag}`,
        isReview: '0',
        remark: '',
        startTime: formatClassTime(now),
        endTime: formatClassTime(now + 86_400_000),
      },
    });
    expect(target.code).toBe(200);
    const title = `预习讨论 ${tag}`;
    const made = await api<ActivityRow>('/api/teachActivity/save', {
      token,
      body: { classId: cls.id, kind: 'discussion', title, content: '读完本节后说说你的疑问' },
    });
    expect(made.code).toBe(200);

    const page = await journey.page(device);
    await loginAs(page, TEACHER);
    await page.goto(`/my/teachActivity?classId=${cls.id}`);
    const card = page.getByTestId('activity-card').filter({ hasText: title });
    await card.getByRole('button', { name: '复制到班级' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `复制“${title}”到班级` });
    await dialog.getByLabel('目标班级').click();
    // The teacher's other classes are offered (the demo class itself is not).
    const option = page.locator('.ant-select-item-option').filter({ hasText: `二班${tag}` });
    await option.waitFor();
    expect(await page.locator('.ant-select-item-option').filter({ hasText: CLASS }).count()).toBe(0);
    await shot(page, 'copy-targets');
    await option.click();
    await dialog.getByRole('button', { name: /^复\s*制$/ }).click();
    await poll(() => toasts(page)).toContain('已复制为目标班级的未开始活动');

    // The copy is in the other class, not started.
    await page.goto(`/my/teachActivity?classId=${target.data.id}`);
    const copied = page.getByTestId('activity-card').filter({ hasText: title });
    await poll(() => copied.innerText()).toContain('未开始');
    await shot(page, 'copied');
    expect(consoleErrors(page)).toEqual([]);
  }, 120_000);

  test(`a quiz's formula is typeset for the student, as homework is (${device})`, async () => {
    const token = await tokenOf(TEACHER);
    const cls = await demoClass(token);
    const tag = randomBytes(3).toString('hex');
    // Set-up: a bank question with a formula, in a quiz the teacher has started.
    const question = await api<QuestionRow>('/api/myQuestion/save', {
      token,
      body: { type: 'judge', stem: '<p>欧拉恒等式 $e^{i\\pi}+1=0$ 成立。</p>', answer: true },
    });
    expect(question.code).toBe(200);
    const title = `随堂小测 ${tag}`;
    const quiz = await api<ActivityRow>('/api/teachActivity/save', {
      token,
      body: { classId: cls.id, kind: 'quiz', title, questionIds: [question.data.id] },
    });
    expect(quiz.code).toBe(200);
    expect((await api('/api/teachActivity/open', { token, body: { id: quiz.data.id } })).code).toBe(200);

    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    await page.goto(`/my/classActivity?classId=${cls.id}`);
    const activity = page.getByTestId('student-activity').filter({ hasText: title });
    const stem = activity.locator('.quiz-stem');
    await poll(() => stem.locator('.katex').count()).toBeGreaterThan(0);
    expect(await stem.innerText()).not.toContain('$');
    await activity.scrollIntoViewIfNeeded();
    await shot(page, 'quiz-formula');
    expect(consoleErrors(page)).toEqual([]);
  }, 120_000);
}
