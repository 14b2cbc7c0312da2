import { expect, test } from 'vitest';
import type { ActivityRow, ClassRow, Paged } from '@textbook/contracts';
import { api, consoleErrors, loginAs, shot, useJourney } from '../support/browser.js';

const journey = useJourney('activities');

/** Seeded demo members (server/src/demo/demo-site.ts) and their class (demo-teaching.ts). */
const TEACHER = 3;
const STUDENT = 4;
const CLASS = '高数一班';

/** The machine is shared and slow at times: a screen gets 15 s to show what it should. */
// antd spaces out two-character button labels (保 存): buttons are found by /^保\s*存$/.
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

/** The demo teacher's class. */
async function demoClass(token: string): Promise<ClassRow> {
  const classes = await api<Paged<ClassRow>>('/api/class/page?pageSize=100', { token });
  const cls = classes.data.rows.find((c) => c.name === CLASS);
  if (!cls) throw new Error(`demo class ${CLASS} not found`);
  return cls;
}

test('a check-in during class: the teacher opens it, the student enters the code on a phone, the teacher sees it', async () => {
  // The teacher plans and opens a check-in on the desktop.
  const teacher = await journey.page('desktop');
  const teacherToken = await loginAs(teacher, TEACHER);
  const cls = await demoClass(teacherToken);
  const title = `课堂签到 ${Date.now() % 100000}`;
  await teacher.goto(`/my/teachActivity?classId=${cls.id}`);
  await teacher.getByRole('button', { name: '新建活动' }).click();
  const form = teacher.locator('.ant-modal').filter({ hasText: '新建活动' });
  await form.getByLabel('标题').fill(title);
  await shot(teacher, 'teacher-form');
  await form.getByRole('button', { name: /^保\s*存$/ }).click();
  const card = teacher.getByTestId('activity-card').filter({ hasText: title });
  await poll(() => card.count()).toBe(1);
  await card.getByRole('button', { name: /^开\s*始$/ }).click();
  const drawer = teacher.getByTestId('activity-live');
  const code = (await drawer.getByTestId('checkin-code').innerText({ timeout: 15_000 })).trim();
  expect(code).toMatch(/^\d{4}$/);
  await shot(teacher, 'teacher-live-open');

  // The student, on a phone, opens the class's activities and enters the code.
  const student = await journey.page('phone');
  const studentToken = await loginAs(student, STUDENT);
  await student.goto('/my/joinClass');
  await student
    .locator('.my-classes .ant-card')
    .filter({ hasText: CLASS })
    .getByRole('link', { name: '课堂活动' })
    .click();
  const mine = student.getByTestId('student-activity').filter({ hasText: title });
  await mine.getByLabel('签到码').fill(code);
  await shot(student, 'student-checkin');
  await mine.getByRole('button', { name: /^签\s*到$/ }).click();
  await poll(() => mine.innerText()).toContain('已签到');
  await shot(student, 'student-checked-in');

  // The teacher's live view shows them checked in (polled while the check-in is open).
  const me = await api<{ member: { realName: string; userName: string } }>('/api/getMemberInfo', {
    token: studentToken,
  });
  const name = me.data.member.realName || me.data.member.userName;
  await poll(() => drawer.getByTestId('checked-in').innerText()).toContain(name);
  await shot(teacher, 'teacher-live-checked-in');

  expect(consoleErrors(teacher)).toEqual([]);
  expect(consoleErrors(student)).toEqual([]);
}, 120_000);

test('a discussion: the student replies on a phone, the teacher’s list counts it', async () => {
  const teacherToken = (await api<{ token: string }>('/api/test/session', { body: { memberId: TEACHER } })).data.token;
  const cls = await demoClass(teacherToken);
  const title = `课堂 ${Date.now() % 100000}`;
  const student = await journey.page('phone');
  await loginAs(student, STUDENT);
  // A discussion opened by the teacher (through the API); the student replies on the phone.
  const topic = await api<ActivityRow>('/api/teachActivity/save', {
    token: teacherToken,
    body: { classId: cls.id, kind: 'discussion', title: `讨论 ${title}`, content: '用自己的话说说极限的含义' },
  });
  await api('/api/teachActivity/open', { token: teacherToken, body: { id: topic.data.id } });
  await student.goto(`/my/classActivity?classId=${cls.id}`);
  const discussion = student.getByTestId('student-activity').filter({ hasText: `讨论 ${title}` });
  // Open activities show expanded: the reply box is there.
  await discussion.getByLabel('回复内容').fill('越来越接近某个值');
  await discussion.getByRole('button', { name: /^发\s*送$/ }).click();
  await poll(() => discussion.getByTestId('replies').innerText()).toContain('越来越接近某个值');
  await shot(student, 'student-discussion');

  // The teacher's list at phone size too.
  const teacherPhone = await journey.page('phone');
  await loginAs(teacherPhone, TEACHER);
  await teacherPhone.goto(`/my/teachActivity?classId=${cls.id}`);
  await poll(() =>
    teacherPhone
      .getByTestId('activity-card')
      .filter({ hasText: `讨论 ${title}` })
      .innerText(),
  ).toContain('1 条回复');
  await shot(teacherPhone, 'teacher-list');

  expect(consoleErrors(student)).toEqual([]);
  expect(consoleErrors(teacherPhone)).toEqual([]);
}, 120_000);
