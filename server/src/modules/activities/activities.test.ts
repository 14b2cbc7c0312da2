import { beforeAll, describe, expect, it } from 'vitest';
import {
  ActivityMsg,
  Code,
  type ActivityLive,
  type ActivityRow,
  type ReplyRow,
  type StudentActivityDetail,
  type StudentActivityRow,
} from '@textbook/contracts';
import { buildActivityWorld, get, post, saveActivity, type ActivityWorld } from '../../../test/activities.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { activityClock } from './index.js';

const MINUTE = 60_000;

describe('teaching activities: planning, check-in, discussion, material, copy, delete', () => {
  const t = useTestApp();
  let w: ActivityWorld;
  beforeAll(async () => {
    w = await buildActivityWorld(t);
  });
  const teacher = () => w.teacher.token;
  const list = async (classId = w.cls.id, extra = '') =>
    expectOk(await get<ActivityRow[]>(t, teacher(), `/getList?classId=${classId}${extra}`));
  const studentList = async (token: string, classId = w.cls.id) =>
    expectOk(await get<StudentActivityRow[]>(t, token, `/student/list?classId=${classId}`));
  const open = async (id: number) => expectOk(await post<ActivityRow>(t, teacher(), '/open', { id }));

  it('plans each kind as a draft, with the rules of each', async () => {
    expectRefused(await saveActivity(t, teacher(), { classId: w.cls.id, title: '' }), ActivityMsg.TITLE_REQUIRED);
    expectRefused(
      await saveActivity(t, teacher(), { classId: w.cls.id, minutes: undefined }),
      ActivityMsg.MINUTES_RANGE,
    );
    expectRefused(await saveActivity(t, teacher(), { classId: w.cls.id, minutes: 0 }), ActivityMsg.MINUTES_RANGE);
    expectRefused(await saveActivity(t, teacher(), { classId: w.cls.id, lateMinutes: 61 }), ActivityMsg.LATE_RANGE);
    expectRefused(
      await saveActivity(t, teacher(), { classId: w.cls.id, kind: 'bogus' as never }),
      ActivityMsg.KIND_REQUIRED,
    );
    expectRefused(
      await saveActivity(t, teacher(), { classId: w.cls.id, kind: 'material', link: 'javascript:alert(1)' }),
      ActivityMsg.LINK_INVALID,
    );
    expectRefused(
      await saveActivity(t, teacher(), { classId: w.cls.id, sectionId: 999_999 }),
      ActivityMsg.SECTION_UNKNOWN,
    );
    expectRefused(
      await saveActivity(t, teacher(), { classId: w.cls.id, kind: 'quiz', questionIds: [] }),
      ActivityMsg.QUESTIONS_REQUIRED,
    );
    const checkin = expectOk(
      await saveActivity(t, teacher(), { classId: w.cls.id, sectionId: w.sectionId, minutes: 3, lateMinutes: 2 }),
    );
    expect(checkin).toMatchObject({
      kind: 'checkin',
      state: 'draft',
      sectionId: w.sectionId,
      sectionTitle: '第一章 函数与极限',
      minutes: 3,
      lateMinutes: 2,
      code: null,
      openedAt: null,
    });
    const topic = expectOk(
      await saveActivity(t, teacher(), {
        classId: w.cls.id,
        kind: 'discussion',
        title: '极限的直观含义',
        content: '举例',
      }),
    );
    expect(topic).toMatchObject({ kind: 'discussion', minutes: null, content: '举例' });
    const rows = await list();
    expect(rows.map((r) => r.title)).toEqual(['课堂签到', '极限的直观含义']);
    expect((await list(w.cls.id, `&sectionId=${w.sectionId}`)).map((r) => r.id)).toEqual([checkin.id]);
    // Drafts stay the teacher's.
    expect(await studentList(w.student.token)).toEqual([]);
  });

  it('edits drafts only; only the class’s teacher plans, sees and edits', async () => {
    const a = expectOk(await saveActivity(t, teacher(), { classId: w.cls.id, title: '待编辑' }));
    const edited = expectOk(
      await post<ActivityRow>(t, teacher(), '/update', { id: a.id, title: '已编辑', minutes: 8 }),
    );
    expect(edited).toMatchObject({ title: '已编辑', minutes: 8 });
    expect((await post(t, w.otherTeacher.token, '/update', { id: a.id, title: 'x', minutes: 1 })).status).toBe(403);
    expect((await saveActivity(t, w.otherTeacher.token, { classId: w.cls.id })).status).toBe(403);
    expect((await saveActivity(t, w.student.token, { classId: w.cls.id })).status).toBe(403);
    expect((await saveActivity(t, undefined as never, { classId: w.cls.id })).status).toBe(401);
    expect((await get(t, w.otherTeacher.token, `/getList?classId=${w.cls.id}`)).status).toBe(403);
    expect((await get(t, w.otherTeacher.token, `/live?id=${a.id}`)).status).toBe(403);
    expect((await get(t, teacher(), `/getList?classId=999999`)).status).toBe(404);
    await open(a.id);
    expectRefused(await post(t, teacher(), '/update', { id: a.id, title: '再改', minutes: 8 }), ActivityMsg.NOT_DRAFT);
    expectRefused(await post(t, teacher(), '/open', { id: a.id }), ActivityMsg.NOT_OPENABLE);
    expectOk(await post(t, teacher(), '/close', { id: a.id }));
    expectRefused(await post(t, teacher(), '/close', { id: a.id }), ActivityMsg.ALREADY_CLOSED);
  });

  it('opening a check-in makes a 4-digit code and tells the approved students only', async () => {
    const a = expectOk(await saveActivity(t, teacher(), { classId: w.cls.id, title: '周二签到' }));
    const opened = await open(a.id);
    expect(opened.state).toBe('open');
    expect(opened.code).toMatch(/^\d{4}$/);
    expect(opened.endsAt).toBe(opened.openedAt! + 5 * MINUTE);
    const noticesOf = (memberId: number) =>
      t.ctx.db
        .selectFrom('notices')
        .select(['title', 'link'])
        .where('member_id', '=', memberId)
        .where('title', 'like', '%周二签到%')
        .execute();
    for (const s of w.students) {
      expect(await noticesOf(s.id)).toEqual([
        { title: '“活动一班”发布了签到：周二签到', link: `/my/classActivity?classId=${w.cls.id}&id=${a.id}` },
      ]);
    }
    expect(await noticesOf(w.pendingStudent.id)).toEqual([]);
    expect(await noticesOf(w.secondStudent.id)).toEqual([]);
    // Students see it without the code.
    const seen = (await studentList(w.student.token)).find((r) => r.id === a.id)!;
    expect(seen).toMatchObject({ state: 'open', code: null, mine: { checkin: null } });
  });

  it('check-in: wrong, on time, twice, late, expired and closed are told apart', async () => {
    const clock = activityClock(t.ctx);
    const start = Date.now();
    clock.now = () => start;
    try {
      const a = expectOk(await saveActivity(t, teacher(), { classId: w.cls.id, minutes: 2, lateMinutes: 3 }));
      expectRefused(
        await post(t, w.student.token, '/checkin', { id: a.id, code: '0000' }),
        ActivityMsg.CHECKIN_NOT_STARTED,
      );
      const { code } = await open(a.id);
      const wrong = code === '0000' ? '1111' : '0000';
      expectRefused(await post(t, w.student.token, '/checkin', { id: a.id, code: wrong }), ActivityMsg.CODE_WRONG);
      expectRefused(await post(t, w.student.token, '/checkin', { id: a.id, code: '' }), ActivityMsg.CODE_REQUIRED);
      clock.now = () => start + 2 * MINUTE;
      const ok = await post<{ status: string }>(t, w.student.token, '/checkin', { id: a.id, code: ` ${code} ` });
      expect(ok.body).toMatchObject({ code: Code.OK, msg: ActivityMsg.CHECKIN_OK, data: { status: 'ontime' } });
      expectRefused(
        await post(t, w.student.token, '/checkin', { id: a.id, code }),
        ActivityMsg.ALREADY_CHECKED_IN,
        409,
      );
      clock.now = () => start + 2 * MINUTE + 1;
      const late = await post(t, w.students[1]!.token, '/checkin', { id: a.id, code });
      expect(late.body).toMatchObject({ code: Code.OK, msg: ActivityMsg.CHECKIN_LATE, data: { status: 'late' } });
      // Neither the pending student, nor another class's, nor the teacher checks in.
      expect((await post(t, w.pendingStudent.token, '/checkin', { id: a.id, code })).status).toBe(403);
      expect((await post(t, w.secondStudent.token, '/checkin', { id: a.id, code })).status).toBe(403);
      expect((await post(t, w.outsider.token, '/checkin', { id: a.id, code })).status).toBe(403);
      expect((await post(t, teacher(), '/checkin', { id: a.id, code })).status).toBe(403);
      const live = expectOk(await get<ActivityLive>(t, teacher(), `/live?id=${a.id}`));
      expect(live.studentCount).toBe(2);
      expect(live.checkins.map((c) => [c.name, c.status])).toEqual([
        ['学生0', 'ontime'],
        ['学生1', 'late'],
      ]);
      expect(live.absent).toEqual([]);
      expect(live.activity.taken).toBe(2);
      expect((await studentList(w.student.token)).find((r) => r.id === a.id)?.mine.checkin).toBe('ontime');

      // Past the late minutes: expired; closed by the teacher: closed.
      const b = expectOk(await saveActivity(t, teacher(), { classId: w.cls.id, minutes: 1, lateMinutes: 0 }));
      clock.now = () => start;
      const { code: codeB } = await open(b.id);
      clock.now = () => start + MINUTE + 1;
      expectRefused(await post(t, w.student.token, '/checkin', { id: b.id, code: codeB }), ActivityMsg.CODE_EXPIRED);
      const liveB = expectOk(await get<ActivityLive>(t, teacher(), `/live?id=${b.id}`));
      expect(liveB.absent.map((s) => s.name).sort()).toEqual(['学生0', '学生1']);
      expectOk(await post(t, teacher(), '/close', { id: b.id }));
      expectRefused(await post(t, w.student.token, '/checkin', { id: b.id, code: codeB }), ActivityMsg.CHECKIN_CLOSED);
    } finally {
      clock.now = () => Date.now();
    }
  });

  it('discussion: students and the teacher reply as plain text; the teacher removes replies', async () => {
    const a = expectOk(
      await saveActivity(t, teacher(), { classId: w.cls.id, kind: 'discussion', title: '讨论', content: '话题' }),
    );
    expectRefused(await post(t, w.student.token, '/reply', { id: a.id, content: '早' }), ActivityMsg.NOT_OPEN);
    await open(a.id);
    const reply = expectOk(
      await post<ReplyRow>(t, w.student.token, '/reply', {
        id: a.id,
        content: '<script>alert(1)</script>\u202e反转\u0007\n\n\n\n第二段',
      }),
    );
    expect(reply).toMatchObject({ name: '学生0', teacher: false, content: '<script>alert(1)</script>反转\n\n第二段' });
    expectRefused(await post(t, w.student.token, '/reply', { id: a.id, content: '   ' }), ActivityMsg.REPLY_REQUIRED);
    expectRefused(
      await post(t, w.student.token, '/reply', { id: a.id, content: '长'.repeat(1001) }),
      ActivityMsg.REPLY_MAX,
    );
    const fromTeacher = expectOk(await post<ReplyRow>(t, teacher(), '/reply', { id: a.id, content: '很好' }));
    expect(fromTeacher).toMatchObject({ name: '教师', teacher: true });
    expect((await post(t, w.secondStudent.token, '/reply', { id: a.id, content: '我来' })).status).toBe(403);
    expect((await post(t, w.pendingStudent.token, '/reply', { id: a.id, content: '我来' })).status).toBe(403);
    expect((await post(t, w.otherTeacher.token, '/reply', { id: a.id, content: '我来' })).status).toBe(403);
    const seen = expectOk(await get<StudentActivityDetail>(t, w.students[1]!.token, `/student/detail?id=${a.id}`));
    expect(seen.replies.map((r) => r.content)).toEqual([reply.content, '很好']);
    // A student never removes a reply; another teacher neither; the teacher does.
    expect((await post(t, w.student.token, '/reply/delete', { replyId: reply.id })).status).toBe(403);
    expect((await post(t, w.otherTeacher.token, '/reply/delete', { replyId: reply.id })).status).toBe(403);
    expectOk(await post(t, teacher(), '/reply/delete', { replyId: reply.id }));
    expect((await post(t, teacher(), '/reply/delete', { replyId: reply.id })).status).toBe(404);
    const live = expectOk(await get<ActivityLive>(t, teacher(), `/live?id=${a.id}`));
    expect(live.replies.map((r) => r.content)).toEqual(['很好']);
    expectOk(await post(t, teacher(), '/close', { id: a.id }));
    expectRefused(await post(t, w.student.token, '/reply', { id: a.id, content: '晚' }), ActivityMsg.ALREADY_CLOSED);
  });

  it('material: a link or an uploaded file, downloadable by the class once open', async () => {
    const a = expectOk(await saveActivity(t, teacher(), { classId: w.cls.id, kind: 'material', title: '课件' }));
    expectRefused(await post(t, teacher(), '/open', { id: a.id }), ActivityMsg.MATERIAL_REQUIRED);
    const boundary = '----activity';
    const upload = (token: string, id: number, name = '第一章课件.pdf', bytes = '%PDF-1.4 slides') =>
      call<ActivityRow>(t.app, {
        method: 'POST',
        url: `/api/teachActivity/upload?id=${id}`,
        token,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload:
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          `Content-Type: application/pdf\r\n\r\n${bytes}\r\n--${boundary}--\r\n`,
      });
    expect((await upload(w.otherTeacher.token, a.id)).status).toBe(403);
    const withFile = expectOk(await upload(teacher(), a.id));
    expect(withFile.fileName).toBe('第一章课件.pdf');
    const stored = await t.ctx.db
      .selectFrom('teach_activities')
      .select('file_key')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    // Never an image name: the public site-image route serves none of it.
    expect(stored.file_key).toMatch(/^material-[0-9a-f-]+$/);
    expect((await t.app.inject({ url: `/api/site/image/${stored.file_key}` })).statusCode).toBe(404);
    const download = (token: string) =>
      t.app.inject({ url: `/api/teachActivity/download?id=${a.id}`, headers: { authorization: `Bearer ${token}` } });
    expect((await download(teacher())).body).toBe('%PDF-1.4 slides');
    expect((await download(w.student.token)).statusCode).toBe(404);
    await open(a.id);
    const got = await download(w.student.token);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-disposition']).toContain(encodeURIComponent('第一章课件.pdf'));
    expect(got.body).toBe('%PDF-1.4 slides');
    expect((await download(w.secondStudent.token)).statusCode).toBe(403);
    expect((await download(w.pendingStudent.token)).statusCode).toBe(403);
    expectRefused(await upload(teacher(), a.id), ActivityMsg.NOT_DRAFT);
    const linkOnly = expectOk(
      await saveActivity(t, teacher(), {
        classId: w.cls.id,
        kind: 'material',
        title: '链接',
        link: 'https://example.com/a',
      }),
    );
    expect((await open(linkOnly.id)).link).toBe('https://example.com/a');
    const notMaterial = expectOk(await saveActivity(t, teacher(), { classId: w.cls.id }));
    expectRefused(await upload(teacher(), notMaterial.id), ActivityMsg.FILE_NOT_MATERIAL);
  });

  it('copies to another of the teacher’s classes as a draft, never to another teacher’s', async () => {
    const a = expectOk(
      await saveActivity(t, teacher(), { classId: w.cls.id, sectionId: w.sectionId, title: '可复制' }),
    );
    await open(a.id);
    expect((await post(t, teacher(), '/copy', { id: a.id, classId: w.foreign.id })).status).toBe(403);
    expect((await post(t, w.otherTeacher.token, '/copy', { id: a.id, classId: w.foreign.id })).status).toBe(403);
    expectRefused(await post(t, teacher(), '/copy', { id: a.id, classId: w.cls.id }), ActivityMsg.COPY_SAME_CLASS);
    const copied = await post<ActivityRow>(t, teacher(), '/copy', { id: a.id, classId: w.second.id });
    expect(copied.body.msg).toBe(ActivityMsg.COPY_DONE('活动二班'));
    expect(copied.body.data).toMatchObject({
      classId: w.second.id,
      title: '可复制',
      state: 'draft',
      code: null,
      sectionId: w.sectionId,
      taken: 0,
    });
    expect((await list(w.second.id)).map((r) => r.title)).toContain('可复制');
  });

  it('deletes an activity with its check-ins; only its teacher', async () => {
    const a = expectOk(await saveActivity(t, teacher(), { classId: w.cls.id, title: '要删除' }));
    const { code } = await open(a.id);
    expectOk(await post(t, w.student.token, '/checkin', { id: a.id, code }));
    expect((await post(t, w.otherTeacher.token, '/delete', { id: a.id })).status).toBe(403);
    expect((await post(t, w.student.token, '/delete', { id: a.id })).status).toBe(403);
    expectOk(await post(t, teacher(), '/delete', { id: a.id }));
    expect((await list()).some((r) => r.id === a.id)).toBe(false);
    const left = await t.ctx.db
      .selectFrom('teach_activity_checkins')
      .select('id')
      .where('activity_id', '=', a.id)
      .execute();
    expect(left).toEqual([]);
    expect((await post(t, teacher(), '/delete', { id: a.id })).status).toBe(404);
  });

  it('a student lists only their classes’ activities, never drafts or another class’s', async () => {
    expect((await get(t, w.secondStudent.token, `/student/list?classId=${w.cls.id}`)).status).toBe(403);
    expect((await get(t, w.pendingStudent.token, `/student/list?classId=${w.cls.id}`)).status).toBe(403);
    expect((await get(t, w.outsider.token, `/student/list?classId=${w.cls.id}`)).status).toBe(403);
    const draft = expectOk(await saveActivity(t, teacher(), { classId: w.cls.id, title: '草稿' }));
    expect((await get(t, w.student.token, `/student/detail?id=${draft.id}`)).status).toBe(404);
    const rows = await studentList(w.student.token);
    expect(rows.every((r) => r.state !== 'draft' && r.code === null)).toBe(true);
    expect(await studentList(w.secondStudent.token, w.second.id)).toEqual([]);
  });
});
