import { beforeAll, describe, expect, it } from 'vitest';
import {
  ActivityMsg,
  QuestionMsg,
  type ActivityLive,
  type ActivityRow,
  type QuestionRow,
  type StudentActivityDetail,
  type StudentActivityRow,
} from '@textbook/contracts';
import { buildActivityWorld, get, post, saveActivity, type ActivityWorld } from '../../../test/activities.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';

const options = ['A', 'B', 'C', 'D'].map((key) => ({ key, html: `<p>选项${key}</p>` }));

/** In-class quizzes: bank questions snapshotted at start, graded by the bank, answers secret until closed. */
describe('in-class quiz', () => {
  const t = useTestApp();
  let w: ActivityWorld;
  let single: QuestionRow;
  let multiple: QuestionRow;
  let judge: QuestionRow;
  let blank: QuestionRow;
  let short: QuestionRow;
  const question = async (token: string, body: object) =>
    expectOk(await call<QuestionRow>(t.app, { method: 'POST', url: '/api/myQuestion/save', token, payload: body }));

  beforeAll(async () => {
    w = await buildActivityWorld(t, 3);
    const tk = w.teacher.token;
    single = await question(tk, { type: 'single', stem: '<p>极限存在的函数</p>', options, answer: 'B' });
    multiple = await question(tk, { type: 'multiple', stem: '<p>连续函数</p>', options, answer: ['A', 'C'] });
    judge = await question(tk, { type: 'judge', stem: '<p>有界必收敛</p>', answer: false, analysis: '<p>反例</p>' });
    blank = await question(tk, { type: 'blank', stem: '<p>e 约等于 __</p>', answer: [['2.718', '2.72']] });
    short = await question(tk, { type: 'short', stem: '<p>论述</p>', answer: '' });
  });

  const quizOf = (questionIds: number[], token = w.teacher.token) =>
    saveActivity(t, token, { classId: w.cls.id, kind: 'quiz', title: '随堂小测', questionIds });

  it('takes only the teacher’s own objective questions', async () => {
    expectRefused(await quizOf([single.id, short.id]), ActivityMsg.QUIZ_OBJECTIVE_ONLY);
    const others = await question(w.otherTeacher.token, { type: 'judge', stem: '<p>别人的题</p>', answer: true });
    expectRefused(await quizOf([single.id, others.id]), QuestionMsg.NOT_YOURS);
    const quiz = expectOk(await quizOf([single.id, multiple.id, single.id]));
    expect(quiz).toMatchObject({ kind: 'quiz', questionCount: 2, questionIds: [single.id, multiple.id] });
  });

  it('snapshots at start, grades each answer once, keeps answers secret until closed, shows live results', async () => {
    const quiz = expectOk(await quizOf([single.id, multiple.id, judge.id, blank.id]));
    const answer = (token: string, answers: object[]) => post(t, token, '/quiz/submit', { id: quiz.id, answers });
    expectRefused(await answer(w.students[0]!.token, [{ questionId: single.id, answer: 'B' }]), ActivityMsg.NOT_OPEN);
    expectOk(await post<ActivityRow>(t, w.teacher.token, '/open', { id: quiz.id }));
    // Edited after the start: the quiz keeps what it took.
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/myQuestion/modify',
        token: w.teacher.token,
        payload: { id: single.id, type: 'single', stem: '<p>改过的题干</p>', options, answer: 'D' },
      }),
    );

    const [s0, s1, s2] = w.students;
    const seen = expectOk(await get<StudentActivityDetail>(t, s0!.token, `/student/detail?id=${quiz.id}`));
    expect(seen.quiz!.questions.map((q) => q.stem)).toEqual([
      '<p>极限存在的函数</p>',
      '<p>连续函数</p>',
      '<p>有界必收敛</p>',
      '<p>e 约等于 __</p>',
    ]);
    expect(seen.quiz!.questions.every((q) => q.answer === null && q.analysis === null)).toBe(true);
    expect(seen.quiz!.questions[3]!.blanks).toBe(1);
    expect(JSON.stringify(seen)).not.toContain('2.718');

    expectOk(
      await answer(s0!.token, [
        { questionId: single.id, answer: 'B' },
        { questionId: multiple.id, answer: ['A', 'C'] },
        { questionId: judge.id, answer: false },
        { questionId: blank.id, answer: ['２.７２'] },
        { questionId: 999_999, answer: 'A' },
      ]),
    );
    expectOk(
      await answer(s1!.token, [
        { questionId: single.id, answer: 'D' },
        { questionId: multiple.id, answer: ['A'] },
        { questionId: judge.id, answer: true },
      ]),
    );
    expectRefused(
      await answer(s0!.token, [{ questionId: single.id, answer: 'A' }]),
      ActivityMsg.ALREADY_SUBMITTED,
      409,
    );
    expectRefused(await answer(s2!.token, [{ questionId: 999_999, answer: 'A' }]), ActivityMsg.ANSWERS_REQUIRED);
    expectRefused(await answer(s2!.token, []), ActivityMsg.ANSWERS_REQUIRED);
    expect((await answer(w.secondStudent.token, [{ questionId: single.id, answer: 'B' }])).status).toBe(403);
    expect((await answer(w.pendingStudent.token, [{ questionId: single.id, answer: 'B' }])).status).toBe(403);
    expect((await answer(w.teacher.token, [{ questionId: single.id, answer: 'B' }])).status).toBe(403);

    // Submitted, still open: their answers back, no grading, no score, no answers.
    const after = expectOk(await get<StudentActivityDetail>(t, s0!.token, `/student/detail?id=${quiz.id}`));
    expect(after.quiz).toMatchObject({ submitted: true, grading: null, score: null });
    expect(after.quiz!.myAnswers).toMatchObject({ [single.id]: 'B' });
    const listed = expectOk(await get<StudentActivityRow[]>(t, s0!.token, `/student/list?classId=${w.cls.id}`));
    expect(listed.find((r) => r.id === quiz.id)!.mine).toMatchObject({ submitted: true, score: null });

    // The teacher's live results: answers per option, correct rate, scores.
    const live = expectOk(await get<ActivityLive>(t, w.teacher.token, `/live?id=${quiz.id}`));
    const results = live.quiz!;
    expect(results).toMatchObject({ submissions: 2, fullScore: 4 });
    const [q1, q2, q3, q4] = results.questions;
    expect(q1!.options.map((o) => [o.key, o.count])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 0],
      ['D', 1],
    ]);
    expect(q1).toMatchObject({ answer: 'B', correct: 1, correctRate: 0.5 });
    expect(q2!.options.map((o) => o.count)).toEqual([2, 0, 1, 0]);
    expect(q3).toMatchObject({ judge: { yes: 1, no: 1 }, correct: 1 });
    expect(q4).toMatchObject({ correct: 1, correctRate: 0.5 });
    const scores = new Map(results.scores.map((s) => [s.memberId, s.score]));
    expect(scores.get(s0!.id)).toBe(4);
    // One of two right keys: whatever partial credit the bank's rule gives, less than full.
    expect(scores.get(s1!.id)).toBeLessThan(1);
    expect(results.average).toBe(Math.round(((4 + scores.get(s1!.id)!) / 2) * 100) / 100);

    // Closed: the students see answers, analysis, their grading and score; nobody submits any more.
    expectOk(await post(t, w.teacher.token, '/close', { id: quiz.id }));
    const closed = expectOk(await get<StudentActivityDetail>(t, s0!.token, `/student/detail?id=${quiz.id}`));
    expect(closed.quiz).toMatchObject({ score: 4, fullScore: 4 });
    expect(closed.quiz!.questions.map((q) => q.answer)).toEqual(['B', ['A', 'C'], false, [['2.718', '2.72']]]);
    expect(closed.quiz!.questions[2]!.analysis).toBe('<p>反例</p>');
    expect(closed.quiz!.grading!.every((g) => g.correct)).toBe(true);
    expectRefused(await answer(s2!.token, [{ questionId: single.id, answer: 'B' }]), ActivityMsg.ALREADY_CLOSED);
  });

  it('one submission per student under concurrent presses', async () => {
    const quiz = expectOk(await quizOf([single.id]));
    expectOk(await post(t, w.teacher.token, '/open', { id: quiz.id }));
    const presses = w.students.flatMap((s) => Array.from({ length: 4 }, () => s));
    const answers = await Promise.all(
      presses.map((s) =>
        post(t, s.token, '/quiz/submit', { id: quiz.id, answers: [{ questionId: single.id, answer: 'B' }] }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(w.students.length);
    expect(answers.filter((a) => a.body.msg === ActivityMsg.ALREADY_SUBMITTED)).toHaveLength(w.students.length * 3);
    const rows = await t.ctx.db
      .selectFrom('teach_activity_submissions')
      .select('member_id')
      .where('activity_id', '=', quiz.id)
      .execute();
    expect(rows).toHaveLength(w.students.length);
  });
});
