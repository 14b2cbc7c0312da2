import { beforeAll, describe, expect, it } from 'vitest';
import { CollegeMsg, CollegeText, Code, type CollegeBookRow, type ProvideOptions } from '@textbook/contracts';
import { buildClassWorld, createClass, join, validClass, type ClassWorld } from '../../../test/classes.js';
import { buildMember, buildStaff, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp, type TestApp } from '../../../test/helpers.js';

/** Staff give the class world's college `delta` seats of the book; answers the college book. */
function adjust(t: TestApp, staff: { token: string }, w: ClassWorld, delta: number) {
  return call<CollegeBookRow>(t.app, {
    method: 'POST',
    url: '/api/admin/collegeBook/adjust',
    token: staff.token,
    payload: { collegeId: w.college.id, bookId: w.bookId, delta, reason: '测试' },
  });
}

async function counts(t: TestApp, collegeBookId: number) {
  const cb = await t.ctx.db
    .selectFrom('college_books')
    .select(['bought_count', 'given_count'])
    .where('id', '=', collegeBookId)
    .executeTakeFirstOrThrow();
  const ledger = await t.ctx.db
    .selectFrom('college_seat_ledger')
    .select('given_delta')
    .where('college_book_id', '=', collegeBookId)
    .execute();
  return {
    bought: Number(cb.bought_count),
    given: Number(cb.given_count),
    ledgerGiven: ledger.reduce((s, r) => s + Number(r.given_delta), 0),
  };
}

describe('class joins use the college’s seats (one pool)', () => {
  const t = useTestApp();
  let w: ClassWorld;
  let staff: { token: string };
  let students: BuiltMember[];

  beforeAll(async () => {
    w = await buildClassWorld(t.ctx);
    staff = await buildStaff(t.ctx.db);
    students = await Promise.all([0, 1, 2, 3].map(() => buildMember(t.ctx.db, { college: w.college, roles: '3' })));
  });

  it('a book the college has no seats of needs none; a college book takes one seat, once per student', async () => {
    const free = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '无授权班', isReview: '1' }));
    expect(expectOk(await join(t, w.student.token, free.code, 'F1', '甲')).status).toBe(1);

    const cb = expectOk(await adjust(t, staff, w, 2));
    const cls = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '授权班', isReview: '1' }));
    expect(expectOk(await join(t, students[0]!.token, cls.code, 'S1', '乙')).status).toBe(1);
    expect(await counts(t, cb.id)).toEqual({ bought: 2, given: 1, ledgerGiven: 1 });
    const via = await t.ctx.db
      .selectFrom('college_authorizations')
      .select(['via', 'member_id'])
      .where('college_book_id', '=', cb.id)
      .execute();
    expect(via).toEqual([{ via: 'class', member_id: students[0]!.id }]);
    // A student who holds a seat already takes no second one in another class of the book.
    const again = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '授权二班', isReview: '1' }));
    expect(expectOk(await join(t, students[0]!.token, again.code, 'S1', '乙')).status).toBe(1);
    expect(await counts(t, cb.id)).toEqual({ bought: 2, given: 1, ledgerGiven: 1 });

    // The last seat goes; the next join is refused with the message, nothing written, and the teacher told.
    expect(expectOk(await join(t, students[1]!.token, cls.code, 'S2', '丙')).status).toBe(1);
    expectRefused(await join(t, students[2]!.token, cls.code, 'S3', '丁'), CollegeMsg.JOIN_NO_SEATS(cb.bookName));
    expect(await counts(t, cb.id)).toEqual({ bought: 2, given: 2, ledgerGiven: 2 });
    const rows = await t.ctx.db
      .selectFrom('class_students')
      .select('id')
      .where('class_id', '=', cls.id)
      .where('member_id', '=', students[2]!.id)
      .execute();
    expect(rows).toEqual([]);
    const notices = await t.ctx.db
      .selectFrom('notices')
      .select(['title', 'content'])
      .where('member_id', '=', w.teacher.id)
      .execute();
    expect(notices).toContainEqual({
      title: CollegeText.NO_SEATS_NOTICE('授权班', cb.bookName),
      content: CollegeText.NO_SEATS_NOTICE_BODY('丁'),
    });
  });

  it('a class with review: the join is refused when no seat is left, the approval takes the seat', async () => {
    const cb = expectOk(await adjust(t, staff, w, 1));
    const cls = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '审核班', isReview: '0' }));
    expect(expectOk(await join(t, students[2]!.token, cls.code, 'S3', '丁')).status).toBe(0);
    expect(expectOk(await join(t, students[3]!.token, cls.code, 'S4', '戊')).status).toBe(0);
    const pending = await t.ctx.db
      .selectFrom('class_students')
      .select(['id', 'member_id'])
      .where('class_id', '=', cls.id)
      .orderBy('id')
      .execute();
    // Two waiting, one seat: approving both is refused, nothing changes; approving one takes the seat.
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/class/student/updateBatch',
        token: w.teacher.token,
        payload: { ids: pending.map((p) => p.id), status: 1 },
      }),
      CollegeMsg.APPROVE_NO_SEATS(cb.bookName),
    );
    expect(await counts(t, cb.id)).toEqual({ bought: 3, given: 2, ledgerGiven: 2 });
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/class/student/updateBatch',
        token: w.teacher.token,
        payload: { ids: [pending[0]!.id], status: 1 },
      }),
    );
    expect(await counts(t, cb.id)).toEqual({ bought: 3, given: 3, ledgerGiven: 3 });
    // None left: a new join that waits for review is refused at once.
    const late = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
    expectRefused(await join(t, late.token, cls.code, 'S9', '己'), CollegeMsg.JOIN_NO_SEATS(cb.bookName));
  });
});

describe('textbook distribution (/my/provideBook)', () => {
  const t = useTestApp();
  let w: ClassWorld;
  let staff: { token: string };
  let admin: BuiltMember;
  let students: BuiltMember[];

  beforeAll(async () => {
    w = await buildClassWorld(t.ctx);
    staff = await buildStaff(t.ctx.db);
    admin = await buildMember(t.ctx.db, { college: w.college, roles: '1' });
    students = await Promise.all([0, 1, 2].map(() => buildMember(t.ctx.db, { college: w.college, roles: '3' })));
  });

  async function grant(member: BuiltMember, hasGrant: boolean) {
    const m = await t.ctx.db
      .selectFrom('college_members')
      .select('id')
      .where('member_id', '=', member.id)
      .where('college_id', '=', w.college.id)
      .executeTakeFirstOrThrow();
    return call<{ hasGrant: boolean }>(t.app, {
      method: 'POST',
      url: '/api/collegeUser/update',
      token: admin.token,
      payload: { id: m.id, roles: [2], hasGrant },
    });
  }

  it('needs the grant the admin gives; hands seats to the students of one’s own class', async () => {
    // Seats come later: the class's joins need none while the college has no seats of the book.
    const cls = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '发放班', isReview: '1' }));
    for (const [i, s] of students.entries())
      expect(expectOk(await join(t, s.token, cls.code, `P${i}`, `学生${i}`)).status).toBe(1);
    const cb = expectOk(await adjust(t, staff, w, 2));

    const refused = await call(t.app, { url: '/api/provideBook/options', token: w.teacher.token });
    expect(refused.status).toBe(403);
    expect((await call(t.app, { url: '/api/provideBook/options', token: students[0]!.token })).status).toBe(403);
    expect(expectOk(await grant(w.teacher, true)).hasGrant).toBe(true);
    const info = expectOk(
      await call<{ member: { hasGrant: boolean } }>(t.app, { url: '/api/getMemberInfo', token: w.teacher.token }),
    ).member;
    expect(info.hasGrant).toBe(true);

    const options = expectOk(
      await call<ProvideOptions>(t.app, { url: '/api/provideBook/options', token: w.teacher.token }),
    );
    expect(options.books.map((b) => [b.id, b.residueAuthorizeCount])).toEqual([[cb.id, 2]]);
    expect(options.classes).toEqual([expect.objectContaining({ id: cls.id, studentCount: 3 })]);

    // Three students, two seats: the whole class is refused, nothing given; two chosen get theirs.
    const provide = (payload: object) =>
      call<{ granted: number; already: number }>(t.app, {
        method: 'POST',
        url: '/api/provideBook/provide',
        token: w.teacher.token,
        payload,
      });
    expectRefused(await provide({ id: cb.id, classId: cls.id }), CollegeMsg.SEATS_SHORT(2));
    expect(
      expectOk(await provide({ id: cb.id, classId: cls.id, memberIds: [students[0]!.id, students[1]!.id] })),
    ).toEqual({
      granted: 2,
      already: 0,
    });
    const list = expectOk(
      await call<{ memberId: number; held: boolean }[]>(t.app, {
        url: `/api/provideBook/students?id=${cb.id}&classId=${cls.id}`,
        token: w.teacher.token,
      }),
    );
    expect(list.map((s) => s.held)).toEqual([true, true, false]);
    expect(await counts(t, cb.id)).toEqual({ bought: 2, given: 2, ledgerGiven: 2 });
    // Someone outside the class is not the distributor's to give to.
    expectRefused(
      await provide({ id: cb.id, classId: cls.id, memberIds: [admin.id] }),
      CollegeMsg.PROVIDE_NOT_STUDENTS,
    );
  });

  it('another teacher’s class, another college’s book, a teacher whose grant was taken: refused', async () => {
    const cls = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '他班', isReview: '1' }));
    const cb = expectOk(await adjust(t, staff, w, 1));
    expectOk(await grant(w.otherTeacher, true));
    const byOther = await call(t.app, {
      method: 'POST',
      url: '/api/provideBook/provide',
      token: w.otherTeacher.token,
      payload: { id: cb.id, classId: cls.id },
    });
    expect(byOther.status).toBe(404);
    const foreign = await buildMember(t.ctx.db, { college: w.otherCollege, roles: '2' });
    await t.ctx.db.updateTable('college_members').set({ has_grant: 1 }).where('member_id', '=', foreign.id).execute();
    const cross = await call(t.app, {
      method: 'POST',
      url: '/api/provideBook/provide',
      token: foreign.token,
      payload: { id: cb.id, classId: cls.id },
    });
    expect(cross.status).toBe(403);
    expectOk(await grant(w.otherTeacher, false));
    const taken = await call(t.app, { url: '/api/provideBook/options', token: w.otherTeacher.token });
    expect([taken.status, taken.body.code]).toEqual([403, Code.FORBIDDEN]);
  });
});
