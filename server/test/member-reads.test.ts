import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, redisReachable } from './redis.js';
import { Role, type MemberInfo, type MyClassRow, type Paged, type ShelfBook } from '@textbook/contracts';
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
 * cache bus, on the others. Each case reads (so the answer is kept), writes, and reads again on the reader's
 * instance well within the cache's 5-second limit: the change shows. On one app, then on two apps sharing the
 * bus through Redis (writes on one, reads on the other).
 */

/** The reader sees the change long before the cache's time limit would have shown it. */
const WITHIN_MS = 800;

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const until = Date.now() + WITHIN_MS;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Apps {
  writer: TestApp;
  reader: TestApp;
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

/** Each case: read on the reader, write (on the writer), read again on the reader. */
const cases: [string, (apps: Apps) => Promise<void>][] = [
  [
    'member info: the member changes their user name',
    async ({ writer, reader }) => {
      const m = await buildMember(writer.ctx.db);
      expect((await memberInfo(reader, m)).userName).not.toBe('新名字');
      expectOk(
        await call(writer.app, {
          method: 'POST',
          url: '/api/updateName',
          token: m.token,
          payload: { userName: '新名字' },
        }),
      );
      expect(
        (
          await eventually(
            () => memberInfo(reader, m),
            (i) => i.userName === '新名字',
          )
        ).userName,
      ).toBe('新名字');
    },
  ],
  [
    'member info: the member switches college',
    async ({ writer, reader }) => {
      const [first, second] = [await buildCollege(writer.ctx.db), await buildCollege(writer.ctx.db)];
      const m = await buildMember(writer.ctx.db, { college: first, roles: '3' });
      await addMembership(writer.ctx, writer.ctx.db, {
        collegeId: second.id,
        memberId: m.id,
        roles: '2',
        realName: '',
        studentId: '',
      });
      expect(await memberInfo(reader, m)).toMatchObject({ collegeId: first.id, roleList: [Role.STUDENT] });
      expectOk(
        await call(writer.app, {
          method: 'POST',
          url: '/api/college/switch',
          token: m.token,
          payload: { collegeId: second.id },
        }),
      );
      const after = await eventually(
        () => memberInfo(reader, m),
        (i) => i.collegeId === second.id,
      );
      expect(after).toMatchObject({ collegeId: second.id, roleList: [Role.TEACHER], teacher: true });
    },
  ],
  [
    'member info: a role is given (a teacher certified) and its areas open',
    async ({ writer, reader }) => {
      const college = await buildCollege(writer.ctx.db);
      const m = await buildMember(writer.ctx.db, { college, roles: '3' });
      expect((await memberInfo(reader, m)).abilities).not.toContain('teachingSpace');
      await giveRole(writer.ctx, writer.ctx.db, { memberId: m.id, collegeId: college.id, role: Role.TEACHER });
      const after = await eventually(
        () => memberInfo(reader, m),
        (i) => i.teacher,
      );
      expect(after.roleList).toContain(Role.TEACHER);
      expect(after.abilities).toContain('teachingSpace');
    },
  ],
  [
    'member info: a membership is added, then removed',
    async ({ writer, reader }) => {
      const [home, other] = [await buildCollege(writer.ctx.db), await buildCollege(writer.ctx.db)];
      const m = await buildMember(writer.ctx.db, { college: home, roles: '3' });
      expect((await memberInfo(reader, m)).extras.CollegeList).toHaveLength(1);
      const id = await addMembership(writer.ctx, writer.ctx.db, {
        collegeId: other.id,
        memberId: m.id,
        roles: '3',
        realName: '',
        studentId: '',
      });
      expect(
        (
          await eventually(
            () => memberInfo(reader, m),
            (i) => i.extras.CollegeList.length === 2,
          )
        ).extras.CollegeList,
      ).toHaveLength(2);
      await removeMembership(writer.ctx, writer.ctx.db, { id: id!, memberId: m.id });
      expect(
        (
          await eventually(
            () => memberInfo(reader, m),
            (i) => i.extras.CollegeList.length === 1,
          )
        ).extras.CollegeList,
      ).toHaveLength(1);
    },
  ],
  [
    'member info: the college is renamed',
    async ({ writer, reader }) => {
      const college = await buildCollege(writer.ctx.db);
      const m = await buildMember(writer.ctx.db, { college, roles: '3' });
      expect((await memberInfo(reader, m)).collegeName).toBe(college.name);
      const renamed = `${college.name}（新）`;
      await writeCollege(writer.ctx, college.id, {
        name: renamed,
        logo: '',
        contact: '',
        phone: '',
        address: '',
        introduction: '',
      });
      expect(
        (
          await eventually(
            () => memberInfo(reader, m),
            (i) => i.collegeName === renamed,
          )
        ).collegeName,
      ).toBe(renamed);
    },
  ],
  [
    'member info: the staff disable the member — their session ends at once',
    async ({ writer, reader }) => {
      const m = await buildMember(writer.ctx.db);
      const staff = await buildStaff(writer.ctx.db, { isAdmin: true });
      expectOk(await info(reader, m));
      expectOk(
        await call(writer.app, {
          method: 'POST',
          url: '/api/admin/member/disable',
          token: staff.token,
          payload: { id: m.id },
        }),
      );
      expect(
        (
          await eventually(
            () => info(reader, m),
            (r) => r.status === 401,
          )
        ).status,
      ).toBe(401);
    },
  ],
  [
    'member info: logout ends the session at once',
    async ({ writer, reader }) => {
      const m = await buildMember(writer.ctx.db);
      expectOk(await info(reader, m));
      expectOk(await call(writer.app, { method: 'POST', url: '/api/logout', token: m.token }));
      expect(
        (
          await eventually(
            () => info(reader, m),
            (r) => r.status === 401,
          )
        ).status,
      ).toBe(401);
    },
  ],
  [
    "member info: a class join sets the college's student id",
    async ({ writer, reader }) => {
      const w = await buildClassWorld(writer.ctx);
      const cls = await createClass(writer, w.teacher.token, validClass(w.bookId, { isReview: '1' }));
      expect((await memberInfo(reader, w.student)).studentId).toBe('');
      expectOk(await join(writer, w.student.token, cls.code, 'S9001', '李四'));
      expect(
        (
          await eventually(
            () => memberInfo(reader, w.student),
            (i) => i.studentId === 'S9001',
          )
        ).studentId,
      ).toBe('S9001');
    },
  ],
  [
    'shelf: a grant adds the book, its revocation takes it away',
    async ({ writer, reader }) => {
      const m = await buildMember(writer.ctx.db);
      const bookId = await buildBook(writer.ctx.db);
      expect((await shelf(reader, m)).total).toBe(0);
      const grant = { memberId: m.id, bookId, source: 'purchase' as const, sourceRef: 1 };
      await grantShelfEntry(writer.ctx, writer.ctx.db, grant);
      expect(
        (
          await eventually(
            () => shelf(reader, m),
            (p) => p.total === 1,
          )
        ).total,
      ).toBe(1);
      await revokeShelfEntry(writer.ctx, writer.ctx.db, grant);
      expect(
        (
          await eventually(
            () => shelf(reader, m),
            (p) => p.total === 0,
          )
        ).total,
      ).toBe(0);
    },
  ],
  [
    'shelf: an entry leaves the page when it expires',
    async ({ writer, reader }) => {
      const m = await buildMember(writer.ctx.db);
      const bookId = await buildBook(writer.ctx.db);
      const expiresAt = Date.now() + 300;
      await grantShelfEntry(writer.ctx, writer.ctx.db, { memberId: m.id, bookId, source: 'sample', expiresAt });
      expect((await shelf(reader, m)).total).toBe(1);
      await new Promise((r) => setTimeout(r, expiresAt - Date.now() + 20));
      // No write announces an expiry: the page was kept only until it.
      expect((await shelf(reader, m)).total).toBe(0);
    },
  ],
  [
    'shelf: the staff edit the book (its title)',
    async ({ writer, reader }) => {
      const m = await buildMember(writer.ctx.db);
      const staff = await buildStaff(writer.ctx.db, { isAdmin: true });
      const bookId = await buildBook(writer.ctx.db, { title: '旧书名' });
      await grantShelfEntry(writer.ctx, writer.ctx.db, { memberId: m.id, bookId, source: 'purchase', sourceRef: 2 });
      expect((await shelf(reader, m)).rows[0]).toMatchObject({ title: '旧书名' });
      expectOk(
        await call(writer.app, {
          method: 'PUT',
          url: `/api/admin/book/${bookId}`,
          token: staff.token,
          payload: { title: '新书名' },
        }),
      );
      const after = await eventually(
        () => shelf(reader, m),
        (p) => p.rows[0]?.title === '新书名',
      );
      expect(after.rows[0]).toMatchObject({ title: '新书名' });
    },
  ],
  [
    'my classes: a join adds the class, the approval shows, the exit takes it away',
    async ({ writer, reader }) => {
      const w = await buildClassWorld(writer.ctx);
      const cls = await createClass(writer, w.teacher.token, validClass(w.bookId, { isReview: '0' }));
      expect((await myClasses(reader, w.student)).total).toBe(0);
      expectOk(await join(writer, w.student.token, cls.code));
      const pending = await eventually(
        () => myClasses(reader, w.student),
        (p) => p.total === 1,
      );
      expect(pending.rows[0]).toMatchObject({ classId: cls.id, status: 0 });
      const row = await writer.ctx.db
        .selectFrom('class_students')
        .select('id')
        .where('class_id', '=', cls.id)
        .executeTakeFirstOrThrow();
      expectOk(
        await call(writer.app, {
          method: 'POST',
          url: '/api/class/student/updateBatch',
          token: w.teacher.token,
          payload: { ids: [row.id], status: 1 },
        }),
      );
      const approved = await eventually(
        () => myClasses(reader, w.student),
        (p) => p.rows[0]?.status === 1,
      );
      expect(approved.rows[0]).toMatchObject({ status: 1 });
      expectOk(await call(writer.app, { url: `/api/class/student/exit?classId=${cls.id}`, token: w.student.token }));
      expect(
        (
          await eventually(
            () => myClasses(reader, w.student),
            (p) => p.total === 0,
          )
        ).total,
      ).toBe(0);
    },
  ],
  [
    'my classes: the teacher renames the class',
    async ({ writer, reader }) => {
      const w = await buildClassWorld(writer.ctx);
      const body = validClass(w.bookId, { isReview: '1', name: '旧班名' });
      const cls = await createClass(writer, w.teacher.token, body);
      expectOk(await join(writer, w.student.token, cls.code));
      expect(
        (
          await eventually(
            () => myClasses(reader, w.student),
            (p) => p.total === 1,
          )
        ).rows[0],
      ).toMatchObject({ className: '旧班名' });
      expectOk(
        await call(writer.app, {
          method: 'POST',
          url: '/api/class/update',
          token: w.teacher.token,
          payload: { ...body, id: cls.id, name: '新班名' },
        }),
      );
      const after = await eventually(
        () => myClasses(reader, w.student),
        (p) => p.rows[0]?.className === '新班名',
      );
      expect(after.rows[0]).toMatchObject({ className: '新班名' });
    },
  ],
  [
    'notice count: a notice arrives, then everything is read',
    async ({ writer, reader }) => {
      const m = await buildMember(writer.ctx.db);
      expect(await unread(reader, m)).toBe(0);
      await notify(writer.ctx, [{ member_id: m.id, type: 'system', title: '一条通知' }]);
      expect(
        await eventually(
          () => unread(reader, m),
          (n) => n === 1,
        ),
      ).toBe(1);
      expectOk(
        await call(writer.app, { method: 'POST', url: '/api/msg-notice/read', token: m.token, payload: { all: true } }),
      );
      expect(
        await eventually(
          () => unread(reader, m),
          (n) => n === 0,
        ),
      ).toBe(0);
    },
  ],
  [
    'notice count: a staff broadcast to everyone',
    async ({ writer, reader }) => {
      const m = await buildMember(writer.ctx.db);
      const staff = await buildStaff(writer.ctx.db, { isAdmin: true });
      const before = await unread(reader, m);
      expectOk(
        await call(writer.app, {
          method: 'POST',
          url: '/api/admin/notice/broadcast',
          token: staff.token,
          payload: { title: '全体', target: 'all' },
        }),
      );
      expect(
        await eventually(
          () => unread(reader, m),
          (n) => n === before + 1,
        ),
      ).toBe(before + 1);
    },
  ],
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
