import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ClassMsg, Code, type ClassRow, type ClassStudentRow, type Paged } from '@textbook/contracts';
import { buildClassWorld, createClass, join, validClass, type ClassWorld } from '../../../test/classes.js';
import { buildMember, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { activeEntries } from '../shelf/service.js';

describe('teacher: admission details (students, approvals, export, removal)', () => {
  const t = useTestApp();
  let w: ClassWorld;
  let cls: ClassRow;
  let applicants: BuiltMember[];
  beforeAll(async () => {
    w = await buildClassWorld(t.ctx);
    cls = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '审核班', isReview: '0' }));
    applicants = [];
    for (let i = 0; i < 4; i += 1) {
      const s = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
      applicants.push(s);
      expect((await join(t, s.token, cls.code, `A00${i}`, `学生${i}`)).body.data).toMatchObject({ status: 0 });
    }
  });

  const pending = async () =>
    expectOk(
      await call<ClassStudentRow[]>(t.app, {
        url: `/api/class/student/getApprove?classId=${cls.id}`,
        token: w.teacher.token,
      }),
    );
  const decide = (ids: number[], status: number, token = w.teacher.token) =>
    call<number>(t.app, { method: 'POST', url: '/api/class/student/updateBatch', token, payload: { ids, status } });

  it('lists the students and the pending ones, with pending counts on the class', async () => {
    const page = expectOk(
      await call<Paged<ClassStudentRow>>(t.app, {
        url: `/api/class/student/page?classId=${cls.id}&pageSize=2`,
        token: w.teacher.token,
      }),
    );
    expect(page.total).toBe(4);
    expect(page.rows[0]).toMatchObject({ studentId: 'A000', name: '学生0', status: 0 });
    expect(page.rows[0]).not.toHaveProperty('phone');
    expect(await pending()).toHaveLength(4);
    const search = expectOk(
      await call<Paged<ClassStudentRow>>(t.app, {
        url: `/api/class/student/page?classId=${cls.id}&keyword=A003`,
        token: w.teacher.token,
      }),
    );
    expect(search.rows.map((r) => r.name)).toEqual(['学生3']);
    const detail = expectOk(
      await call<ClassRow>(t.app, { url: `/api/class/detail?id=${cls.id}`, token: w.teacher.token }),
    );
    expect(detail).toMatchObject({ pendingCount: 4, studentCount: 0 });
  });

  it('a student never approves, and another teacher cannot approve this class’s students', async () => {
    const ids = (await pending()).map((r) => r.id);
    expect((await decide(ids, 1, w.student.token)).body.code).toBe(Code.FORBIDDEN);
    expect((await decide(ids, 1, applicants[0]!.token)).body.code).toBe(Code.FORBIDDEN);
    expect((await decide(ids, 1, w.otherTeacher.token)).body.code).toBe(Code.FORBIDDEN);
    expect((await decide([999_999], 1)).body.code).toBe(Code.NOT_FOUND);
    expectRefused(await decide([], 1), ClassMsg.NO_STUDENTS);
    expect(await pending()).toHaveLength(4);
  });

  it('approves and rejects in batch: shelf entries and notices follow, a second press changes nothing', async () => {
    const rows = await pending();
    const [a, b, c] = rows;
    expect(expectOk(await decide([a!.id, b!.id], 1))).toBe(2);
    expect(expectOk(await decide([a!.id, b!.id], 1))).toBe(0);
    expect(expectOk(await decide([c!.id], 2))).toBe(1);
    expect((await activeEntries(t.ctx.db, a!.memberId, w.bookId)).map((e) => e.source)).toEqual(['class']);
    expect(await activeEntries(t.ctx.db, c!.memberId, w.bookId)).toEqual([]);
    const noticesOf = (memberId: number) =>
      t.ctx.db
        .selectFrom('notices')
        .select(['title', 'link'])
        .where('member_id', '=', memberId)
        .where('type', '=', 'class')
        .execute();
    expect(await noticesOf(a!.memberId)).toEqual([
      { title: '您已成功加入班级“审核班”', link: `/bookPreview?bookId=${w.bookId}` },
    ]);
    expect(await noticesOf(c!.memberId)).toEqual([{ title: '您加入班级“审核班”的申请未通过', link: '' }]);
    const detail = expectOk(
      await call<ClassRow>(t.app, { url: `/api/class/detail?id=${cls.id}`, token: w.teacher.token }),
    );
    expect(detail).toMatchObject({ pendingCount: 1, studentCount: 2 });
    // A rejected student may ask again and is pending once more.
    const rejected = applicants.find((s) => s.id === c!.memberId)!;
    expect((await join(t, rejected.token, cls.code, 'A002', '学生2')).body.data).toMatchObject({ status: 0 });
    expect(await pending()).toHaveLength(2);
  });

  it('edits a student’s id and name with the same rules', async () => {
    const [row] = await pending();
    const update = (payload: object, token = w.teacher.token) =>
      call(t.app, { method: 'POST', url: '/api/class/student/update', token, payload });
    expectOk(await update({ id: row!.id, studentId: 'B999', name: '新名字' }));
    expectRefused(await update({ id: row!.id, studentId: '', name: '新名字' }), ClassMsg.STUDENT_ID_REQUIRED);
    expectRefused(await update({ id: row!.id, studentId: 'x', name: '名'.repeat(51) }), ClassMsg.STUDENT_NAME_MAX);
    expect((await update({ id: row!.id, studentId: 'x', name: 'y' }, w.otherTeacher.token)).body.code).toBe(403);
    const after = (await pending()).find((r) => r.id === row!.id);
    expect(after).toMatchObject({ studentId: 'B999', name: '新名字' });
  });

  it('exports a real xlsx that reads back with every student', async () => {
    // The answer is a file, not JSON: read it raw.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/class/student/export',
      headers: { authorization: `Bearer ${w.teacher.token}` },
      payload: { classId: cls.id },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('spreadsheetml');
    expect(raw.headers['content-disposition']).toContain(encodeURIComponent('审核班-学生名单.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('学生名单')!;
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(values[0]!.slice(1)).toEqual(['序号', '学号', '姓名', '状态', '加入时间']);
    expect(values).toHaveLength(5);
    expect(values.map((v) => v[4])).toEqual(expect.arrayContaining(['已加入', '待审核']));
  });

  it('an empty class answers the JSON envelope with the message instead of a file', async () => {
    const empty = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '空班' }));
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/class/student/export',
        token: w.teacher.token,
        payload: { classId: empty.id },
      }),
      ClassMsg.NOTHING_TO_EXPORT,
    );
  });

  it('removes students with the shelf entries the class gave', async () => {
    const approved = expectOk(
      await call<Paged<ClassStudentRow>>(t.app, {
        url: `/api/class/student/page?classId=${cls.id}&status=1`,
        token: w.teacher.token,
      }),
    );
    const first = approved.rows[0]!;
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/class/student/remove',
          token: w.student.token,
          payload: { ids: [first.id] },
        })
      ).body.code,
    ).toBe(403);
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/class/student/remove',
        token: w.teacher.token,
        payload: { ids: [first.id] },
      }),
    );
    expect(await activeEntries(t.ctx.db, first.memberId, w.bookId)).toEqual([]);
    const detail = expectOk(
      await call<ClassRow>(t.app, { url: `/api/class/detail?id=${cls.id}`, token: w.teacher.token }),
    );
    expect(detail.studentCount).toBe(1);
  });
});
