import { expect, test } from 'vitest';
import {
  formatClassTime,
  type HomeworkClass,
  type HomeworkRow,
  type HomeworkSectionNode,
  type StudentHomeworkInfo,
} from '@textbook/contracts';
import { api, consoleErrors, loginAs, shot, useJourney } from '../support/browser.js';

const journey = useJourney('homework');

/** Seeded demo teacher and student (server/src/demo/demo-site.ts, demo-teaching.ts): the student is in 高数一班. */
const TEACHER = 3;
const STUDENT = 4;
const HOUR = 3_600_000;

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function ok<T>(pathname: string, init: { body?: unknown; token?: string } = {}): Promise<T> {
  const answer = await api<T>(pathname, init);
  if (answer.code !== 200) throw new Error(`${pathname}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** The teacher's questions (through the bank's API), homework of the demo class's first chapter, released. */
async function releasedHomework(teacher: string): Promise<{ homework: HomeworkRow; classId: number }> {
  const cls = (await ok<HomeworkClass[]>('/api/homework/teacher/getClassList', { token: teacher })).find(
    (c) => c.name === '高数一班',
  )!;
  const tree = await ok<HomeworkSectionNode[]>(`/api/homework/sectionTree?bookId=${cls.bookId}`, { token: teacher });
  const options = ['A', 'B', 'C', 'D'].map((key, i) => ({ key, html: `<p>${['0', '1', '2', '不存在'][i]}</p>` }));
  const q = async (body: object) => (await ok<{ id: number }>('/api/myQuestion/save', { token: teacher, body })).id;
  const single = await q({
    type: 'single',
    stem: '<p>极限 lim(x→0) sin x / x 等于</p>',
    options,
    answer: 'B',
    analysis: '<p>重要极限。</p>',
  });
  const blank = await q({
    type: 'blank',
    stem: '<p>函数 y = x² 的导数是 ____</p>',
    answer: [['2x', '2*x']],
    analysis: '<p>幂函数求导。</p>',
  });
  const short = await q({
    type: 'short',
    stem: '<p>简述函数极限的 ε-δ 定义。</p>',
    answer: '<p>对任意 ε&gt;0 存在 δ&gt;0……</p>',
  });
  const now = Date.now();
  const draft = await ok<HomeworkRow>('/api/homework/teacher/save', {
    token: teacher,
    body: {
      classId: cls.id,
      sectionId: tree[0]!.id,
      title: `第一章 课后作业 ${now % 10_000}`,
      description: '请独立完成，截止前可随时修改草稿。',
      openTime: formatClassTime(now - HOUR),
      dueTime: formatClassTime(now + 2 * HOUR),
      lateRule: 'none',
      items: [
        { questionId: single, score: 4 },
        { questionId: blank, score: 4 },
        { questionId: short, score: 10 },
      ],
    },
  });
  const homework = await ok<HomeworkRow>('/api/homework/teacher/release', { token: teacher, body: { id: draft.id } });
  return { homework, classId: cls.id };
}

test('a teacher releases homework; a student answers on a phone, reloads, submits, sees the score after the deadline; the teacher reviews', async () => {
  const teacherPage = await journey.page('desktop');
  const teacher = await loginAs(teacherPage, TEACHER);
  const { homework, classId } = await releasedHomework(teacher);

  // The student, on a phone: the homework list, then the homework.
  const phone = await journey.page('phone');
  const student = await loginAs(phone, STUDENT);
  await phone.goto('/my/homework');
  const card = phone.getByTestId('hw-card').filter({ hasText: homework.title });
  await card.waitFor({ timeout: 15_000 });
  await shot(phone, 'student-list');
  await card.getByRole('button', { name: '去完成' }).click();
  await poll(() => phone.getByTestId('hw-question').count()).toBe(3);
  await phone.getByRole('radio', { name: /B\.\s*1/ }).check();
  await phone.getByLabel('第1空').fill('2x');
  await phone.getByLabel('作答').fill('对任意正数 ε，总存在正数 δ，使得当 0<|x-x0|<δ 时 |f(x)-A|<ε。');
  await poll(() => phone.getByRole('status').innerText()).toContain('已自动保存');
  await shot(phone, 'student-answering');

  // Nothing is lost on reload: the answers come back from the server.
  await phone.reload();
  await poll(() => phone.getByLabel('第1空').inputValue()).toBe('2x');
  expect(await phone.getByRole('radio', { name: /B\.\s*1/ }).isChecked()).toBe(true);
  await phone.getByRole('button', { name: '提交作业' }).click();
  await phone
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /^提\s*交$/ })
    .click();
  await poll(() => phone.getByText('已提交，成绩和答案解析将在截止后公布').count()).toBe(1);
  // Before the deadline the API keeps the answers secret too.
  const before = await ok<StudentHomeworkInfo>(`/api/homework/student/info?id=${homework.id}`, { token: student });
  expect(before.questions.every((q) => q.question.answer === null && q.question.analysis === null)).toBe(true);
  await shot(phone, 'student-submitted');

  // The teacher reviews the short answer (desktop).
  await teacherPage.goto(`/my/teachingHomework?classId=${classId}`);
  const row = teacherPage.getByTestId('hw-teacher-card').filter({ hasText: homework.title });
  await row.waitFor({ timeout: 15_000 });
  await poll(() => row.innerText()).toContain('1 份待批阅');
  await shot(teacherPage, 'teacher-list');
  // The form the teacher builds homework in (its defaults come from homeworConfigId).
  await teacherPage.getByRole('button', { name: /布置作业/ }).click();
  const form = teacherPage.locator('.ant-drawer').filter({ hasText: '布置作业 ·' });
  await poll(() => form.getByRole('radio', { name: '不接受迟交' }).isChecked()).toBe(true);
  await shot(teacherPage, 'teacher-form');
  await form.locator('.ant-drawer-close').click();
  await form.waitFor({ state: 'hidden' });
  await row.getByRole('button', { name: /^查\s*看$/ }).click();
  const drawer = teacherPage.locator('.ant-drawer');
  await drawer.getByRole('button', { name: /^批\s*阅$/ }).click();
  const review = teacherPage.locator('.ant-modal').filter({ hasText: '批阅：' });
  await review.getByLabel('第3题得分').fill('8');
  await review.getByLabel('第3题评语').fill('定义完整，符号规范');
  await shot(teacherPage, 'teacher-review');
  await review.getByRole('button', { name: '保存批阅' }).click();
  await poll(() => drawer.innerText()).toContain('已批阅');
  await drawer.getByRole('tab', { name: '题目统计' }).click();
  await shot(teacherPage, 'teacher-stats');

  // After the deadline (the clock moved by the test route) the student sees the score and the analysis.
  await ok('/api/test/homework-clock', { body: { offsetMs: 3 * HOUR } });
  try {
    await phone.reload();
    await poll(() => phone.getByText('得分 16 / 18').count()).toBe(1);
    await poll(() => phone.getByText('重要极限。').count()).toBe(1);
    expect(await phone.getByText('教师评语：定义完整，符号规范').count()).toBe(1);
    await shot(phone, 'student-results');
  } finally {
    await ok('/api/test/homework-clock', { body: { offsetMs: 0 } });
  }
  expect(consoleErrors(phone)).toEqual([]);
  expect(consoleErrors(teacherPage)).toEqual([]);
}, 150_000);
