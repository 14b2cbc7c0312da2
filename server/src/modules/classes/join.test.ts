import { beforeAll, describe, expect, it } from 'vitest';
import { ClassMsg, Code, Msg, formatClassTime, type ClassRow, type MyClassRow, type Paged } from '@textbook/contracts';
import { buildClassWorld, createClass, join, validClass, type ClassWorld } from '../../../test/classes.js';
import { buildMember } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import * as members from '../member/queries.js';
import { activeEntries, grantShelfEntry } from '../shelf/service.js';

describe('student: join with a class code (spec §3, §5, §8)', () => {
  const t = useTestApp();
  let w: ClassWorld;
  let reviewed: ClassRow;
  let direct: ClassRow;
  beforeAll(async () => {
    w = await buildClassWorld(t.ctx);
    reviewed = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '审核班', isReview: '0' }));
    direct = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '直通班', isReview: '1' }));
  });

  const check = (token: string, code: string) =>
    call<{ status: string; msg: string }>(t.app, {
      url: `/api/class/checkCode?activationCode=${encodeURIComponent(code)}`,
      token,
    });

  it('refuses a join form missing a field or over 50 characters, with the exact messages', async () => {
    const post = (payload: object) =>
      call(t.app, { method: 'POST', url: '/api/class/student/join', token: w.student.token, payload });
    const good = { activationCode: direct.code, studentId: '2026001', name: '张三' };
    expectRefused(await post({ ...good, activationCode: '' }), ClassMsg.CODE_REQUIRED);
    expectRefused(await post({ ...good, studentId: ' ' }), ClassMsg.STUDENT_ID_REQUIRED);
    expectRefused(await post({ ...good, name: undefined }), ClassMsg.STUDENT_NAME_REQUIRED);
    expectRefused(await post({ ...good, studentId: '1'.repeat(51) }), ClassMsg.STUDENT_ID_MAX);
    expectRefused(await post({ ...good, name: '名'.repeat(51) }), ClassMsg.STUDENT_NAME_MAX);
    expectRefused(await post({ ...good, activationCode: 'ZZZZZZ' }), ClassMsg.CODE_UNKNOWN);
    expect((await call(t.app, { method: 'POST', url: '/api/class/student/join', payload: good })).body.code).toBe(401);
  });

  it('a member of no college (registered alone) joins and becomes a student of the class’s college', async () => {
    const loner = await buildMember(t.ctx.db);
    expect((await check(loner.token, direct.code)).body.data).toMatchObject({ status: '0' });
    const res = await join(t, loner.token, direct.code, 'S900', '王五');
    expect(res.body).toMatchObject({ code: 200, msg: ClassMsg.JOIN_SUCCESS, data: { status: 1, joinShelf: true } });
    const info = await call<{ member: { roleList: number[]; collegeId: number; extras: { CollegeList: unknown[] } } }>(
      t.app,
      {
        url: '/api/getMemberInfo',
        token: loner.token,
      },
    );
    expect(info.body.data.member).toMatchObject({ roleList: [3], collegeId: w.college.id });
    expect(info.body.data.member.extras.CollegeList).toHaveLength(1);
    const mine = await call<Paged<MyClassRow>>(t.app, {
      method: 'POST',
      url: '/api/class/student/myClass',
      token: loner.token,
      payload: {},
    });
    expect(JSON.stringify(mine.body.data)).toContain('直通班');
    // The join's identity is the new membership's.
    const membership = await t.ctx.db
      .selectFrom('college_members')
      .select(['roles', 'student_id', 'real_name'])
      .where('member_id', '=', loner.id)
      .executeTakeFirstOrThrow();
    expect(membership).toEqual({ roles: '3', student_id: 'S900', real_name: '王五' });
  });

  it('review on: status 0 提交成功，待审核, no shelf entry yet, the teacher is told', async () => {
    const s = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
    expect((await check(s.token, reviewed.code.toLowerCase())).body.data).toMatchObject({
      status: '0',
      msg: ClassMsg.CODE_OK('审核班', reviewed.bookName),
    });
    const res = await join(t, s.token, reviewed.code, 'P001', '李四');
    expect(res.body).toMatchObject({ code: 200, msg: ClassMsg.JOIN_PENDING, data: { status: 0, joinShelf: false } });
    expect(await activeEntries(t.ctx.db, s.id, w.bookId)).toEqual([]);
    const notices = await t.ctx.db
      .selectFrom('notices')
      .select(['title', 'link'])
      .where('member_id', '=', w.teacher.id)
      .execute();
    expect(notices).toContainEqual({
      title: '李四申请加入班级“审核班”',
      link: `/my/admissionDetails?classId=${reviewed.id}`,
    });
    // Pressing again answers the same, adds nothing, and the code check now blocks.
    const again = await join(t, s.token, reviewed.code, 'P001', '李四');
    expect(again.body.data).toMatchObject({ status: 0 });
    expect((await check(s.token, reviewed.code)).body.data).toMatchObject({
      status: '3',
      msg: ClassMsg.ALREADY_PENDING,
    });
    const hasJoint = await call<boolean>(t.app, {
      url: `/api/class/hasJoint?activationCode=${reviewed.code}`,
      token: s.token,
    });
    expect(expectOk(hasJoint)).toBe(true);
    const rows = await t.ctx.db.selectFrom('class_students').selectAll().where('member_id', '=', s.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('review off: status 1 加入成功 with the book names and joinShelf, and the book is on the shelf', async () => {
    const s = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
    const res = await join(t, s.token, direct.code, 'D001', '王五');
    expect(res.body).toMatchObject({
      code: 200,
      msg: ClassMsg.JOIN_SUCCESS,
      data: { status: 1, className: '直通班', collegeName: w.college.name, bookId: w.bookId, joinShelf: true },
    });
    const entries = await activeEntries(t.ctx.db, s.id, w.bookId);
    expect(entries).toMatchObject([{ source: 'class', sourceRef: direct.id, collegeId: w.college.id }]);
    expect((await check(s.token, direct.code)).body.data).toMatchObject({ status: '3', msg: ClassMsg.ALREADY_JOINED });
    const mine = expectOk(
      await call<Paged<MyClassRow>>(t.app, {
        method: 'POST',
        url: '/api/class/student/myClass',
        token: s.token,
        payload: {},
      }),
    );
    expect(mine.rows).toMatchObject([{ classId: direct.id, className: '直通班', status: 1, bookId: w.bookId }]);
    const role = expectOk(
      await call<{ student: boolean }>(t.app, { url: `/api/class/getClassRole?bookId=${w.bookId}`, token: s.token }),
    );
    expect(role.student).toBe(true);
  });

  it('outside the validity period: status 2 with the range, and the code check says so', async () => {
    const start = Date.now() + 86_400_000;
    const later = await createClass(
      t,
      w.teacher.token,
      validClass(w.bookId, { startTime: formatClassTime(start), endTime: formatClassTime(start + 86_400_000) }),
    );
    const range = ClassMsg.JOIN_OUTSIDE(formatClassTime(start), formatClassTime(start + 86_400_000));
    expect((await check(w.student.token, later.code)).body.data).toMatchObject({ status: '2', msg: range });
    const res = await join(t, w.student.token, later.code);
    expect(res.body).toMatchObject({ code: 200, msg: range, data: { status: 2, joinShelf: false } });
    const expired = await createClass(t, w.teacher.token, validClass(w.bookId, { isReview: '1' }));
    await t.ctx.db
      .updateTable('classes')
      .set({ start_time: Date.now() - 2 * 86_400_000, end_time: Date.now() - 86_400_000 })
      .where('id', '=', expired.id)
      .execute();
    expect((await join(t, w.student.token, expired.code)).body.data).toMatchObject({ status: 2 });
    const rows = await t.ctx.db
      .selectFrom('class_students')
      .selectAll()
      .where('member_id', '=', w.student.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('a student of another college gets the verifyCollege answer and cannot join', async () => {
    const answer = expectOk(
      await call(t.app, { url: `/api/class/verifyCollege?activationCode=${direct.code}`, token: w.outsider.token }),
    );
    expect(answer).toEqual({
      status: 2,
      msg: ClassMsg.NOT_IN_COLLEGE(w.college.name),
      collegeId: w.college.id,
      collegeName: w.college.name,
    });
    expect((await check(w.outsider.token, direct.code)).body.data).toMatchObject({ status: '3' });
    expectRefused(await join(t, w.outsider.token, direct.code), ClassMsg.NOT_IN_COLLEGE(w.college.name));
    const same = expectOk(
      await call(t.app, { url: `/api/class/verifyCollege?activationCode=${direct.code}`, token: w.student.token }),
    );
    expect(same).toMatchObject({ status: 0 });
  });

  it('a member of the class’s college working in another college is asked to switch (502)', async () => {
    const s = await buildMember(t.ctx.db, { college: w.otherCollege, roles: '3' });
    await members.insertMembership(t.ctx.db, { college_id: w.college.id, member_id: s.id, roles: '3', created_at: 1 });
    const verify = expectOk(
      await call(t.app, { url: `/api/class/verifyCollege?activationCode=${direct.code}`, token: s.token }),
    );
    expect(verify).toMatchObject({ status: 1, msg: Msg.OTHER_COLLEGE(w.college.name) });
    const res = await join(t, s.token, direct.code);
    expect(res.body).toMatchObject({ code: Code.OTHER_COLLEGE, msg: Msg.OTHER_COLLEGE(w.college.name) });
  });

  it('the class’s own teacher cannot join it', async () => {
    expect((await check(w.teacher.token, direct.code)).body.data).toMatchObject({
      status: '3',
      msg: ClassMsg.TEACHER_OWN_CLASS,
    });
    expectRefused(await join(t, w.teacher.token, direct.code), ClassMsg.TEACHER_OWN_CLASS);
  });

  it('student id and name are locked once set on the member, except a placeholder guest name', async () => {
    const s = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
    const first = await createClass(t, w.teacher.token, validClass(w.bookId, { isReview: '1' }));
    expect((await join(t, s.token, first.code, 'L001', '赵六')).body.data).toMatchObject({ status: 1 });
    const info = expectOk(
      await call<{ member: { studentId: string; realName: string } }>(t.app, {
        url: '/api/getMemberInfo',
        token: s.token,
      }),
    );
    expect(info.member).toMatchObject({ studentId: 'L001', realName: '赵六' });
    const second = await createClass(t, w.teacher.token, validClass(w.bookId, { isReview: '1' }));
    expectRefused(await join(t, s.token, second.code, 'L002', '赵六'), ClassMsg.STUDENT_ID_LOCKED);
    expectRefused(await join(t, s.token, second.code, 'L001', '赵七'), ClassMsg.STUDENT_NAME_LOCKED);
    expect((await join(t, s.token, second.code, 'L001', '赵六')).body.data).toMatchObject({ status: 1 });

    const guest = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
    await t.ctx.db
      .updateTable('college_members')
      .set({ real_name: '游客' })
      .where('member_id', '=', guest.id)
      .execute();
    expect((await join(t, guest.token, first.code, 'G001', '孙八')).body.data).toMatchObject({ status: 1 });
  });

  it('leaving a class removes the shelf entry the class gave, unless another source grants the book', async () => {
    const cls = await createClass(t, w.teacher.token, validClass(w.bookId, { isReview: '1' }));
    const a = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
    const b = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
    for (const s of [a, b]) await join(t, s.token, cls.code, `E${s.id}`, `学生${s.id}`);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: b.id, bookId: w.bookId, source: 'purchase', sourceRef: 77 });
    for (const s of [a, b])
      expectOk(await call(t.app, { url: `/api/class/student/exit?classId=${cls.id}`, token: s.token }));
    expect(await activeEntries(t.ctx.db, a.id, w.bookId)).toEqual([]);
    expect((await activeEntries(t.ctx.db, b.id, w.bookId)).map((e) => e.source)).toEqual(['purchase']);
    expectRefused(
      await call(t.app, { url: `/api/class/student/exit?classId=${cls.id}`, token: a.token }),
      ClassMsg.NOT_IN_CLASS,
    );
    expect((await call(t.app, { url: `/api/class/student/exit?classId=${cls.id}` })).body.code).toBe(401);
  });
});
