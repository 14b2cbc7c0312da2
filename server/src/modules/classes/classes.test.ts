import { beforeAll, describe, expect, it } from 'vitest';
import { ClassMsg, Code, formatClassTime, type ClassBook, type ClassRow, type Paged } from '@textbook/contracts';
import { buildBook, buildClassWorld, createClass, validClass, type ClassWorld } from '../../../test/classes.js';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { grantShelfEntry } from '../shelf/service.js';
import { CODE_ALPHABET, CODE_LENGTH } from './service.js';

const MINUTE = 60_000;

describe('teacher: class dialog rules (spec §5) on POST /api/class/save', () => {
  const t = useTestApp();
  let w: ClassWorld;
  beforeAll(async () => {
    w = await buildClassWorld(t.ctx);
  });

  const save = (payload: object) =>
    call(t.app, { method: 'POST', url: '/api/class/save', token: w.teacher.token, payload });

  it('refuses each broken rule with its exact message', async () => {
    const good = validClass(w.bookId);
    const cases: [object, string][] = [
      [{ ...good, bookId: undefined }, ClassMsg.BOOK_REQUIRED],
      [{ ...good, name: '' }, ClassMsg.NAME_REQUIRED],
      [{ ...good, name: '   ' }, ClassMsg.NAME_REQUIRED],
      [{ ...good, name: undefined }, ClassMsg.NAME_REQUIRED],
      [{ ...good, name: '班'.repeat(51) }, ClassMsg.NAME_MAX],
      [{ ...good, remark: '注'.repeat(501) }, ClassMsg.REMARK_MAX],
      [{ ...good, isReview: undefined }, ClassMsg.REVIEW_REQUIRED],
      [{ ...good, isReview: '2' }, ClassMsg.REVIEW_REQUIRED],
      [{ ...good, startTime: undefined }, ClassMsg.VALIDITY_REQUIRED],
      [{ ...good, endTime: '' }, ClassMsg.VALIDITY_REQUIRED],
      [{ ...good, startTime: '2026/11/21 10:00' }, ClassMsg.VALIDITY_REQUIRED],
      [{ ...good, startTime: formatClassTime(Date.now() - 2 * MINUTE) }, ClassMsg.VALIDITY_PAST],
      [{ ...good, endTime: good.startTime }, ClassMsg.VALIDITY_ORDER],
    ];
    for (const [payload, msg] of cases) expectRefused(await save(payload), msg);
  });

  it('accepts the limits exactly: 50-character name, 500-character remark, a start in the current minute', async () => {
    const row = await createClass(
      t,
      w.teacher.token,
      validClass(w.bookId, { name: '班'.repeat(50), remark: '注'.repeat(500), startTime: formatClassTime(Date.now()) }),
    );
    expect(row.name).toHaveLength(50);
    expect(row.remark).toHaveLength(500);
  });

  it('generates a unique short code without look-alike characters', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const row = await createClass(t, w.teacher.token, validClass(w.bookId, { name: `班${i}` }));
      expect(row.code).toHaveLength(CODE_LENGTH);
      for (const ch of row.code) expect(CODE_ALPHABET).toContain(ch);
      expect(row.code).not.toMatch(/[01OIL]/);
      codes.add(row.code);
    }
    expect(codes.size).toBe(20);
  });

  it('refuses a book the teacher does not hold, with the own-book message', async () => {
    const other = await buildBook(t.ctx.db);
    expectRefused(await save(validClass(other)), ClassMsg.NOT_OWN_BOOK);
  });

  it('lets only teachers create classes', async () => {
    const teacher = await save(validClass(w.bookId));
    expect(teacher.body.code).toBe(Code.OK);
    const asStudent = await call(t.app, {
      method: 'POST',
      url: '/api/class/save',
      token: w.student.token,
      payload: validClass(w.bookId),
    });
    expect(asStudent.body.code).toBe(Code.FORBIDDEN);
    const visitor = await call(t.app, { method: 'POST', url: '/api/class/save', payload: validClass(w.bookId) });
    expect(visitor.body.code).toBe(Code.UNAUTHORIZED);
  });

  it('tells a visitor 401 and a student 403 before reading the form (an empty one says nothing of the rules)', async () => {
    for (const url of ['/api/class/save', '/api/class/update', '/api/class/student/updateBatch']) {
      const visitor = await call(t.app, { method: 'POST', url, payload: {} });
      expect([visitor.status, visitor.body.code, visitor.body.data], url).toEqual([401, Code.UNAUTHORIZED, null]);
      const student = await call(t.app, { method: 'POST', url, token: w.student.token, payload: {} });
      expect([student.status, student.body.code, student.body.data], url).toEqual([403, Code.FORBIDDEN, null]);
    }
    // A teacher is past the gate: the form's own rules speak.
    const teacher = await save({});
    expect(teacher.body.msg).toBe(ClassMsg.BOOK_REQUIRED);
  });
});

describe('teacher: own-book checks (spec §5, §7 isOwnBook, isOwnBook2)', () => {
  const t = useTestApp();
  let w: ClassWorld;
  beforeAll(async () => {
    w = await buildClassWorld(t.ctx);
  });

  it('answers 200 for a held book and a 601 warning without tag, with goApply, for another book', async () => {
    const held = await call(t.app, { url: `/api/class/isOwnBook?bookId=${w.bookId}`, token: w.teacher.token });
    expect(held.body).toMatchObject({ code: 200, data: { tag: '', goApply: false } });
    const other = await buildBook(t.ctx.db);
    const missing = await call(t.app, { url: `/api/class/isOwnBook?bookId=${other}`, token: w.teacher.token });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({
      code: Code.WARNING,
      msg: ClassMsg.NOT_OWN_BOOK,
      data: { msg: ClassMsg.NOT_OWN_BOOK, tag: '', goApply: true },
    });
  });

  it('ignores a grant that came from a class, an expired grant, and one of another college', async () => {
    const b = await buildBook(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: w.otherTeacher.id, bookId: b, source: 'class', sourceRef: 9 });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: w.otherTeacher.id,
      bookId: b,
      source: 'sample',
      expiresAt: Date.now() - 1,
    });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: w.otherTeacher.id,
      bookId: b,
      source: 'authorization',
      sourceRef: 5,
      collegeId: w.otherCollege.id,
    });
    const answer = await call(t.app, { url: `/api/class/isOwnBook?bookId=${b}`, token: w.otherTeacher.token });
    expect(answer.body.code).toBe(Code.WARNING);
  });

  it('isOwnBook2 warns with tag "expire" when the grant ends before the class does', async () => {
    const b = await buildBook(t.ctx.db);
    const until = Date.now() + 2 * 86_400_000;
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: w.teacher.id,
      bookId: b,
      source: 'sample',
      sourceRef: 2,
      expiresAt: until,
    });
    const inside = await call(t.app, {
      url: `/api/class/isOwnBook2?bookId=${b}&endTime=${encodeURIComponent(formatClassTime(until - 86_400_000))}`,
      token: w.teacher.token,
    });
    expect(inside.body.code).toBe(200);
    const beyond = await call<{ tag: string }>(t.app, {
      url: `/api/class/isOwnBook2?bookId=${b}&endTime=${encodeURIComponent(formatClassTime(until + 86_400_000))}`,
      token: w.teacher.token,
    });
    expect(beyond.body).toMatchObject({
      code: Code.WARNING,
      msg: ClassMsg.OWN_BOOK_EXPIRING(formatClassTime(until)),
      data: { tag: 'expire', goApply: false },
    });
    // A warning with a tag does not block: the class can be created.
    await createClass(t, w.teacher.token, validClass(b, { endTime: formatClassTime(until + 86_400_000) }));
  });

  it('answers 404 for an unknown book and 403 for a student', async () => {
    expect((await call(t.app, { url: '/api/class/isOwnBook?bookId=999999', token: w.teacher.token })).body.code).toBe(
      404,
    );
    expect(
      (await call(t.app, { url: `/api/class/isOwnBook?bookId=${w.bookId}`, token: w.student.token })).body.code,
    ).toBe(403);
  });
});

describe('teacher: teaching space lists and ownership', () => {
  const t = useTestApp();
  let w: ClassWorld;
  let mine: ClassRow;
  beforeAll(async () => {
    w = await buildClassWorld(t.ctx);
    mine = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '一班' }));
    await createClass(t, w.teacher.token, validClass(w.bookId, { name: '二班' }));
  });

  it('lists the books the teacher may teach with, with class counts; a book with a class stays listed', async () => {
    const books = expectOk(await call<ClassBook[]>(t.app, { url: '/api/class/getClassBooks', token: w.teacher.token }));
    expect(books).toEqual([expect.objectContaining({ bookId: w.bookId, classCount: 2, own: true })]);
    const none = expectOk(
      await call<ClassBook[]>(t.app, { url: '/api/class/getClassBooks', token: w.otherTeacher.token }),
    );
    expect(none).toEqual([]);
  });

  it('pages the teacher’s classes of a book with counts, and never another teacher’s', async () => {
    const page = expectOk(
      await call<Paged<ClassRow>>(t.app, {
        url: `/api/class/page?bookId=${w.bookId}&pageSize=1`,
        token: w.teacher.token,
      }),
    );
    expect(page.total).toBe(2);
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({
      name: '二班',
      studentCount: 0,
      pendingCount: 0,
      codeOpen: true,
      isReview: '0',
    });
    const named = expectOk(
      await call<Paged<ClassRow>>(t.app, { url: '/api/class/page?name=一', token: w.teacher.token }),
    );
    expect(named.rows.map((r) => r.name)).toEqual(['一班']);
    const theirs = expectOk(
      await call<Paged<ClassRow>>(t.app, { url: '/api/class/page', token: w.otherTeacher.token }),
    );
    expect(theirs.total).toBe(0);
    const classes = expectOk(
      await call<{ id: number }[]>(t.app, {
        url: `/api/class/getBookClass?bookId=${w.bookId}`,
        token: w.teacher.token,
      }),
    );
    expect(classes).toHaveLength(2);
    const byRole = expectOk(
      await call<{ id: number }[]>(t.app, {
        url: `/api/class/getBookClassByRole?bookId=${w.bookId}`,
        token: w.teacher.token,
      }),
    );
    expect(byRole.map((c) => c.id)).toContain(mine.id);
    const role = expectOk(
      await call<{ teacher: boolean; student: boolean }>(t.app, {
        url: `/api/class/getClassRole?bookId=${w.bookId}`,
        token: w.teacher.token,
      }),
    );
    expect(role).toMatchObject({ teacher: true, student: false });
  });

  it('refuses paging below 1 or above 999', async () => {
    const res = await call(t.app, { url: '/api/class/page?pageSize=1000', token: w.teacher.token });
    expect(res.body.code).toBe(Code.REFUSED);
  });

  it('a teacher never sees, edits, deletes or resets another teacher’s class (403)', async () => {
    const other = w.otherTeacher.token;
    const tries = [
      call(t.app, { url: `/api/class/detail?id=${mine.id}`, token: other }),
      call(t.app, {
        method: 'POST',
        url: '/api/class/update',
        token: other,
        payload: { ...validClass(w.bookId), id: mine.id },
      }),
      call(t.app, { url: `/api/class/delete?id=${mine.id}`, token: other }),
      call(t.app, { method: 'POST', url: '/api/class/resetCode', token: other, payload: { id: mine.id } }),
      call(t.app, { method: 'POST', url: '/api/class/closeCode', token: other, payload: { id: mine.id } }),
      call(t.app, { url: `/api/class/student/page?classId=${mine.id}`, token: other }),
      call(t.app, { url: `/api/class/student/getApprove?classId=${mine.id}`, token: other }),
      call(t.app, { method: 'POST', url: '/api/class/student/export', token: other, payload: { classId: mine.id } }),
    ];
    for (const res of await Promise.all(tries)) expect(res.body.code).toBe(Code.FORBIDDEN);
    // Students and visitors neither.
    expect((await call(t.app, { url: `/api/class/delete?id=${mine.id}`, token: w.student.token })).body.code).toBe(403);
    expect((await call(t.app, { url: `/api/class/delete?id=${mine.id}` })).body.code).toBe(401);
    expect((await call(t.app, { url: '/api/class/page', token: w.student.token })).body.code).toBe(403);
    expect((await call(t.app, { url: '/api/class/getClassBooks' })).body.code).toBe(401);
    expect((await call(t.app, { url: '/api/class/detail?id=999999', token: w.teacher.token })).body.code).toBe(404);
  });

  it('the same teacher in another college does not reach the class from there', async () => {
    const elsewhere = await buildMember(t.ctx.db, { college: w.otherCollege, roles: '2' });
    const res = await call(t.app, { url: `/api/class/detail?id=${mine.id}`, token: elsewhere.token });
    expect(res.body.code).toBe(403);
  });
});

describe('teacher: edit, code reset and close, delete', () => {
  const t = useTestApp();
  let w: ClassWorld;
  beforeAll(async () => {
    w = await buildClassWorld(t.ctx);
  });

  it('edits a class with the book locked, and keeps a past start only when unchanged', async () => {
    const row = await createClass(t, w.teacher.token, validClass(w.bookId));
    await t.ctx.db
      .updateTable('classes')
      .set({ start_time: Date.now() - 3_600_000 })
      .where('id', '=', row.id)
      .execute();
    const stored = expectOk(
      await call<ClassRow>(t.app, { url: `/api/class/detail?id=${row.id}`, token: w.teacher.token }),
    );
    const update = (payload: object) =>
      call<ClassRow>(t.app, { method: 'POST', url: '/api/class/update', token: w.teacher.token, payload });
    const base = { ...validClass(w.bookId), id: row.id, startTime: stored.startTime, endTime: stored.endTime };
    const edited = expectOk(await update({ ...base, name: '改名班', isReview: '1', remark: '备注' }));
    expect(edited).toMatchObject({ name: '改名班', isReview: '1', remark: '备注', code: row.code, bookId: w.bookId });
    const other = await buildBook(t.ctx.db);
    expectRefused(await update({ ...base, bookId: other }), ClassMsg.BOOK_LOCKED);
    expectRefused(
      await update({ ...base, startTime: formatClassTime(Date.now() - 30 * MINUTE) }),
      ClassMsg.VALIDITY_PAST,
    );
    expectRefused(await update({ ...base, name: '' }), ClassMsg.NAME_REQUIRED);
    expectRefused(await update({ ...base, isReview: undefined }), ClassMsg.REVIEW_REQUIRED);
  });

  it('resets the code (the old one stops working) and closes joining', async () => {
    const row = await createClass(t, w.teacher.token, validClass(w.bookId, { isReview: '1' }));
    const reset = expectOk(
      await call<ClassRow>(t.app, {
        method: 'POST',
        url: '/api/class/resetCode',
        token: w.teacher.token,
        payload: { id: row.id },
      }),
    );
    expect(reset.code).not.toBe(row.code);
    const old = await call<{ status: string }>(t.app, {
      url: `/api/class/checkCode?activationCode=${row.code}`,
      token: w.student.token,
    });
    expect(old.body.data).toMatchObject({ status: '1', msg: ClassMsg.CODE_UNKNOWN });
    const closed = expectOk(
      await call<ClassRow>(t.app, {
        method: 'POST',
        url: '/api/class/closeCode',
        token: w.teacher.token,
        payload: { id: row.id },
      }),
    );
    expect(closed.codeOpen).toBe(false);
    const check = await call(t.app, {
      url: `/api/class/checkCode?activationCode=${reset.code}`,
      token: w.student.token,
    });
    expect(check.body.data).toMatchObject({ status: '1', msg: ClassMsg.CODE_CLOSED });
    const joining = await call(t.app, {
      method: 'POST',
      url: '/api/class/student/join',
      token: w.student.token,
      payload: { activationCode: reset.code, studentId: '1', name: '张三' },
    });
    expectRefused(joining, ClassMsg.CODE_CLOSED);
    const reopened = expectOk(
      await call<ClassRow>(t.app, {
        method: 'POST',
        url: '/api/class/closeCode',
        token: w.teacher.token,
        payload: { id: row.id, open: true },
      }),
    );
    expect(reopened.codeOpen).toBe(true);
  });

  it('deletes a class: its students leave and lose the shelf entry it gave, keeping other grants', async () => {
    const row = await createClass(t, w.teacher.token, validClass(w.bookId, { isReview: '1' }));
    const keeper = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
    for (const s of [w.student, keeper]) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/class/student/join',
        token: s.token,
        payload: { activationCode: row.code, studentId: `S${s.id}`, name: `学生${s.id}` },
      });
      expect(res.body.data).toMatchObject({ status: 1 });
    }
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: keeper.id, bookId: w.bookId, source: 'free' });
    expectOk(await call(t.app, { url: `/api/class/delete?id=${row.id}`, token: w.teacher.token }));
    const entries = await t.ctx.db
      .selectFrom('shelf_entries')
      .select(['member_id', 'source'])
      .where('book_id', '=', w.bookId)
      .where('member_id', 'in', [w.student.id, keeper.id])
      .execute();
    expect(entries).toEqual([{ member_id: keeper.id, source: 'free' }]);
    const left = await t.ctx.db.selectFrom('class_students').selectAll().where('class_id', '=', row.id).execute();
    expect(left).toEqual([]);
    expect((await call(t.app, { url: `/api/class/detail?id=${row.id}`, token: w.teacher.token })).body.code).toBe(404);
    const notices = await t.ctx.db.selectFrom('notices').select('title').where('member_id', '=', keeper.id).execute();
    expect(notices.map((n) => n.title)).toContain(`班级“${row.name}”已解散`);
  });
});

describe('class routes: permission matrix', () => {
  const t = useTestApp();
  let w: ClassWorld;
  let cls: ClassRow;
  beforeAll(async () => {
    w = await buildClassWorld(t.ctx);
    cls = await createClass(t, w.teacher.token, validClass(w.bookId));
  });

  type Route = { method: 'GET' | 'POST'; url: () => string; payload?: () => object };
  const teacherRoutes: Route[] = [
    { method: 'GET', url: () => '/api/class/getClassBooks' },
    { method: 'GET', url: () => '/api/class/page' },
    { method: 'GET', url: () => `/api/class/getBookClass?bookId=${w.bookId}` },
    { method: 'GET', url: () => `/api/class/isOwnBook?bookId=${w.bookId}` },
    { method: 'GET', url: () => `/api/class/isOwnBook2?bookId=${w.bookId}` },
    { method: 'POST', url: () => '/api/class/save', payload: () => validClass(w.bookId) },
    { method: 'POST', url: () => '/api/class/update', payload: () => ({ ...validClass(w.bookId), id: cls.id }) },
    { method: 'GET', url: () => `/api/class/detail?id=${cls.id}` },
    { method: 'POST', url: () => '/api/class/resetCode', payload: () => ({ id: cls.id }) },
    { method: 'POST', url: () => '/api/class/closeCode', payload: () => ({ id: cls.id, open: true }) },
    { method: 'GET', url: () => `/api/class/student/page?classId=${cls.id}` },
    { method: 'GET', url: () => `/api/class/student/getApprove?classId=${cls.id}` },
    { method: 'POST', url: () => '/api/class/student/export', payload: () => ({ classId: cls.id }) },
    { method: 'GET', url: () => `/api/class/delete?id=${cls.id}` },
  ];
  const memberRoutes: Route[] = [
    { method: 'GET', url: () => `/api/class/getBookClassByRole?bookId=${w.bookId}` },
    { method: 'GET', url: () => `/api/class/getClassRole?bookId=${w.bookId}` },
    { method: 'GET', url: () => `/api/class/checkCode?activationCode=${cls.code}` },
    { method: 'GET', url: () => `/api/class/verifyCollege?activationCode=${cls.code}` },
    { method: 'GET', url: () => `/api/class/hasJoint?activationCode=${cls.code}` },
    { method: 'POST', url: () => '/api/class/student/myClass', payload: () => ({}) },
    {
      method: 'POST',
      url: () => '/api/class/student/join',
      payload: () => ({ activationCode: cls.code, studentId: '1', name: '甲' }),
    },
    { method: 'GET', url: () => `/api/class/student/exit?classId=${cls.id}` },
  ];
  const batchRoutes: Route[] = [
    { method: 'POST', url: () => '/api/class/student/updateBatch', payload: () => ({ ids: [1], status: 1 }) },
    { method: 'POST', url: () => '/api/class/student/update', payload: () => ({ id: 1, studentId: '1', name: '甲' }) },
    { method: 'POST', url: () => '/api/class/student/remove', payload: () => ({ ids: [1] }) },
  ];
  const send = (r: Route, token?: string) =>
    call(t.app, { method: r.method, url: r.url(), token, ...(r.payload ? { payload: r.payload() } : {}) });

  it('a visitor gets 401 on every class route', async () => {
    for (const r of [...teacherRoutes, ...memberRoutes, ...batchRoutes]) {
      const res = await send(r);
      expect(res.body.code, r.url()).toBe(Code.UNAUTHORIZED);
      expect(res.status, r.url()).toBe(401);
    }
  });

  it('a student (and a common member) gets 403 on every teacher route; a staff token passes no member rule', async () => {
    const common = await buildMember(t.ctx.db);
    const staff = await buildStaff(t.ctx.db, { isAdmin: true });
    for (const token of [w.student.token, common.token, staff.token]) {
      for (const r of teacherRoutes) expect((await send(r, token)).body.code, r.url()).toBe(Code.FORBIDDEN);
    }
  });

  it('member routes answer a logged-in student', async () => {
    for (const r of memberRoutes.slice(0, 6)) expect((await send(r, w.student.token)).body.code, r.url()).toBe(200);
  });
});
