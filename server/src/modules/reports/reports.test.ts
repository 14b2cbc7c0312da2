import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  formatClassTime,
  ReportMsg,
  type ClassReport,
  type HomeworkRow,
  type StudentHomeworkInfo,
  type MonthFigure,
  type StudyReport,
  type TeachingReport,
  type TextbookReport,
} from '@textbook/contracts';
import { createClass, validClass, join } from '../../../test/classes.js';
import { buildCollege, buildMember, buildStaff, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';
import { buildEpub, importBook, tempDataDir } from '../../../test/reader-fixtures.js';
import { cjkFont } from '../reader/index.js';
import { grantShelfEntry } from '../shelf/index.js';

/** Three chapters of exactly the same text length, so progress is the plain average of the chapters read. */
const BODY = `<p>${'学而时习之不亦说乎'.repeat(30)}</p>`;
const CHAPTERS = [
  { title: '第一章', body: BODY },
  { title: '第二章', body: BODY },
  { title: '第三章', body: BODY },
];

const D1 = '2026-11-02';
const D2 = '2026-11-03';
/** 10:00 in China on a day. */
const at = (day: string) => Date.parse(`${day}T02:00:00Z`);
const HOUR = 3_600_000;

describe('reports: figures from the rollups, permissions, exports', () => {
  const t = useTestApp({ dataDir: tempDataDir() });
  afterAll(() => vi.useRealTimers());

  const get = <T>(url: string, token?: string) => call<T>(t.app, { method: 'GET', url, token });
  const post = <T>(url: string, payload: object, token?: string) =>
    call<T>(t.app, { method: 'POST', url, payload, token });

  interface World {
    bookId: number;
    chapters: number[];
    classId: number;
    teacher: BuiltMember;
    otherTeacher: BuiltMember;
    admin: BuiltMember;
    otherAdmin: BuiltMember;
    otherCollegeTeacher: BuiltMember;
    s1: BuiltMember;
    s2: BuiltMember;
    s3: BuiltMember;
    otherClassId: number;
    staff: { token: string };
    /** Released homework of the class: 第一章练习, 第二章练习, 第三章练习 (nobody submits). */
    hw: number[];
  }
  let world: Promise<World> | undefined;

  /**
   * A college with a class of three students reading a three-chapter book: S1 reads chapter 1 to its end on D1
   * (600 s) and half of chapter 2 on D2 (360 s), writes a note in chapter 2 and highlights in chapter 1; S2 reads
   * half of chapter 1 on D2 (120 s), makes two highlights there and deletes one; S3 never opens the book. Another
   * college has a class of the same book with one student who reads 60 s on D2.
   *
   * Homework (a single choice worth 6 and a true-or-false worth 4, both graded on submit, full score 10):
   * 第一章练习 opens on D1 and is due on D2 — S1 submits on D1 with both right (10), S2 on D2 with the choice
   * right (6), S3 never; 第二章练习 opens and is due on D2 — S1 gets the choice right (6), S3 nothing right (0),
   * S2 never; 第三章练习 (D2) is released and nobody submits; a fourth stays a draft. The other class's student
   * submits the other class's homework (it must not count here).
   */
  function setup(): Promise<World> {
    world ??= (async () => {
      const db = t.ctx.db;
      const { bookId } = await importBook(t.ctx, buildEpub(`urn:test:reports:${Date.now()}`, '报告教材', CHAPTERS));
      const rows = await db
        .selectFrom('book_chapters')
        .select('id')
        .where('book_id', '=', bookId)
        .orderBy('seq')
        .execute();
      const chapters = rows.map((r) => r.id);
      const college = await buildCollege(db);
      const other = await buildCollege(db);
      const teacher = await buildMember(db, { college, roles: '2' });
      const otherTeacher = await buildMember(db, { college, roles: '2' });
      const admin = await buildMember(db, { college, roles: '1' });
      const otherAdmin = await buildMember(db, { college: other, roles: '1' });
      const otherCollegeTeacher = await buildMember(db, { college: other, roles: '2' });
      const staff = await buildStaff(db);
      for (const [m, c] of [
        [teacher, college],
        [otherCollegeTeacher, other],
      ] as const) {
        await grantShelfEntry(t.ctx, db, { memberId: m.id, bookId, source: 'sample', sourceRef: 1, collegeId: c.id });
      }
      const cls = await createClass(t, teacher.token, validClass(bookId, { isReview: '1', name: '报告一班' }));
      const otherCls = await createClass(
        t,
        otherCollegeTeacher.token,
        validClass(bookId, { isReview: '1', name: '外校班' }),
      );
      const s1 = await buildMember(db, { college, roles: '3' });
      const s2 = await buildMember(db, { college, roles: '3' });
      const s3 = await buildMember(db, { college, roles: '3' });
      const s4 = await buildMember(db, { college: other, roles: '3' });
      expectOk(await join(t, s1.token, cls.code, 'A01', '甲同学'));
      expectOk(await join(t, s2.token, cls.code, 'A02', '乙同学'));
      expectOk(await join(t, s3.token, cls.code, 'A03', '丙同学'));
      expectOk(await join(t, s4.token, otherCls.code, 'B01', '丁同学'));

      vi.useFakeTimers({ toFake: ['Date'] });
      const leave = async (m: BuiltMember, chapter: number, read: number, seconds: number) =>
        expectOk(
          await post(
            '/api/book/extend/leave',
            { bookId, chapterId: chapters[chapter], reads: [{ chapterId: chapters[chapter], read }], seconds },
            m.token,
          ),
        );
      const note = async (m: BuiltMember, chapter: number, content: string) =>
        expectOk(
          await post<{ id: number }>(
            '/api/reader/note/add',
            { bookId, chapterId: chapters[chapter], quote: '学而时习之', startOffset: 0, endOffset: 5, content },
            m.token,
          ),
        );
      vi.setSystemTime(at(D1));
      await leave(s1, 0, 1, 600);
      await note(s1, 0, '');
      vi.setSystemTime(at(D2));
      await leave(s1, 1, 0.5, 360);
      await note(s1, 1, '这里为什么？');
      await leave(s2, 0, 0.5, 120);
      await note(s2, 0, '');
      const gone = await note(s2, 0, '');
      expectOk(await post(`/api/reader/note/delete/${gone.id}`, {}, s2.token));
      await leave(s4, 0, 0.2, 60);
      const hw = await homework(
        bookId,
        { teacher, classId: cls.id, otherTeacher: otherCollegeTeacher, otherClassId: otherCls.id },
        { s1, s2, s3, s4 },
      );
      return {
        bookId,
        chapters,
        classId: cls.id,
        teacher,
        otherTeacher,
        admin,
        otherAdmin,
        otherCollegeTeacher,
        s1,
        s2,
        s3,
        otherClassId: otherCls.id,
        staff,
        hw,
      };
    })();
    return world;
  }

  /** The homework of the fixture, through the homework module's own routes (see `setup`). Returns the released. */
  async function homework(
    bookId: number,
    c: { teacher: BuiltMember; classId: number; otherTeacher: BuiltMember; otherClassId: number },
    s: Record<'s1' | 's2' | 's3' | 's4', BuiltMember>,
  ): Promise<number[]> {
    const sections = await t.ctx.db
      .selectFrom('book_sections')
      .select('id')
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
    const questions = async (teacher: BuiltMember) => ({
      single: expectOk(
        await post<{ id: number }>(
          '/api/myQuestion/save',
          {
            type: 'single',
            stem: '<p>选出正确的一项</p>',
            options: ['A', 'B', 'C', 'D'].map((key) => ({ key, html: `<p>选项${key}</p>` })),
            answer: 'B',
            analysis: '选B',
          },
          teacher.token,
        ),
      ).id,
      judge: expectOk(
        await post<{ id: number }>(
          '/api/myQuestion/save',
          { type: 'judge', stem: '<p>学而时习之</p>', answer: true, analysis: '对' },
          teacher.token,
        ),
      ).id,
    });
    const mine = await questions(c.teacher);
    const theirs = await questions(c.otherTeacher);
    const make = async (
      teacher: BuiltMember,
      q: { single: number; judge: number },
      classId: number,
      section: number,
      title: string,
      open: number,
      due: number,
      release = true,
    ) => {
      const draft = expectOk(
        await post<HomeworkRow>(
          '/api/homework/teacher/save',
          {
            classId,
            sectionId: sections[section]!.id,
            title,
            description: '',
            openTime: formatClassTime(open),
            dueTime: formatClassTime(due),
            lateRule: 'none',
            lateDeduct: 0,
            items: [
              { questionId: q.single, score: 6 },
              { questionId: q.judge, score: 4 },
            ],
          },
          teacher.token,
        ),
      );
      if (!release) return draft.id;
      return expectOk(await post<HomeworkRow>('/api/homework/teacher/release', { id: draft.id }, teacher.token)).id;
    };
    /** Submits with the single choice and the judgement right or wrong. */
    const submit = async (m: BuiltMember, id: number, single: boolean, judge: boolean) => {
      const info = expectOk(await get<StudentHomeworkInfo>(`/api/homework/student/info?id=${id}`, m.token));
      const item = (type: string) => String(info.questions.find((x) => x.question.type === type)!.itemId);
      expectOk(
        await post(
          '/api/homework/student/submit',
          { id, answers: { [item('single')]: single ? 'B' : 'A', [item('judge')]: judge } },
          m.token,
        ),
      );
    };
    vi.setSystemTime(at(D1));
    const hw1 = await make(c.teacher, mine, c.classId, 0, '第一章练习', at(D1) - HOUR, at(D2) + 8 * HOUR);
    await submit(s.s1, hw1, true, true);
    vi.setSystemTime(at(D2));
    const hw2 = await make(c.teacher, mine, c.classId, 1, '第二章练习', at(D2) - HOUR, at(D2) + 10 * HOUR);
    const hw3 = await make(c.teacher, mine, c.classId, 2, '第三章练习', at(D2) - HOUR, at(D2) + 10 * HOUR);
    await make(c.teacher, mine, c.classId, 2, '草稿作业', at(D2) - HOUR, at(D2) + 10 * HOUR, false);
    const elsewhere = await make(c.otherTeacher, theirs, c.otherClassId, 0, '外校练习', at(D2) - HOUR, at(D2) + HOUR);
    await submit(s.s2, hw1, true, false);
    await submit(s.s1, hw2, true, false);
    await submit(s.s3, hw2, false, false);
    await submit(s.s4, elsewhere, true, true);
    return [hw1, hw2, hw3];
  }

  it('a student study report: time per day, books and chapters, term days, notes and highlights', async () => {
    const w = await setup();
    const r = expectOk(await get<StudyReport>(`/api/myReport/overview?start=${D1}&end=${D2}`, w.s1.token));
    expect(r).toMatchObject({
      start: D1,
      end: D2,
      seconds: 960,
      days: 2,
      notes: 1,
      highlights: 1,
      daily: [
        { day: D1, seconds: 600 },
        { day: D2, seconds: 360 },
      ],
      term: { name: '2026年秋季学期', start: '2026-08-01', end: '2027-01-31', days: 2 },
    });
    expect(r.books).toHaveLength(1);
    expect(r.books[0]).toMatchObject({ bookId: w.bookId, progress: 0.5, seconds: 960, days: 2, lastDay: D2 });
    expect(r.books[0]!.chapters.map((c) => [c.title, c.read, c.seconds, c.notes, c.highlights])).toEqual([
      ['第一章', 1, 600, 0, 1],
      ['第二章', 0.5, 360, 1, 0],
      ['第三章', 0, 0, 0, 0],
    ]);
    // The default range is the term up to today.
    const d = expectOk(await get<StudyReport>('/api/myReport/overview', w.s1.token));
    expect([d.start, d.end, d.seconds]).toEqual(['2026-08-01', D2, 960]);
    // One day only.
    const one = expectOk(await get<StudyReport>(`/api/myReport/overview?start=${D2}&end=${D2}`, w.s1.token));
    expect([one.seconds, one.days, one.notes, one.highlights]).toEqual([360, 1, 1, 0]);
    // A member who never read has an empty report, not an error.
    const none = expectOk(await get<StudyReport>('/api/myReport/overview', w.s3.token));
    expect([none.seconds, none.books.length, none.term.days]).toEqual([0, 0, 0]);
  });

  it('a class report: each student, who has not opened the book, the struggle map, days', async () => {
    const w = await setup();
    const r = expectOk(
      await get<ClassReport>(`/api/classReport/detail?classId=${w.classId}&start=${D1}&end=${D2}`, w.teacher.token),
    );
    expect(r).toMatchObject({
      className: '报告一班',
      students: 3,
      opened: 2,
      avgProgress: 0.222,
      seconds: 1080,
      avgDays: 1,
      notes: 1,
      highlights: 2,
      notOpened: [{ memberId: w.s3.id, name: '丙同学', studentId: 'A03' }],
      daily: [
        { day: D1, seconds: 600, readers: 1 },
        { day: D2, seconds: 480, readers: 2 },
      ],
    });
    expect(
      r.roster.map((s) => [s.name, s.opened, s.progress, s.seconds, s.days, s.notes, s.highlights, s.lastDay]),
    ).toEqual([
      ['甲同学', true, 0.5, 960, 2, 1, 1, D2],
      ['乙同学', true, 0.166, 120, 1, 0, 1, D2],
      ['丙同学', false, 0, 0, 0, 0, 0, null],
    ]);
    // Chapter 1: (720 s + 2 highlights × 60) / 2 readers = 420; chapter 2: (360 + 1 note × 120) / 1 = 480 → 100.
    expect(r.sections.map((s) => [s.title, s.seconds, s.readers, s.notes, s.highlights, s.read, s.struggle])).toEqual([
      ['第一章', 720, 2, 0, 2, 0.5, 88],
      ['第二章', 360, 1, 1, 0, 0.167, 100],
      ['第三章', 0, 0, 0, 0, 0, 0],
    ]);
    // The date range filters time, days and notes (progress is where each student stands).
    const d1 = expectOk(
      await get<ClassReport>(`/api/classReport/detail?classId=${w.classId}&start=${D1}&end=${D1}`, w.teacher.token),
    );
    expect([d1.seconds, d1.notes, d1.highlights, d1.roster[1]!.seconds]).toEqual([600, 0, 1, 0]);
  });

  it('homework: a student’s scores over time, the class’s completion and score bands, within the range', async () => {
    const w = await setup();
    const [hw1, hw2, hw3] = w.hw as [number, number, number];
    const mine = expectOk(await get<StudyReport>(`/api/myReport/overview?start=${D1}&end=${D2}`, w.s1.token));
    expect(mine.homework).toEqual([
      { id: hw1, title: '第一章练习', day: D1, score: 10, fullScore: 10 },
      { id: hw2, title: '第二章练习', day: D2, score: 6, fullScore: 10 },
    ]);
    // Work submitted within the range only; none is null (the page shows no chart).
    const d2 = expectOk(await get<StudyReport>(`/api/myReport/overview?start=${D2}&end=${D2}`, w.s1.token));
    expect(d2.homework?.map((h) => [h.id, h.score])).toEqual([[hw2, 6]]);
    const s2d1 = expectOk(await get<StudyReport>(`/api/myReport/overview?start=${D1}&end=${D1}`, w.s2.token));
    expect(s2d1.homework).toBeNull();
    // The teacher's click on a student: that class's homework.
    const s2 = expectOk(
      await get<StudyReport>(
        `/api/classReport/student?classId=${w.classId}&memberId=${w.s2.id}&start=${D1}&end=${D2}`,
        w.teacher.token,
      ),
    );
    expect(s2.homework).toEqual([{ id: hw1, title: '第一章练习', day: D2, score: 6, fullScore: 10 }]);

    // The class: released homework only (not the draft, not the other class's), each with the roster's
    // submissions and average; students by their average share of the full score: S1 (100 + 60) / 2 = 80,
    // S2 60, S3 0.
    const detail = (start: string, end: string) =>
      get<ClassReport>(`/api/classReport/detail?classId=${w.classId}&start=${start}&end=${end}`, w.teacher.token);
    const r = expectOk(await detail(D1, D2));
    expect(r.homework).toEqual({
      items: [
        { id: hw1, title: '第一章练习', day: D2, score: 8, fullScore: 10, submitted: 2, students: 3 },
        { id: hw2, title: '第二章练习', day: D2, score: 3, fullScore: 10, submitted: 2, students: 3 },
        { id: hw3, title: '第三章练习', day: D2, score: null, fullScore: 10, submitted: 0, students: 3 },
      ],
      bands: [
        { band: '60分以下', students: 1 },
        { band: '60-69分', students: 1 },
        { band: '70-79分', students: 0 },
        { band: '80-89分', students: 1 },
        { band: '90-100分', students: 0 },
      ],
    });
    expect(r.roster.map((s) => [s.name, s.homeworkDone, s.homeworkScore])).toEqual([
      ['甲同学', 2, 80],
      ['乙同学', 1, 60],
      ['丙同学', 1, 0],
    ]);
    // D1 alone covers only 第一章练习 (open on D1, due on D2); its submissions count whenever they came.
    const d1 = expectOk(await detail(D1, D1));
    expect(d1.homework?.items.map((h) => [h.id, h.submitted, h.score])).toEqual([[hw1, 2, 8]]);
    expect(d1.homework?.bands.map((b) => b.students)).toEqual([0, 1, 0, 0, 1]);
    expect(d1.roster.map((s) => [s.homeworkDone, s.homeworkScore])).toEqual([
      [1, 100],
      [1, 60],
      [0, null],
    ]);
    // After every deadline: no homework in the range.
    const later = expectOk(await detail('2026-11-04', '2026-11-05'));
    expect(later.homework).toBeNull();
    expect(later.roster[0]!.homeworkDone).toBeUndefined();
  });

  it("a student's report within the class: the teacher's click; a member not in the class is 404", async () => {
    const w = await setup();
    const r = expectOk(
      await get<StudyReport>(
        `/api/classReport/student?classId=${w.classId}&memberId=${w.s2.id}&start=${D1}&end=${D2}`,
        w.teacher.token,
      ),
    );
    expect(r).toMatchObject({ title: '乙同学的学习报告 - 报告一班', seconds: 120, days: 1, highlights: 1 });
    expect(r.books.map((b) => b.bookId)).toEqual([w.bookId]);
    const outsider = await get(
      `/api/classReport/student?classId=${w.classId}&memberId=${w.otherTeacher.id}`,
      w.teacher.token,
    );
    expect(outsider.status).toBe(404);
  });

  it('the teaching report puts the teacher’s classes side by side; the textbook report by college', async () => {
    const w = await setup();
    const teaching = expectOk(
      await get<TeachingReport>(`/api/classReport/teaching?start=${D1}&end=${D2}`, w.teacher.token),
    );
    expect(teaching.classes.map((c) => [c.className, c.students, c.opened, c.seconds, c.avgDays])).toEqual([
      ['报告一班', 3, 2, 1080, 1],
    ]);
    expect(teaching.daily).toEqual([
      { day: D1, values: [600] },
      { day: D2, values: [480] },
    ]);
    // A college administrator: their college only.
    const mine = expectOk(
      await get<TextbookReport>(`/api/classReport/textbook?bookId=${w.bookId}&start=${D1}&end=${D2}`, w.admin.token),
    );
    expect(mine.colleges.map((c) => [c.classes, c.students, c.opened, c.seconds])).toEqual([[1, 3, 2, 1080]]);
    expect(mine.classes.map((c) => c.className)).toEqual(['报告一班']);
    const month = mine.months.find((m) => m.month === '2026-11')!;
    expect([month.reads, month.readers]).toEqual([3, 2]);
    const theirs = expectOk(
      await get<TextbookReport>(
        `/api/classReport/textbook?bookId=${w.bookId}&start=${D1}&end=${D2}`,
        w.otherAdmin.token,
      ),
    );
    expect(theirs.classes.map((c) => [c.className, c.seconds])).toEqual([['外校班', 60]]);
    // The publisher's staff: every college.
    const all = expectOk(
      await get<TextbookReport>(`/api/admin/report/textbook?bookId=${w.bookId}&start=${D1}&end=${D2}`, w.staff.token),
    );
    expect(all.classes.map((c) => c.className).sort()).toEqual(['外校班', '报告一班'].sort());
    expect(all.colleges).toHaveLength(2);
    expect(all.months.find((m) => m.month === '2026-11')).toMatchObject({ reads: 4, readers: 3 });
  });

  it('month statistics: reads (member-days) and readers per month, of one book', async () => {
    const w = await setup();
    const months = expectOk(await get<MonthFigure[]>(`/api/book/month/statistics?bookId=${w.bookId}`));
    expect(months).toHaveLength(12);
    expect(months.find((m) => m.month === '2026-11')).toMatchObject({ reads: 4, readers: 3 });
  });

  it('permissions: own report only, the class teacher only, the college admin and staff', async () => {
    const w = await setup();
    expect((await get('/api/myReport/overview')).status).toBe(401);
    const detail = `/api/classReport/detail?classId=${w.classId}`;
    expect((await get(detail)).status).toBe(401);
    expect((await get(detail, w.s1.token)).status).toBe(403);
    expect((await get(detail, w.otherTeacher.token)).status).toBe(403);
    expect((await get(detail, w.otherCollegeTeacher.token)).status).toBe(403);
    expect((await get(detail, w.admin.token)).status).toBe(403);
    expect((await get(`/api/classReport/student?classId=${w.classId}&memberId=${w.s1.id}`, w.s2.token)).status).toBe(
      403,
    );
    expect(
      (await get(`/api/classReport/student?classId=${w.classId}&memberId=${w.s1.id}`, w.otherTeacher.token)).status,
    ).toBe(403);
    expect((await get('/api/classReport/textbook', w.teacher.token)).status).toBe(403);
    expect((await get('/api/admin/report/textbook', w.admin.token)).status).toBe(403);
    expect((await get('/api/classReport/teaching', w.s1.token)).status).toBe(403);
    // A teacher's teaching report never lists another teacher's class.
    const other = expectOk(await get<TeachingReport>('/api/classReport/teaching', w.otherTeacher.token));
    expect(other.classes).toEqual([]);
    // Bad ranges are told, not failed.
    const bad = await get(`/api/myReport/overview?start=${D2}&end=${D1}`, w.s1.token);
    expect([bad.status, bad.body.msg]).toEqual([400, ReportMsg.RANGE_ORDER]);
    const long = await get('/api/myReport/overview?start=2024-01-01&end=2026-01-01', w.s1.token);
    expect([long.status, long.body.msg]).toEqual([400, ReportMsg.RANGE_TOO_LONG]);
    const text = await get(`/api/myReport/export?type=1`, w.s1.token);
    expect([text.status, text.body.msg]).toEqual([400, ReportMsg.EXPORT_TYPE]);
  });

  it('the rollups equal a full recount of the raw events, also after a note turns into a highlight and back', async () => {
    const w = await setup();
    await expectRollupsRecounted();
    const { id } = await t.ctx.db
      .selectFrom('reader_notes')
      .select('id')
      .where('member_id', '=', w.s1.id)
      .where('content', '=', '这里为什么？')
      .executeTakeFirstOrThrow();
    const edit = async (content: string) =>
      expectOk(await post(`/api/reader/note/update/${id}`, { content }, w.s1.token));
    await edit('');
    await expectRollupsRecounted();
    const asHighlight = expectOk(await get<StudyReport>(`/api/myReport/overview?start=${D1}&end=${D2}`, w.s1.token));
    expect([asHighlight.notes, asHighlight.highlights]).toEqual([0, 2]);
    await edit('改过的问题');
    await edit('这里为什么？');
    await expectRollupsRecounted();
    const back = expectOk(await get<StudyReport>(`/api/myReport/overview?start=${D1}&end=${D2}`, w.s1.token));
    expect([back.notes, back.highlights]).toEqual([1, 1]);
  });

  /** Recounts time, notes and highlights per member, book, day and chapter from the raw events; compares. */
  async function expectRollupsRecounted() {
    const db = t.ctx.db;
    const DAY = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const recount = new Map<string, { seconds: number; notes: number; highlights: number }>();
    const cell = (k: string) => {
      let c = recount.get(k);
      if (!c) recount.set(k, (c = { seconds: 0, notes: 0, highlights: 0 }));
      return c;
    };
    const times = await db
      .selectFrom('reading_time as r')
      .innerJoin('book_chapters as c', 'c.id', 'r.chapter_id')
      .select(['r.member_id', 'r.book_id', 'r.day', 'r.seconds', 'c.path'])
      .execute();
    for (const r of times) cell(`${r.member_id}|${r.book_id}|${r.day}|${r.path}`).seconds += Number(r.seconds);
    const notes = await db.selectFrom('reader_notes').selectAll().execute();
    for (const n of notes) {
      const c = cell(`${n.member_id}|${n.book_id}|${DAY.format(new Date(Number(n.created_at)))}|${n.chapter_path}`);
      if (n.content.trim()) c.notes += 1;
      else c.highlights += 1;
    }
    const rolled = await db.selectFrom('report_daily').selectAll().execute();
    const asMap = new Map(
      rolled
        .filter((r) => r.seconds || r.notes || r.highlights)
        .map((r) => [
          `${r.member_id}|${r.book_id}|${r.day}|${r.chapter_path}`,
          { seconds: Number(r.seconds), notes: Number(r.notes), highlights: Number(r.highlights) },
        ]),
    );
    expect(asMap).toEqual(recount);
    const positions = await db
      .selectFrom('reading_positions')
      .select(['member_id', 'book_id', 'progress', 'reads'])
      .execute();
    const books = await db.selectFrom('report_books').select(['member_id', 'book_id', 'progress', 'reads']).execute();
    const key = (r: { member_id: number; book_id: number }) => `${r.member_id}|${r.book_id}`;
    expect(new Map(books.map((b) => [key(b), [Number(b.progress), b.reads]]))).toEqual(
      new Map(positions.map((p) => [key(p), [Number(p.progress), p.reads]])),
    );
  }

  it('exports: the class report as a workbook and a PDF, the study report too, read back', async () => {
    const w = await setup();
    // The worker pool keeps real time.
    vi.useRealTimers();
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/classReport/export?classId=${w.classId}&start=${D1}&end=${D2}&type=0`,
      headers: { authorization: `Bearer ${w.teacher.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      '概况',
      '学生',
      '章节难点',
      '每日阅读',
      '作业',
      '作业成绩分布',
    ]);
    const students = book.getWorksheet('学生')!;
    expect(students.getRow(1).values).toEqual([
      undefined,
      '学号',
      '姓名',
      '阅读进度',
      '阅读时长（分钟）',
      '阅读天数',
      '笔记',
      '划线',
      '最近阅读',
      '作业完成',
      '作业平均得分率（%）',
    ]);
    expect(students.getRow(2).values).toEqual([undefined, 'A01', '甲同学', '50%', 16, 2, 1, 1, D2, 2, 80]);
    expect(students.getRow(4).getCell(3).value).toBe('未打开教材的学生');
    const sections = book.getWorksheet('章节难点')!;
    expect(sections.getRow(3).values).toEqual([undefined, '第二章', 100, '17%', 6, 1, 1, 0]);
    const homework = book.getWorksheet('作业')!;
    expect([1, 2, 3, 4].map((i) => homework.getRow(i).values)).toEqual([
      [undefined, '作业', '截止日期', '提交人数', '学生数', '平均分', '满分'],
      [undefined, '第一章练习', D2, 2, 3, 8, 10],
      [undefined, '第二章练习', D2, 2, 3, 3, 10],
      [undefined, '第三章练习', D2, 0, 3, '', 10],
    ]);
    const bands = book.getWorksheet('作业成绩分布')!;
    expect([1, 2, 3, 4, 5, 6].map((i) => bands.getRow(i).values)).toEqual([
      [undefined, '得分率', '学生数'],
      [undefined, '60分以下', 1],
      [undefined, '60-69分', 1],
      [undefined, '70-79分', 0],
      [undefined, '80-89分', 1],
      [undefined, '90-100分', 0],
    ]);

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/myReport/export?start=${D1}&end=${D2}&type=0`,
      headers: { authorization: `Bearer ${w.s1.token}` },
    });
    const study = new ExcelJS.Workbook();
    await study.xlsx.load(mine.rawPayload as unknown as ArrayBuffer);
    expect(study.getWorksheet('每日阅读')!.getRow(2).values).toEqual([undefined, D1, 10]);
    const scores = study.getWorksheet('作业')!;
    expect([1, 2, 3].map((i) => scores.getRow(i).values)).toEqual([
      [undefined, '作业', '日期', '作业得分', '满分'],
      [undefined, '第一章练习', D1, 10, 10],
      [undefined, '第二章练习', D2, 6, 10],
    ]);

    if (!cjkFont(t.ctx.config.pdfFont)) return;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/classReport/export?classId=${w.classId}&start=${D1}&end=${D2}&type=2`,
      headers: { authorization: `Bearer ${w.teacher.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).join('\n');
    for (const s of [
      '班级学习报告 - 报告一班',
      '甲同学',
      '丙同学',
      '章节难点分布（划线、笔记与停留时长）',
      '第二章',
      '作业成绩分布',
      '第三章练习',
    ]) {
      expect(text).toContain(s);
    }
    const teaching = await t.app.inject({
      method: 'GET',
      url: `/api/classReport/teachingExport?type=2&start=${D1}&end=${D2}`,
      headers: { authorization: `Bearer ${w.teacher.token}` },
    });
    expect(pdfText(teaching.rawPayload).join('\n')).toContain('报告一班');
    const textbook = await t.app.inject({
      method: 'GET',
      url: `/api/admin/report/textbookExport?type=2&bookId=${w.bookId}&start=${D1}&end=${D2}`,
      headers: { authorization: `Bearer ${w.staff.token}` },
    });
    expect(pdfText(textbook.rawPayload).join('\n')).toContain('外校班');
    // The first export starts the worker threads and loads the CJK font: slow on a busy machine.
  }, 120_000);

  it('exports of the other reports, read back: a student in the class, teaching, a college admin’s textbook', async () => {
    const w = await setup();
    vi.useRealTimers();
    const download = async (url: string, token: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const workbook = async (url: string, token: string) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await download(url, token)) as unknown as ArrayBuffer);
      return book;
    };
    const range = `start=${D1}&end=${D2}`;
    // The teacher's click, exported: the student's figures and this class's homework.
    const student = await workbook(
      `/api/classReport/studentExport?classId=${w.classId}&memberId=${w.s2.id}&${range}&type=0`,
      w.teacher.token,
    );
    expect(student.getWorksheet('概况')!.getCell('A1').value).toBe('乙同学的学习报告 - 报告一班');
    expect(student.getWorksheet('作业')!.getRow(2).values).toEqual([undefined, '第一章练习', D2, 6, 10]);
    expect(
      (await get(`/api/classReport/studentExport?classId=${w.classId}&memberId=${w.s1.id}&type=0`, w.s2.token)).status,
    ).toBe(403);
    // The teaching report: one row per class.
    const teaching = await workbook(`/api/classReport/teachingExport?${range}&type=0`, w.teacher.token);
    expect(teaching.getWorksheet('班级对比')!.getRow(2).values).toEqual([
      undefined,
      '报告一班',
      '报告教材',
      3,
      2,
      '22%',
      6,
      1,
      1,
      2,
    ]);
    // A college administrator's textbook export holds their college only; the staff's holds both.
    const classesOf = (book: ExcelJS.Workbook) => {
      const sheet = book.getWorksheet('班级对比')!;
      return Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).getCell(2).value).sort();
    };
    const url = `bookId=${w.bookId}&${range}&type=0`;
    expect(classesOf(await workbook(`/api/classReport/textbookExport?${url}`, w.admin.token))).toEqual(['报告一班']);
    expect(classesOf(await workbook(`/api/classReport/textbookExport?${url}`, w.otherAdmin.token))).toEqual(['外校班']);
    expect(classesOf(await workbook(`/api/admin/report/textbookExport?${url}`, w.staff.token))).toEqual(
      ['外校班', '报告一班'].sort(),
    );
    expect((await get(`/api/classReport/textbookExport?${url}`, w.teacher.token)).status).toBe(403);
    // The study report's PDF: its title and homework table.
    if (!cjkFont(t.ctx.config.pdfFont)) return;
    const pdf = pdfText(await download(`/api/myReport/export?${range}&type=2`, w.s1.token)).join('\n');
    for (const s of ['学习报告', '第一章练习', '第二章练习']) expect(pdf).toContain(s);
  }, 120_000);
});
