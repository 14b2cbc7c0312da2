import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, redisReachable } from './redis.js';
import {
  formatClassTime,
  Role,
  type CollegeBookRow,
  type HomeworkRow,
  type StudentHomeworkInfo,
  type StudentHomeworkRow,
  type TeacherHomeworkInfo,
  type MemberInfo,
  type MyClassRow,
  type Paged,
  type ShelfBook,
} from '@textbook/contracts';
import { appContext, buildApp } from '../src/app.js';
import { addMembership, giveRole, removeMembership } from '../src/modules/member/index.js';
import { writeCollege } from '../src/modules/college/info.js';
import { notify } from '../src/modules/notice/index.js';
import { grantShelfEntry, revokeShelfEntry } from '../src/modules/shelf/index.js';
import { buildBook, buildClassWorld, createClass, join, validClass } from './classes.js';
import { buildCollege, buildMember, buildStaff, type BuiltMember } from './factories.js';
import { call, expectOk, useTestApp, type TestApp } from './helpers.js';

/**
 * Issue 21: a member's hot reads (member info, the shelf, my classes, the notice badge) are answered from a
 * per-instance cache; every write that changes one drops it at once — on the writer's instance and, through the
 * cache bus, on the others. Each case (a row of `cases`) reads (so the answer is kept), writes, and reads again on
 * the reader's instance well within the cache's 5-second limit: the change shows. On one app, then on two apps
 * sharing the bus through Redis (writes on one, reads on the other).
 */

/** The reader sees the change long before the cache's time limit would have shown it. */
const WITHIN_MS = 800;

/** Reads until `check` passes, for WITHIN_MS at most; after that the check's failure is the test's. */
async function shows<V>(read: () => Promise<V>, check: (value: V) => void): Promise<void> {
  const until = Date.now() + WITHIN_MS;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Apps {
  writer: TestApp;
  reader: TestApp;
}

/**
 * One case: its world (`given`, made on the writer), the read on the reader's instance and what it shows first
 * (that answer is now in the reader's cache), then each write on the writer and what the same read shows after
 * it, within WITHIN_MS. `once`: read once, right after the "write", instead (what no write announces).
 */
interface ReadCase<S, V> {
  name: string;
  given: (writer: TestApp) => Promise<S>;
  read: (reader: TestApp, s: S) => Promise<V>;
  before: (value: V, s: S) => void;
  steps: { write: (writer: TestApp, s: S) => Promise<unknown>; after: (value: V, s: S) => void; once?: true }[];
}

/** The case as a name and a run on two apps (the same app twice on one instance). */
function readCase<S, V>(c: ReadCase<S, V>): [string, (apps: Apps) => Promise<void>] {
  return [
    c.name,
    async ({ writer, reader }) => {
      const s = await c.given(writer);
      const read = () => c.read(reader, s);
      await shows(read, (v) => c.before(v, s));
      for (const step of c.steps) {
        await step.write(writer, s);
        if (step.once) step.after(await read(), s);
        else await shows(read, (v) => step.after(v, s));
      }
    },
  ];
}

const info = (t: TestApp, m: BuiltMember) =>
  call<{ member: MemberInfo }>(t.app, { url: '/api/getMemberInfo', token: m.token });
const memberInfo = async (t: TestApp, m: BuiltMember) => expectOk(await info(t, m)).member;
const shelf = async (t: TestApp, m: BuiltMember) =>
  expectOk(await call<Paged<ShelfBook>>(t.app, { url: '/api/shelfBook/page?pageNum=1&pageSize=50', token: m.token }));
const myClasses = async (t: TestApp, m: BuiltMember) =>
  expectOk(
    await call<Paged<MyClassRow>>(t.app, {
      method: 'POST',
      url: '/api/class/student/myClass',
      token: m.token,
      payload: {},
    }),
  );
const unread = async (t: TestApp, m: BuiltMember) =>
  expectOk(await call<number>(t.app, { url: '/api/msg-notice/count', token: m.token }));
/** A class world (teacher, student, book) and a class of the teacher's: joins approved at once ('0') or not. */
const aClass = (isReview: '0' | '1') => async (w: TestApp) => {
  const world = await buildClassWorld(w.ctx);
  return { world, cls: await createClass(w, world.teacher.token, validClass(world.bookId, { isReview })) };
};
const post = async (t: TestApp, url: string, token: string, payload?: object) =>
  expectOk(await call(t.app, { method: 'POST', url, token, payload }));
const get = async <T>(t: TestApp, url: string, token: string) => expectOk(await call<T>(t.app, { url, token }));

/** A class of the world's book (joins approved at once) with a student in it, a section, and a short question. */
async function homeworkWorld(w: TestApp) {
  const world = await buildClassWorld(w.ctx);
  const { id: sectionId } = await w.ctx.db
    .insertInto('book_sections')
    .values({ book_id: world.bookId, seq: 0, level: 1, title: '第一章', chapter_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cls = await createClass(w, world.teacher.token, validClass(world.bookId, { isReview: '1' }));
  expectOk(await join(w, world.student.token, cls.code));
  const questionId = expectOk(
    await call<{ id: number }>(w.app, {
      method: 'POST',
      url: '/api/myQuestion/save',
      token: world.teacher.token,
      payload: { type: 'short', stem: '<p>简答</p>', answer: '<p>参考</p>', analysis: '简' },
    }),
  ).id;
  const now = Date.now();
  const body = {
    classId: cls.id,
    sectionId: Number(sectionId),
    title: '第一章作业',
    description: '',
    openTime: formatClassTime(now - 3_600_000),
    dueTime: formatClassTime(now + 7_200_000),
    lateRule: 'none',
    lateDeduct: 0,
    items: [{ questionId, score: 10 }],
  };
  const save = () =>
    call<HomeworkRow>(w.app, {
      method: 'POST',
      url: '/api/homework/teacher/save',
      token: world.teacher.token,
      payload: body,
    });
  /** Saves a draft and releases it (the students are told). */
  const release = async () => {
    const draft = expectOk(await save());
    return post(w, '/api/homework/teacher/release', world.teacher.token, { id: draft.id }) as Promise<HomeworkRow>;
  };
  const submit = (id: number) => post(w, '/api/homework/student/submit', world.student.token, { id, answers: {} });
  return { world, cls, body, save, release, submit };
}
type HomeworkWorld = Awaited<ReturnType<typeof homeworkWorld>>;
const teacherHomework = (r: TestApp, s: HomeworkWorld) =>
  get<HomeworkRow[]>(r, `/api/homework/teacher/listByChapter?classId=${s.cls.id}`, s.world.teacher.token);
const studentHomework = (r: TestApp, s: HomeworkWorld) =>
  get<Paged<StudentHomeworkRow>>(r, '/api/homework/student/list?pageNum=1&pageSize=10', s.world.student.token);

const cases = [
  readCase({
    name: 'member info: the member changes their user name',
    given: (w) => buildMember(w.ctx.db),
    read: memberInfo,
    before: (i) => expect(i.userName).not.toBe('新名字'),
    steps: [
      {
        write: (w, m) => post(w, '/api/updateName', m.token, { userName: '新名字' }),
        after: (i) => expect(i.userName).toBe('新名字'),
      },
    ],
  }),
  readCase({
    name: 'member info: the member switches college',
    given: async (w) => {
      const [first, second] = [await buildCollege(w.ctx.db), await buildCollege(w.ctx.db)];
      const m = await buildMember(w.ctx.db, { college: first, roles: '3' });
      await addMembership(w.ctx, w.ctx.db, {
        collegeId: second.id,
        memberId: m.id,
        roles: '2',
        realName: '',
        studentId: '',
      });
      return { m, first, second };
    },
    read: (r, s) => memberInfo(r, s.m),
    before: (i, s) => expect(i).toMatchObject({ collegeId: s.first.id, roleList: [Role.STUDENT] }),
    steps: [
      {
        write: (w, s) => post(w, '/api/college/switch', s.m.token, { collegeId: s.second.id }),
        after: (i, s) => expect(i).toMatchObject({ collegeId: s.second.id, roleList: [Role.TEACHER], teacher: true }),
      },
    ],
  }),
  readCase({
    name: 'member info: a role is given (a teacher certified) and its areas open',
    given: async (w) => {
      const college = await buildCollege(w.ctx.db);
      return { college, m: await buildMember(w.ctx.db, { college, roles: '3' }) };
    },
    read: (r, s) => memberInfo(r, s.m),
    before: (i) => expect(i.abilities).not.toContain('teachingSpace'),
    steps: [
      {
        write: (w, s) => giveRole(w.ctx, w.ctx.db, { memberId: s.m.id, collegeId: s.college.id, role: Role.TEACHER }),
        after: (i) => {
          expect(i.roleList).toContain(Role.TEACHER);
          expect(i.abilities).toContain('teachingSpace');
        },
      },
    ],
  }),
  readCase({
    name: 'member info: a membership is added, then removed',
    given: async (w) => {
      const [home, other] = [await buildCollege(w.ctx.db), await buildCollege(w.ctx.db)];
      return { other, m: await buildMember(w.ctx.db, { college: home, roles: '3' }), id: 0 };
    },
    read: (r, s) => memberInfo(r, s.m),
    before: (i) => expect(i.extras.CollegeList).toHaveLength(1),
    steps: [
      {
        write: async (w, s) => {
          s.id = (await addMembership(w.ctx, w.ctx.db, {
            collegeId: s.other.id,
            memberId: s.m.id,
            roles: '3',
            realName: '',
            studentId: '',
          }))!;
        },
        after: (i) => expect(i.extras.CollegeList).toHaveLength(2),
      },
      {
        write: (w, s) => removeMembership(w.ctx, w.ctx.db, { id: s.id, memberId: s.m.id }),
        after: (i) => expect(i.extras.CollegeList).toHaveLength(1),
      },
    ],
  }),
  readCase({
    name: 'member info: the college is renamed',
    given: async (w) => {
      const college = await buildCollege(w.ctx.db);
      return { college, m: await buildMember(w.ctx.db, { college, roles: '3' }), renamed: `${college.name}（新）` };
    },
    read: (r, s) => memberInfo(r, s.m),
    before: (i, s) => expect(i.collegeName).toBe(s.college.name),
    steps: [
      {
        write: (w, s) =>
          writeCollege(w.ctx, s.college.id, {
            name: s.renamed,
            logo: '',
            contact: '',
            phone: '',
            address: '',
            introduction: '',
          }),
        after: (i, s) => expect(i.collegeName).toBe(s.renamed),
      },
    ],
  }),
  readCase({
    name: 'member info: the staff disable the member — their session ends at once',
    given: async (w) => ({ m: await buildMember(w.ctx.db), staff: await buildStaff(w.ctx.db, { isAdmin: true }) }),
    read: (r, s) => info(r, s.m),
    before: (res) => void expectOk(res),
    steps: [
      {
        write: (w, s) => post(w, '/api/admin/member/disable', s.staff.token, { id: s.m.id }),
        after: (res) => expect(res.status).toBe(401),
      },
    ],
  }),
  readCase({
    name: 'member info: logout ends the session at once',
    given: (w) => buildMember(w.ctx.db),
    read: info,
    before: (res) => void expectOk(res),
    steps: [{ write: (w, m) => post(w, '/api/logout', m.token), after: (res) => expect(res.status).toBe(401) }],
  }),
  readCase({
    name: "member info: a class join sets the college's student id",
    given: aClass('1'),
    read: (r, s) => memberInfo(r, s.world.student),
    before: (i) => expect(i.studentId).toBe(''),
    steps: [
      {
        write: async (w, s) => expectOk(await join(w, s.world.student.token, s.cls.code, 'S9001', '李四')),
        after: (i) => expect(i.studentId).toBe('S9001'),
      },
    ],
  }),
  readCase({
    name: 'shelf: a grant adds the book, its revocation takes it away',
    given: async (w) => {
      const m = await buildMember(w.ctx.db);
      const grant = { memberId: m.id, bookId: await buildBook(w.ctx.db), source: 'purchase' as const, sourceRef: 1 };
      return { m, grant };
    },
    read: (r, s) => shelf(r, s.m),
    before: (p) => expect(p.total).toBe(0),
    steps: [
      { write: (w, s) => grantShelfEntry(w.ctx, w.ctx.db, s.grant), after: (p) => expect(p.total).toBe(1) },
      { write: (w, s) => revokeShelfEntry(w.ctx, w.ctx.db, s.grant), after: (p) => expect(p.total).toBe(0) },
    ],
  }),
  readCase({
    name: 'shelf: an entry leaves the page when it expires',
    given: async (w) => {
      const m = await buildMember(w.ctx.db);
      const bookId = await buildBook(w.ctx.db);
      const expiresAt = Date.now() + 300;
      await grantShelfEntry(w.ctx, w.ctx.db, { memberId: m.id, bookId, source: 'sample', expiresAt });
      return { m, expiresAt };
    },
    read: (r, s) => shelf(r, s.m),
    before: (p) => expect(p.total).toBe(1),
    steps: [
      {
        // No write announces an expiry: the page was kept only until it.
        write: (_w, s) => new Promise((r) => setTimeout(r, s.expiresAt - Date.now() + 20)),
        after: (p) => expect(p.total).toBe(0),
        once: true,
      },
    ],
  }),
  readCase({
    name: 'shelf: the staff edit the book (its title)',
    given: async (w) => {
      const m = await buildMember(w.ctx.db);
      const staff = await buildStaff(w.ctx.db, { isAdmin: true });
      const bookId = await buildBook(w.ctx.db, { title: '旧书名' });
      await grantShelfEntry(w.ctx, w.ctx.db, { memberId: m.id, bookId, source: 'purchase', sourceRef: 2 });
      return { m, staff, bookId };
    },
    read: (r, s) => shelf(r, s.m),
    before: (p) => expect(p.rows[0]).toMatchObject({ title: '旧书名' }),
    steps: [
      {
        write: async (w, s) =>
          expectOk(
            await call(w.app, {
              method: 'PUT',
              url: `/api/admin/book/${s.bookId}`,
              token: s.staff.token,
              payload: { title: '新书名' },
            }),
          ),
        after: (p) => expect(p.rows[0]).toMatchObject({ title: '新书名' }),
      },
    ],
  }),
  readCase({
    name: 'my classes: a join adds the class, the approval shows, the exit takes it away',
    given: aClass('0'),
    read: (r, s) => myClasses(r, s.world.student),
    before: (p) => expect(p.total).toBe(0),
    steps: [
      {
        write: async (w, s) => expectOk(await join(w, s.world.student.token, s.cls.code)),
        after: (p, s) => expect(p.rows[0]).toMatchObject({ classId: s.cls.id, status: 0 }),
      },
      {
        write: async (w, s) => {
          const row = await w.ctx.db
            .selectFrom('class_students')
            .select('id')
            .where('class_id', '=', s.cls.id)
            .executeTakeFirstOrThrow();
          return post(w, '/api/class/student/updateBatch', s.world.teacher.token, { ids: [row.id], status: 1 });
        },
        after: (p) => expect(p.rows[0]).toMatchObject({ status: 1 }),
      },
      {
        write: async (w, s) =>
          expectOk(
            await call(w.app, { url: `/api/class/student/exit?classId=${s.cls.id}`, token: s.world.student.token }),
          ),
        after: (p) => expect(p.total).toBe(0),
      },
    ],
  }),
  readCase({
    name: 'my classes: the teacher renames the class',
    given: async (w) => {
      const world = await buildClassWorld(w.ctx);
      const body = validClass(world.bookId, { isReview: '1', name: '旧班名' });
      const cls = await createClass(w, world.teacher.token, body);
      expectOk(await join(w, world.student.token, cls.code));
      return { world, body, cls };
    },
    read: (r, s) => myClasses(r, s.world.student),
    before: (p) => expect(p.rows[0]).toMatchObject({ className: '旧班名' }),
    steps: [
      {
        write: (w, s) =>
          post(w, '/api/class/update', s.world.teacher.token, { ...s.body, id: s.cls.id, name: '新班名' }),
        after: (p) => expect(p.rows[0]).toMatchObject({ className: '新班名' }),
      },
    ],
  }),
  readCase({
    name: 'notice count: a notice arrives, then everything is read',
    given: (w) => buildMember(w.ctx.db),
    read: unread,
    before: (n) => expect(n).toBe(0),
    steps: [
      {
        write: (w, m) => notify(w.ctx, [{ member_id: m.id, type: 'system', title: '一条通知' }]),
        after: (n) => expect(n).toBe(1),
      },
      { write: (w, m) => post(w, '/api/msg-notice/read', m.token, { all: true }), after: (n) => expect(n).toBe(0) },
    ],
  }),
  readCase({
    name: 'notice count: a staff broadcast to everyone',
    given: async (w) => ({
      m: await buildMember(w.ctx.db),
      staff: await buildStaff(w.ctx.db, { isAdmin: true }),
      before: 0,
    }),
    read: (r, s) => unread(r, s.m),
    before: (n, s) => void (s.before = n),
    steps: [
      {
        write: (w, s) => post(w, '/api/admin/notice/broadcast', s.staff.token, { title: '全体', target: 'all' }),
        after: (n, s) => expect(n).toBe(s.before + 1),
      },
    ],
  }),
  readCase({
    name: "college books: the administrator's page shows seats given, bought and taken by a join, books added and removed",
    given: async (w) => {
      const world = await buildClassWorld(w.ctx);
      const admin = await buildMember(w.ctx.db, { college: world.college, roles: '1' });
      const staff = await buildStaff(w.ctx.db);
      const adjust = (delta: number) =>
        post(w, '/api/admin/collegeBook/adjust', staff.token, {
          collegeId: world.college.id,
          bookId: world.bookId,
          delta,
          reason: '测试',
        });
      await adjust(10);
      const { id } = await w.ctx.db
        .selectFrom('college_books')
        .select('id')
        .where('college_id', '=', world.college.id)
        .executeTakeFirstOrThrow();
      return { world, admin, adjust, collegeBookId: Number(id), other: await buildBook(w.ctx.db) };
    },
    read: async (r, s) =>
      expectOk(
        await call<Paged<CollegeBookRow>>(r.app, {
          url: '/api/collegeBook/page?pageNum=1&pageSize=10',
          token: s.admin.token,
        }),
      ),
    before: (p, s) => {
      expect(p.total).toBe(1);
      expect(p.rows[0]).toMatchObject({ bookId: s.world.bookId, boughtCount: 10, givenCount: 0 });
    },
    steps: [
      {
        write: (w, s) =>
          post(w, '/api/collegeBook/bookAuthorize', s.admin.token, {
            id: s.collegeBookId,
            memberIds: [s.world.student.id],
          }),
        after: (p) => expect(p.rows[0]).toMatchObject({ givenCount: 1, residueAuthorizeCount: 9 }),
      },
      { write: (_w, s) => s.adjust(5), after: (p) => expect(p.rows[0]).toMatchObject({ boughtCount: 15 }) },
      {
        // A direct join takes a seat of the college's book.
        write: async (w, s) => {
          const cls = await createClass(w, s.world.teacher.token, validClass(s.world.bookId, { isReview: '1' }));
          const joiner = await buildMember(w.ctx.db, { college: s.world.college, roles: '3' });
          expectOk(await join(w, joiner.token, cls.code));
        },
        after: (p) => expect(p.rows[0]).toMatchObject({ givenCount: 2, residueAuthorizeCount: 13 }),
      },
      {
        write: (w, s) => post(w, '/api/collegeBook/save', s.admin.token, { bookId: s.other }),
        after: (p, s) => {
          expect(p.total).toBe(2);
          expect(p.rows.map((r) => r.bookId).sort()).toEqual([s.world.bookId, s.other].sort());
        },
      },
      {
        write: async (w, s) => {
          const added = await w.ctx.db
            .selectFrom('college_books')
            .select('id')
            .where('book_id', '=', s.other)
            .executeTakeFirstOrThrow();
          const res = await call(w.app, { url: `/api/collegeBook/delete?id=${added.id}`, token: s.admin.token });
          expectOk(res);
        },
        after: (p) => expect(p.total).toBe(1),
      },
    ],
  }),
  readCase({
    name: "homework: the teacher's list shows a draft, its release, work handed in and reviewed, an edit, a deletion",
    given: homeworkWorld,
    read: teacherHomework,
    before: (rows) => expect(rows).toEqual([]),
    steps: [
      {
        write: (_w, s) => s.save(),
        after: (rows) => expect(rows).toMatchObject([{ status: 0, submittedCount: 0 }]),
      },
      {
        write: async (w, s) => {
          const [draft] = await teacherHomework(w, s);
          await post(w, '/api/homework/teacher/release', s.world.teacher.token, { id: draft!.id });
        },
        after: (rows) => expect(rows).toMatchObject([{ status: 1, submittedCount: 0, toReviewCount: 0 }]),
      },
      {
        // A short answer handed in waits for the teacher.
        write: async (w, s) => {
          const [hw] = await teacherHomework(w, s);
          const info = await get<StudentHomeworkInfo>(
            w,
            `/api/homework/student/info?id=${hw!.id}`,
            s.world.student.token,
          );
          await post(w, '/api/homework/student/submit', s.world.student.token, {
            id: hw!.id,
            answers: { [String(info.questions[0]!.itemId)]: '<p>我的回答</p>' },
          });
        },
        after: (rows) => expect(rows).toMatchObject([{ submittedCount: 1, toReviewCount: 1 }]),
      },
      {
        write: async (w, s) => {
          const [hw] = await teacherHomework(w, s);
          const info = await get<TeacherHomeworkInfo>(
            w,
            `/api/homework/teacher/info?id=${hw!.id}`,
            s.world.teacher.token,
          );
          const work = info.submissions.find((x) => x.memberId === s.world.student.id)!;
          await post(w, `/api/homework/teacher/reviewHomework/${work.id}`, s.world.teacher.token, {
            items: [{ itemId: info.questions[0]!.itemId, score: 8, comment: '' }],
          });
        },
        after: (rows) => expect(rows).toMatchObject([{ submittedCount: 1, toReviewCount: 0 }]),
      },
      {
        write: async (w, s) => {
          const [hw] = await teacherHomework(w, s);
          await post(w, '/api/homework/teacher/update', s.world.teacher.token, {
            ...s.body,
            id: hw!.id,
            title: '改过的作业',
          });
        },
        after: (rows) => expect(rows).toMatchObject([{ title: '改过的作业' }]),
      },
      {
        // The class's count of students comes with each row.
        write: async (w, s) => {
          const other = await buildMember(w.ctx.db, { college: s.world.college, roles: '3' });
          expectOk(await join(w, other.token, s.cls.code, '2026999', '李四'));
        },
        after: (rows) => expect(rows).toMatchObject([{ studentCount: 2 }]),
      },
      {
        write: async (w, s) => {
          const [hw] = await teacherHomework(w, s);
          await post(w, `/api/homework/teacher/delete/${hw!.id}?confirm=1`, s.world.teacher.token);
        },
        after: (rows) => expect(rows).toEqual([]),
      },
    ],
  }),
  readCase({
    name: "homework: a student's list shows homework released to their class and their work handed in",
    given: homeworkWorld,
    read: studentHomework,
    before: (page) => expect(page.total).toBe(0),
    steps: [
      {
        write: (_w, s) => s.release(),
        after: (page) => expect(page.rows).toMatchObject([{ title: '第一章作业', status: 0 }]),
      },
      {
        write: async (w, s) => s.submit((await studentHomework(w, s)).rows[0]!.id),
        after: (page) => expect(page.rows).toMatchObject([{ status: 1 }]),
      },
      {
        // A draft is not shown to students.
        write: (_w, s) => s.save(),
        after: (page) => expect(page.total).toBe(1),
      },
      {
        write: (_w, s) => s.release(),
        after: (page) => expect(page.rows.map((r) => r.status).sort()).toEqual([0, 1]),
      },
    ],
  }),
];

describe('member reads are cached and every write shows at once (one app)', () => {
  const t = useTestApp();

  it('answers from memory: a write that announces nothing does not show within the time limit', async () => {
    const college = await buildCollege(t.ctx.db);
    const m = await buildMember(t.ctx.db, { college, roles: '3' });
    const bookId = await buildBook(t.ctx.db);
    const before = {
      info: await memberInfo(t, m),
      shelf: await shelf(t, m),
      classes: await myClasses(t, m),
      unread: await unread(t, m),
    };
    await t.ctx.db.updateTable('members').set({ user_name: '悄悄改名' }).where('id', '=', m.id).execute();
    await t.ctx.db
      .insertInto('shelf_entries')
      .values({ member_id: m.id, book_id: bookId, source: 'free', source_ref: 0, created_at: Date.now() })
      .execute();
    await t.ctx.db
      .insertInto('notices')
      .values({
        member_id: m.id,
        type: 'system',
        title: '悄悄',
        content: '',
        link: '',
        source: 3,
        created_at: Date.now(),
      })
      .execute();
    expect(await memberInfo(t, m)).toEqual(before.info);
    expect(await shelf(t, m)).toEqual(before.shelf);
    expect(await myClasses(t, m)).toEqual(before.classes);
    expect(await unread(t, m)).toBe(before.unread);
  });

  for (const [name, run] of cases) it(name, () => run({ writer: t, reader: t }));
});

const redisUp = await redisReachable();

describe.skipIf(!redisUp)(
  'member reads across two apps sharing the cache bus (Redis): writes on one, reads on the other',
  () => {
    const writer = useTestApp({ redisUrl: REDIS_URL });
    const reader = {} as TestApp;

    beforeAll(async () => {
      const app = await buildApp({
        config: { ...writer.ctx.config },
        database: { ...writer.database, close: async () => {} },
      });
      await app.ready();
      Object.assign(reader, { app, ctx: appContext(app), database: writer.database });
      await Promise.all([writer.ctx.caches.ready(), reader.ctx.caches.ready()]);
    });
    afterAll(async () => reader.app?.close());

    for (const [name, run] of cases) it(name, () => run({ writer, reader }));
  },
);
