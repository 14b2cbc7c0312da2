import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  formatClassTime,
  HomeworkMsg,
  parseClassTime,
  type HomeworkConfig,
  type HomeworkRow,
  type HomeworkSectionNode,
  type NoticeItem,
  type Paged,
  SubmissionStatus,
  type StudentHomeworkInfo,
  type StudentHomeworkRow,
  type TeacherHomeworkInfo,
} from '@textbook/contracts';
import { appContext, buildApp } from '../../app.js';
import { buildClassWorld, createClass, join, validClass, type ClassWorld } from '../../../test/classes.js';
import { buildMember, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { homeworkClock, homeworkScores, remindDue } from './index.js';
import * as reviewFlag from '../../db/migrations/20261127_0101_submission_review_flag.js';

const t = useTestApp();
const HOUR = 3_600_000;
const MINUTE = 60_000;

afterEach(() => {
  homeworkClock(t.ctx).now = () => Date.now();
});

const get = <T>(token: string | undefined, url: string) => call<T>(t.app, { method: 'GET', url, token });
const post = <T>(token: string | undefined, url: string, payload?: object) =>
  call<T>(t.app, { method: 'POST', url, token, payload: payload ?? {} });

interface World extends ClassWorld {
  classId: number;
  sections: number[];
  student2: BuiltMember;
  q: { single: number; multiple: number; judge: number; blank: number; short: number };
}

async function question(token: string, body: object): Promise<number> {
  return expectOk(await post<{ id: number }>(token, '/api/myQuestion/save', body)).id;
}

/** A class of the world's book with two students, a two-section book, and one question of each type. */
async function buildWorld(): Promise<World> {
  const w = await buildClassWorld(t.ctx);
  const sections: number[] = [];
  for (const [seq, title] of ['第一章 函数', '第二章 极限'].entries()) {
    const row = await t.ctx.db
      .insertInto('book_sections')
      .values({ book_id: w.bookId, seq, level: 1, title, chapter_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    sections.push(Number(row.id));
  }
  const cls = await createClass(t, w.teacher.token, validClass(w.bookId, { isReview: '1' }));
  expectOk(await join(t, w.student.token, cls.code, '2026001', '张三'));
  const student2 = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
  expectOk(await join(t, student2.token, cls.code, '2026002', '李四'));
  const options = ['A', 'B', 'C', 'D'].map((key) => ({ key, html: `<p>选项${key}</p>` }));
  const tok = w.teacher.token;
  const q = {
    single: await question(tok, { type: 'single', stem: '<p>单选</p>', options, answer: 'B', analysis: '<p>选B</p>' }),
    multiple: await question(tok, {
      type: 'multiple',
      stem: '<p>多选</p>',
      options,
      answer: ['A', 'C'],
      analysis: '多',
    }),
    judge: await question(tok, { type: 'judge', stem: '<p>判断</p>', answer: true, analysis: '对' }),
    blank: await question(tok, {
      type: 'blank',
      stem: '<p>填空__ __</p>',
      answer: [['北京'], ['1949']],
      analysis: '空',
    }),
    short: await question(tok, { type: 'short', stem: '<p>简答</p>', answer: '<p>参考</p>', analysis: '简' }),
  };
  return { ...w, classId: cls.id, sections, student2, q };
}

function homeworkBody(w: World, overrides: object = {}) {
  const now = homeworkClock(t.ctx).now();
  return {
    classId: w.classId,
    sectionId: w.sections[0],
    title: '第一章作业',
    description: '认真完成',
    openTime: formatClassTime(now - HOUR),
    dueTime: formatClassTime(now + 2 * HOUR),
    lateRule: 'none',
    lateDeduct: 0,
    items: [
      { questionId: w.q.single, score: 2 },
      { questionId: w.q.multiple, score: 4 },
      { questionId: w.q.judge, score: 2 },
      { questionId: w.q.blank, score: 4 },
      { questionId: w.q.short, score: 8 },
    ],
    ...overrides,
  };
}

async function released(w: World, overrides: object = {}): Promise<HomeworkRow> {
  const draft = expectOk(
    await post<HomeworkRow>(w.teacher.token, '/api/homework/teacher/save', homeworkBody(w, overrides)),
  );
  return expectOk(await post<HomeworkRow>(w.teacher.token, '/api/homework/teacher/release', { id: draft.id }));
}

const info = (token: string, id: number) => get<StudentHomeworkInfo>(token, `/api/homework/student/info?id=${id}`);
const teacherInfo = (w: World, id: number) =>
  get<TeacherHomeworkInfo>(w.teacher.token, `/api/homework/teacher/info?id=${id}`);

/** Answers by item: single right, multiple partly right, judge wrong, one blank of two right, a short answer. */
function answersFor(hw: StudentHomeworkInfo) {
  const byType = new Map(hw.questions.map((x) => [String(x.question.type), String(x.itemId)]));
  return {
    [byType.get('single')!]: 'B',
    [byType.get('multiple')!]: ['A'],
    [byType.get('judge')!]: false,
    [byType.get('blank')!]: ['北京', '1950'],
    [byType.get('short')!]: '极限是……',
  };
}

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});

describe('teacher: building homework', () => {
  it('lists the classes, the config and the section tree', async () => {
    const classes = expectOk(await get<{ id: number }[]>(w.teacher.token, '/api/homework/teacher/getClassList'));
    expect(classes.map((c) => c.id)).toContain(w.classId);
    const config = expectOk(await get<HomeworkConfig>(w.teacher.token, '/api/homework/homeworConfigId'));
    expect(config.lateRules.map((r) => r.value)).toEqual(['none', 'deduct']);
    const tree = expectOk(
      await get<HomeworkSectionNode[]>(w.teacher.token, `/api/homework/sectionTree?bookId=${w.bookId}`),
    );
    expect(tree.map((n) => n.title)).toEqual(['第一章 函数', '第二章 极限']);
  });

  it('checks the form: times in order, a section of the book, questions of the own bank, deduction', async () => {
    const now = Date.now();
    const save = (o: object) => post(w.teacher.token, '/api/homework/teacher/save', homeworkBody(w, o));
    expectRefused(await save({ dueTime: formatClassTime(now - 2 * HOUR) }), HomeworkMsg.DUE_AFTER_OPEN);
    expectRefused(await save({ dueTime: '2026-02-30 10:00' }), HomeworkMsg.TIME_FORMAT);
    expectRefused(await save({ sectionId: 99_999_999 }), HomeworkMsg.SECTION_UNKNOWN);
    expectRefused(await save({ items: [] }), HomeworkMsg.QUESTIONS_REQUIRED);
    expectRefused(await save({ lateRule: 'deduct', lateDeduct: 0 }), HomeworkMsg.DEDUCT_RANGE);
    expectRefused(
      await save({
        items: [
          { questionId: w.q.single, score: 2 },
          { questionId: w.q.single, score: 3 },
        ],
      }),
      HomeworkMsg.QUESTION_TWICE,
    );
    const theirs = await question(w.otherTeacher.token, { type: 'judge', stem: '<p>别人的</p>', answer: true });
    const refused = await save({ items: [{ questionId: theirs, score: 2 }] });
    expect(refused.status).toBe(400);
  });

  it('draws questions at random from the bank by type and count', async () => {
    const draft = expectOk(
      await post<HomeworkRow>(
        w.teacher.token,
        '/api/homework/teacher/save',
        homeworkBody(w, {
          items: [{ questionId: w.q.short, score: 10 }],
          draws: [{ type: 'single', count: 1, score: 3 }],
        }),
      ),
    );
    expect(draft.questionCount).toBe(2);
    expect(draft.totalScore).toBe(13);
    expect(draft.status).toBe(0);
    // A draft is the teacher's alone.
    expect((await info(w.student.token, draft.id)).status).toBe(403);
    expectOk(await post(w.teacher.token, `/api/homework/teacher/delete/${draft.id}`));
  });
});

describe('release, answering, grading, secrecy', () => {
  it('releases with snapshots and tells the students; an edit of the bank changes nothing', async () => {
    const hw = await released(w, { title: '快照作业' });
    expect(hw.status).toBe(1);
    const notices = expectOk(await get<Paged<NoticeItem>>(w.student.token, '/api/homework/student/notice'));
    expect(notices.rows.some((n) => n.title === HomeworkMsg.NOTICE_RELEASED('快照作业'))).toBe(true);
    expectOk(
      await post(w.teacher.token, '/api/myQuestion/modify', {
        id: w.q.judge,
        type: 'judge',
        stem: '<p>改过的判断</p>',
        answer: false,
      }),
    );
    const seen = expectOk(await info(w.student.token, hw.id));
    expect(seen.questions.find((x) => x.questionId === w.q.judge)!.question.stem).toBe('<p>判断</p>');
    // Released: questions locked, deadline may move.
    expectRefused(
      await post(w.teacher.token, '/api/homework/teacher/update', {
        ...homeworkBody(w),
        id: hw.id,
        items: [{ questionId: w.q.single, score: 5 }],
      }),
      HomeworkMsg.RELEASED_LOCKED,
    );
    const { items: _items, ...rest } = homeworkBody(w, { title: '快照作业（延期）' });
    expect(_items.length).toBe(5);
    const moved = expectOk(
      await post<HomeworkRow>(w.teacher.token, '/api/homework/teacher/update', { ...rest, id: hw.id }),
    );
    expect(moved.title).toBe('快照作业（延期）');
    expectOk(
      await post(w.teacher.token, '/api/myQuestion/modify', {
        id: w.q.judge,
        type: 'judge',
        stem: '<p>判断</p>',
        answer: true,
      }),
    );
  });

  it('grades every type on submit, keeps results secret until the deadline, then shows them', async () => {
    const hw = await released(w, { title: '批改作业' });
    const before = expectOk(await info(w.student.token, hw.id));
    expect(before.canSubmit).toBe(true);
    for (const x of before.questions) {
      expect(x.question.answer).toBeNull();
      expect(x.question.analysis).toBeNull();
    }
    const answers = answersFor(before);
    expectOk(await post(w.student.token, '/api/homework/student/save', { id: hw.id, answers }));
    // The draft survives a restart: a second app on the same database reads it.
    const second = await buildApp({ config: t.ctx.config, database: { ...t.database, close: async () => {} } });
    try {
      await second.ready();
      const again = await call<StudentHomeworkInfo>(second, {
        method: 'GET',
        url: `/api/homework/student/info?id=${hw.id}`,
        token: w.student.token,
      });
      expect(expectOk(again).answers).toEqual(answers);
      expect(appContext(second)).not.toBe(t.ctx);
    } finally {
      await second.close();
    }
    const done = expectOk(
      await post<{ status: number; late: boolean }>(w.student.token, '/api/homework/student/submit', { id: hw.id }),
    );
    expect(done).toMatchObject({ status: 1, late: false });
    // Submitted: no score, no answers, no analysis before the deadline.
    const after = expectOk(await info(w.student.token, hw.id));
    expect(after.score).toBeNull();
    expect(after.results).toEqual([]);
    expect(after.questions.every((x) => x.question.answer === null && x.question.analysis === null)).toBe(true);
    expect(after.canSubmit).toBe(false);
    expectRefused(
      await post(w.student.token, '/api/homework/student/save', { id: hw.id, answers }),
      HomeworkMsg.SUBMITTED,
    );
    // A second press changes nothing.
    const again = expectOk(
      await post<{ submitTime: number }>(w.student.token, '/api/homework/student/submit', { id: hw.id, answers: {} }),
    );
    expect(again.submitTime).toBe(
      (await teacherInfo(w, hw.id)).body.data.submissions.find((s) => s.memberId === w.student.id)!.submitTime,
    );

    const teacher = expectOk(await teacherInfo(w, hw.id));
    const mine = teacher.submissions.find((s) => s.memberId === w.student.id)!;
    const byType = new Map(teacher.questions.map((x) => [x.itemId, String(x.question.type)]));
    const score = (type: string) => mine.results.find((r) => byType.get(r.itemId) === type)!;
    expect(score('single')).toMatchObject({ score: 2, correct: true, needsReview: false });
    expect(score('multiple')).toMatchObject({ score: 2, correct: false });
    expect(score('judge')).toMatchObject({ score: 0, correct: false });
    expect(score('blank')).toMatchObject({ score: 2, correct: false });
    expect(score('short')).toMatchObject({ score: 0, needsReview: true });
    expect(mine.score).toBe(6);
    expect(teacher.toReviewCount).toBe(1);
    /** The class's list as its teacher reads it: this homework's counts of work handed in and to review. */
    const listed = async () =>
      expectOk(
        await get<HomeworkRow[]>(w.teacher.token, `/api/homework/teacher/listByChapter?classId=${w.classId}`),
      ).find((r) => r.id === hw.id)!;
    expect(await listed()).toMatchObject({ submittedCount: 1, toReviewCount: 1 });
    const stat = teacher.stats.find((s) => byType.get(s.itemId) === 'judge')!;
    expect(stat.correctRate).toBe(0);
    expect(stat.commonWrong).toEqual({ answer: false, count: 1 });

    // The teacher reviews the short answer.
    const shortItem = teacher.questions.find((x) => x.question.type === 'short')!.itemId;
    expectRefused(
      await post(w.teacher.token, `/api/homework/teacher/reviewHomework/${mine.id}`, {
        items: [{ itemId: shortItem, score: 9, comment: '' }],
      }),
      HomeworkMsg.REVIEW_SCORE_RANGE,
    );
    const reviewed = expectOk(
      await post<{ score: number; status: number }>(
        w.teacher.token,
        `/api/homework/teacher/reviewHomework/${mine.id}`,
        {
          items: [{ itemId: shortItem, score: 6.5, comment: '思路对' }],
          comment: '不错',
        },
      ),
    );
    expect(reviewed).toEqual({ score: 12.5, status: 2 });
    // Reviewed: nothing left to review, still handed in.
    expect(await listed()).toMatchObject({ submittedCount: 1, toReviewCount: 0 });
    expect(expectOk(await teacherInfo(w, hw.id)).toReviewCount).toBe(0);
    // Still secret before the deadline.
    expect(expectOk(await info(w.student.token, hw.id)).score).toBeNull();

    homeworkClock(t.ctx).now = () => Date.now() + 3 * HOUR;
    const shown = expectOk(await info(w.student.token, hw.id));
    expect(shown.resultsVisible).toBe(true);
    expect(shown.score).toBe(12.5);
    expect(shown.comment).toBe('不错');
    expect(shown.questions.find((x) => x.question.type === 'single')!.question).toMatchObject({
      answer: 'B',
      analysis: '<p>选B</p>',
    });
    expect(shown.results.find((r) => r.itemId === shortItem)!.comment).toBe('思路对');
    // The other student never submitted; late work is refused, so the answers are now theirs to read too.
    expect(expectOk(await info(w.student2.token, hw.id)).resultsVisible).toBe(true);
    expectRefused(await post(w.student2.token, '/api/homework/student/submit', { id: hw.id }), HomeworkMsg.CLOSED);

    const scores = await homeworkScores(t.ctx, { classId: w.classId });
    expect(scores.find((r) => r.homeworkId === hw.id && r.memberId === w.student.id)).toMatchObject({
      score: 12.5,
      reviewed: true,
      late: false,
    });
  });

  it('one of many concurrent submits wins; the others change nothing', async () => {
    const hw = await released(w, { title: '并发提交' });
    const seen = expectOk(await info(w.student2.token, hw.id));
    const right = answersFor(seen);
    const presses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post<{ submitTime: number }>(w.student2.token, '/api/homework/student/submit', {
          id: hw.id,
          answers: i === 0 ? right : {},
        }),
      ),
    );
    for (const p of presses) expect(p.body.code).toBe(Code.OK);
    const teacher = expectOk(await teacherInfo(w, hw.id));
    const theirs = teacher.submissions.filter((s) => s.memberId === w.student2.id);
    expect(theirs).toHaveLength(1);
    expect(new Set(presses.map((p) => p.body.data.submitTime)).size).toBe(1);
    expect(teacher.submittedCount).toBe(1);
  });
});

describe('deadlines and late rules (China time, whatever the time zone)', () => {
  it('reads deadlines as Beijing time in any time zone', () => {
    const saved = process.env.TZ;
    try {
      for (const zone of ['UTC', 'America/New_York', 'Asia/Shanghai', 'Pacific/Auckland']) {
        process.env.TZ = zone;
        expect(parseClassTime('2026-03-01 08:00')).toBe(Date.UTC(2026, 2, 1, 0, 0));
        expect(formatClassTime(Date.UTC(2026, 2, 1, 16, 30))).toBe('2026-03-02 00:30');
      }
    } finally {
      process.env.TZ = saved;
    }
  });

  it('refuses before opening; at the deadline minute work is late; a deduction rule accepts it with less', async () => {
    const base = Math.ceil(Date.now() / MINUTE) * MINUTE;
    homeworkClock(t.ctx).now = () => base;
    const hw = await released(w, {
      title: '迟交扣分',
      openTime: formatClassTime(base + HOUR),
      dueTime: formatClassTime(base + 2 * HOUR),
      lateRule: 'deduct',
      lateDeduct: 50,
    });
    const early = expectOk(await info(w.student.token, hw.id));
    expect(early.open).toBe(false);
    expect(early.questions).toEqual([]);
    expectRefused(
      await post(w.student.token, '/api/homework/student/save', { id: hw.id, answers: {} }),
      HomeworkMsg.NOT_OPEN,
    );

    homeworkClock(t.ctx).now = () => base + 2 * HOUR - 1;
    const open = expectOk(await info(w.student.token, hw.id));
    expect(open.timeLeft).toBe(1);
    const answers = answersFor(open);
    expectOk(await post(w.student2.token, '/api/homework/student/submit', { id: hw.id, answers }));

    homeworkClock(t.ctx).now = () => base + 2 * HOUR;
    // Past the deadline with late work still accepted: nothing is revealed to one who has not submitted.
    const waiting = expectOk(await info(w.student.token, hw.id));
    expect(waiting.resultsVisible).toBe(false);
    expect(waiting.canSubmit).toBe(true);
    expect(waiting.questions.every((x) => x.question.answer === null)).toBe(true);
    const late = expectOk(
      await post<{ late: boolean }>(w.student.token, '/api/homework/student/submit', { id: hw.id, answers }),
    );
    expect(late.late).toBe(true);
    const teacher = expectOk(await teacherInfo(w, hw.id));
    expect(teacher.submissions.find((s) => s.memberId === w.student2.id)).toMatchObject({ score: 6, late: false });
    expect(teacher.submissions.find((s) => s.memberId === w.student.id)).toMatchObject({ score: 3, late: true });
  });
});

describe('reminders before the deadline', () => {
  it('tells the students who have not submitted, once', async () => {
    const base = Date.now();
    homeworkClock(t.ctx).now = () => base;
    const hw = await released(w, { title: '提醒作业', dueTime: formatClassTime(base + 48 * HOUR) });
    // Earlier homework due within the window is reminded now; this one is two days away.
    await remindDue(t.ctx, base);
    const early = expectOk(await get<Paged<NoticeItem>>(w.student.token, '/api/homework/student/notice?pageSize=100'));
    expect(early.rows.some((n) => n.title === HomeworkMsg.NOTICE_EXPIRE('提醒作业'))).toBe(false);
    const seen = expectOk(await info(w.student2.token, hw.id));
    expectOk(await post(w.student2.token, '/api/homework/student/submit', { id: hw.id, answers: answersFor(seen) }));
    const soon = base + 30 * HOUR;
    homeworkClock(t.ctx).now = () => soon;
    const expiring = expectOk(await get<{ id: number }[]>(w.student.token, '/api/homework/student/expireNotice'));
    expect(expiring.map((e) => e.id)).toContain(hw.id);
    const told = await Promise.all([remindDue(t.ctx, soon), remindDue(t.ctx, soon)]);
    expect(told[0] + told[1]).toBe(1);
    expect(await remindDue(t.ctx, soon + MINUTE)).toBe(0);
    const notices = expectOk(
      await get<Paged<NoticeItem>>(w.student.token, '/api/homework/student/notice?pageSize=100'),
    );
    expect(notices.rows.filter((n) => n.title === HomeworkMsg.NOTICE_EXPIRE('提醒作业'))).toHaveLength(1);
    const other = expectOk(await get<Paged<NoticeItem>>(w.student2.token, '/api/homework/student/notice?pageSize=100'));
    expect(other.rows.some((n) => n.title === HomeworkMsg.NOTICE_EXPIRE('提醒作业'))).toBe(false);
  });
});

describe('lists', () => {
  it('lists by chapter and time for the teacher, by chapter and all for the student', async () => {
    const byChapter = expectOk(
      await get<HomeworkRow[]>(
        w.teacher.token,
        `/api/homework/teacher/listByChapter?classId=${w.classId}&sectionId=${w.sections[0]}`,
      ),
    );
    expect(byChapter.length).toBeGreaterThan(0);
    expect(byChapter.every((h) => h.sectionId === w.sections[0])).toBe(true);
    const none = expectOk(
      await get<HomeworkRow[]>(
        w.teacher.token,
        `/api/homework/teacher/listByChapter?classId=${w.classId}&sectionId=${w.sections[1]}`,
      ),
    );
    expect(none).toEqual([]);
    const byTime = expectOk(
      await get<Paged<HomeworkRow>>(w.teacher.token, '/api/homework/teacher/listByTime?pageSize=100'),
    );
    expect(byTime.total).toBe(byChapter.length);
    const mine = expectOk(
      await get<StudentHomeworkRow[]>(
        w.student.token,
        `/api/homework/student/listByChapter?bookId=${w.bookId}&sectionId=${w.sections[0]}`,
      ),
    );
    expect(mine.length).toBe(byChapter.filter((h) => h.status === 1).length);
    const all = expectOk(await get<Paged<StudentHomeworkRow>>(w.student.token, '/api/homework/student/list'));
    expect(all.total).toBe(mine.length);
    const tree = expectOk(
      await get<HomeworkSectionNode[]>(w.student.token, `/api/homework/sectionTree?bookId=${w.bookId}`),
    );
    expect(tree[0]!.homeworkCount).toBe(mine.length);
    expect(tree[1]!.homeworkCount).toBe(0);
    // Another student of the college in no class sees none.
    const outsider = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
    expect(expectOk(await get<Paged<StudentHomeworkRow>>(outsider.token, '/api/homework/student/list')).total).toBe(0);
  });
});

describe("the student's list", () => {
  it('puts work still to hand in first, nearest deadline first, then the rest by latest deadline; todo and done', async () => {
    const v = await buildWorld();
    const start = Math.ceil(Date.now() / MINUTE) * MINUTE;
    homeworkClock(t.ctx).now = () => start;
    const due = (hours: number) => ({ dueTime: formatClassTime(start + hours * HOUR) });
    const passed = await released(v, { title: '已过期', ...due(1) });
    const near = await released(v, { title: '最近', ...due(2) });
    const handedIn = await released(v, { title: '已交', ...due(3) });
    const far = await released(v, { title: '最远', ...due(5) });
    const answers = answersFor(expectOk(await info(v.student.token, handedIn.id)));
    expectOk(await post(v.student.token, '/api/homework/student/submit', { id: handedIn.id, answers }));
    homeworkClock(t.ctx).now = () => start + 90 * MINUTE;

    const list = async (query: string) =>
      expectOk(await get<Paged<StudentHomeworkRow>>(v.student.token, `/api/homework/student/list?${query}`));
    const all = await list('pageSize=10');
    expect(all.rows.map((r) => r.id)).toEqual([near.id, far.id, handedIn.id, passed.id]);
    expect(all.total).toBe(4);
    expect(all.rows[0]).toMatchObject({ title: '最近', timeLeft: 30 * MINUTE, status: 0, dueTime: due(2).dueTime });
    const todo = await list('state=todo&pageSize=10');
    expect(todo.rows.map((r) => r.id)).toEqual([near.id, far.id, passed.id]);
    const done = await list('state=done&pageSize=10');
    expect(done.rows.map((r) => r.id)).toEqual([handedIn.id]);
    const second = await list('pageNum=2&pageSize=1');
    expect(second.rows.map((r) => r.id)).toEqual([far.id]);
    expect(second.total).toBe(4);
  });

  it('asked again within the second, is the same page until a deadline passes or the work changes', async () => {
    const v = await buildWorld();
    const start = Math.ceil(Date.now() / MINUTE) * MINUTE;
    homeworkClock(t.ctx).now = () => start;
    const soon = await released(v, { title: '马上截止', dueTime: formatClassTime(start + HOUR) });
    const later = await released(v, { title: '稍后截止', dueTime: formatClassTime(start + 2 * HOUR) });
    const list = async () =>
      expectOk(await get<Paged<StudentHomeworkRow>>(v.student.token, '/api/homework/student/list?pageSize=10'));
    // A millisecond before the first deadline, then one after it: the page kept a moment ago is not used.
    homeworkClock(t.ctx).now = () => start + HOUR - 1;
    const before = await list();
    expect(before.rows.map((r) => [r.id, r.timeLeft])).toEqual([
      [soon.id, 1],
      [later.id, HOUR + 1],
    ]);
    homeworkClock(t.ctx).now = () => start + HOUR + 1;
    const after = await list();
    expect(after.rows.map((r) => r.id)).toEqual([later.id, soon.id]);
    expect(after.rows[1]).toMatchObject({ timeLeft: -1, resultsVisible: true });
    // Work handed in within the same millisecond shows at once.
    const answers = answersFor(expectOk(await info(v.student.token, later.id)));
    expectOk(await post(v.student.token, '/api/homework/student/submit', { id: later.id, answers }));
    const handed = await list();
    expect(handed.rows.find((r) => r.id === later.id)).toMatchObject({ status: SubmissionStatus.SUBMITTED });
    // A clock set back (tests, a corrected server clock) does not get a page made for a later time.
    homeworkClock(t.ctx).now = () => start;
    expect((await list()).rows.map((r) => r.id)).toEqual([soon.id, later.id]);
  });
});

describe('permissions', () => {
  it("keeps another teacher, students and outsiders out of a class's homework", async () => {
    const hw = await released(w, { title: '权限作业' });
    const sub = expectOk(await teacherInfo(w, hw.id));
    expect(sub.id).toBe(hw.id);
    const other = w.otherTeacher.token;
    expect((await get(other, `/api/homework/teacher/info?id=${hw.id}`)).status).toBe(403);
    expect((await post(other, '/api/homework/teacher/release', { id: hw.id })).status).toBe(403);
    expect((await post(other, `/api/homework/teacher/delete/${hw.id}`)).status).toBe(403);
    expect((await post(other, '/api/homework/teacher/save', homeworkBody(w))).status).toBe(403);
    expect((await get(other, `/api/homework/teacher/listByChapter?classId=${w.classId}`)).status).toBe(403);
    // A student cannot use the teacher's side, nor review.
    expect((await get(w.student.token, `/api/homework/teacher/info?id=${hw.id}`)).status).toBe(403);
    expect(
      (await post(w.student.token, `/api/homework/teacher/reviewHomework/1`, { items: [{ itemId: 1, score: 1 }] }))
        .status,
    ).toBe(403);
    // Only the class's students answer: not the teacher, not a student of another college.
    expect((await info(w.teacher.token, hw.id)).status).toBe(403);
    expect((await info(w.outsider.token, hw.id)).status).toBe(403);
    expect((await post(w.outsider.token, '/api/homework/student/submit', { id: hw.id })).status).toBe(403);
    expect((await info(undefined as unknown as string, hw.id)).status).toBe(401);
  });

  it('deletes a draft at once and released work with submissions only after a confirmation', async () => {
    const hw = await released(w, { title: '删除作业' });
    const seen = expectOk(await info(w.student.token, hw.id));
    expectOk(await post(w.student.token, '/api/homework/student/submit', { id: hw.id, answers: answersFor(seen) }));
    const asked = await post(w.teacher.token, `/api/homework/teacher/delete/${hw.id}`);
    expect(asked.body.code).toBe(Code.WARNING);
    expect(asked.body.msg).toBe(HomeworkMsg.DELETE_CONFIRM);
    expect((await teacherInfo(w, hw.id)).status).toBe(200);
    expectOk(await post(w.teacher.token, `/api/homework/teacher/delete/${hw.id}?confirm=1`));
    expect((await teacherInfo(w, hw.id)).status).toBe(404);
  });
});

describe('the needs_review migration', () => {
  it('fills the flag from the results as the submit and the review keep it', async () => {
    // Work handed in with a short answer waiting for the teacher, and work with nothing to review.
    const waiting = await released(w, { title: '迁移待批' });
    const answers = answersFor(expectOk(await info(w.student.token, waiting.id)));
    expectOk(await post(w.student.token, '/api/homework/student/submit', { id: waiting.id, answers }));
    const judged = await released(w, {
      title: '迁移无需批改',
      items: [{ questionId: w.q.single, score: 2 }],
    });
    const single = expectOk(await info(w.student.token, judged.id));
    expectOk(
      await post(w.student.token, '/api/homework/student/submit', {
        id: judged.id,
        answers: { [String(single.questions[0]!.itemId)]: 'B' },
      }),
    );
    const flags = () =>
      t.ctx.db
        .selectFrom('homework_submissions')
        .select(['id', 'needs_review'])
        .orderBy('id')
        .execute()
        .then((rows) => rows.map((r) => [Number(r.id), Number(r.needs_review)]));
    const kept = await flags();
    expect(new Set(kept.map(([, flag]) => flag))).toEqual(new Set([0, 1]));
    await reviewFlag.down(t.ctx.db);
    await reviewFlag.up(t.ctx.db);
    expect(await flags()).toEqual(kept);
  });
});
