import { afterEach, describe, expect, it } from 'vitest';
import {
  Code,
  SampleMsg,
  SampleState,
  type BookAccess,
  type MemberInfo,
  type NoticeItem,
  type Paged,
  type SampleAdminRow,
  type SampleApplyAnswer,
  type SampleCheckAnswer,
  type SampleDays,
  type SampleRow,
} from '@textbook/contracts';
import { buildBook } from '../../../test/classes.js';
import { buildCollege, buildMember, buildStaff, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { buildEpub, importBook, tempDataDir } from '../../../test/reader-fixtures.js';
import { activeEntries, grantShelfEntry } from '../shelf/index.js';
import { sampleClock } from './index.js';
import { chinaYear, validityEnd } from './service.js';

const t = useTestApp({ dataDir: tempDataDir() });

/** An instant given as China wall-clock time (UTC+8). */
const china = (iso: string) => Date.parse(`${iso}+08:00`);

afterEach(() => {
  sampleClock(t.ctx).now = () => Date.now();
});

const check = (token: string | undefined, bookId: number) =>
  call<SampleCheckAnswer>(t.app, { method: 'POST', url: '/api/sample-book/check', token, payload: { bookId } });
const apply = (token: string | undefined, payload: object) =>
  call<SampleApplyAnswer>(t.app, { method: 'POST', url: '/api/sample-book/apply', token, payload });
const days = (token: string) => call<SampleDays>(t.app, { method: 'GET', url: '/api/sample-book/days', token });
const mine = (token: string, query = '') =>
  call<Paged<SampleRow>>(t.app, { method: 'GET', url: `/api/sample-book/my${query}`, token });
const admin = (token: string, url: string, payload?: object) =>
  call<unknown>(t.app, { method: payload ? 'POST' : 'GET', url: `/api/admin/sample-book${url}`, token, payload });

async function teacherWorld() {
  const college = await buildCollege(t.ctx.db);
  const teacher = await buildMember(t.ctx.db, { college, roles: '2' });
  return { college, teacher };
}

let staff: { id: number; token: string } | undefined;
async function staffToken(): Promise<string> {
  staff ??= await buildStaff(t.ctx.db);
  return staff.token;
}

async function autoBook(): Promise<number> {
  const bookId = await buildBook(t.ctx.db);
  expectOk(await admin(await staffToken(), '/autoApprove', { bookId, autoApprove: true }));
  return bookId;
}

async function setQuota(amount: number) {
  expectOk(
    await admin(await staffToken(), '/settings', {
      amount,
      times: [
        { code: '3M', value: '3个月' },
        { code: '6M', value: '6个月' },
        { code: '1Y', value: '1年' },
      ],
    }),
  );
}

const applied = (m: BuiltMember, bookId: number, validityPeriod = '6M') => apply(m.token, { bookId, validityPeriod });

describe('the sample check (spec §4), in its order', () => {
  it('tells a member who is not a teacher of the current college to certify first', async () => {
    const college = await buildCollege(t.ctx.db);
    const student = await buildMember(t.ctx.db, { college, roles: '3' });
    const common = await buildMember(t.ctx.db);
    const admin1 = await buildMember(t.ctx.db, { college, roles: '1' });
    const bookId = await buildBook(t.ctx.db);
    for (const m of [student, common, admin1]) {
      const res = await check(m.token, bookId);
      expect(expectOk(res)).toEqual({ result: 'NOT_TEACHER', msg: '需认证为教师后才可申请免费样书' });
      expect(res.body.msg).toBe(SampleMsg.NOT_TEACHER);
      expectRefused(await applied(m, bookId), '需认证为教师后才可申请免费样书');
    }
    expect(await t.ctx.db.selectFrom('sample_applications').selectAll().execute()).toEqual([]);
    expect((await check(undefined, bookId)).status).toBe(401);
  });

  it('answers SUCCESS, then EXIST once an application waits (submitting again changes nothing)', async () => {
    const { teacher } = await teacherWorld();
    const bookId = await buildBook(t.ctx.db);
    expect(expectOk(await check(teacher.token, bookId))).toEqual({ result: 'SUCCESS', msg: SampleMsg.SUCCESS });
    const res = await applied(teacher, bookId);
    expect(res.body.msg).toBe('提交成功，等待审核');
    expect(expectOk(res)).toMatchObject({ result: 'AUDITING', msg: '提交成功，等待审核', bookId, expiresAt: null });
    expect(expectOk(await check(teacher.token, bookId))).toEqual({
      result: 'EXIST',
      msg: '您的试用申请已在审核中，请耐心等待',
    });
    expectRefused(await applied(teacher, bookId), '您的试用申请已在审核中，请耐心等待');
    expect(expectOk(await mine(teacher.token)).total).toBe(1);
    expect(expectOk(await days(teacher.token)).used).toBe(1);
  });

  it('answers HAS for a book the teacher can read in the current college, not for one of another college', async () => {
    const { college, teacher } = await teacherWorld();
    const held = await buildBook(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: teacher.id,
      bookId: held,
      source: 'authorization',
      collegeId: college.id,
    });
    expect(expectOk(await check(teacher.token, held))).toEqual({ result: 'HAS', msg: '您已有此书，无需申请试用' });
    expectRefused(await applied(teacher, held), '您已有此书，无需申请试用');
    const elsewhere = await buildBook(t.ctx.db);
    const other = await buildCollege(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: teacher.id,
      bookId: elsewhere,
      source: 'authorization',
      collegeId: other.id,
    });
    expect(expectOk(await check(teacher.token, elsewhere)).result).toBe('SUCCESS');
    // The refused apply gave its place in the quota back (the transaction rolled back).
    expect(expectOk(await days(teacher.token)).used).toBe(0);
  });

  it('answers OVER when this year’s quota is used, before HAS and EXIST', async () => {
    await setQuota(2);
    try {
      const { teacher } = await teacherWorld();
      const [a, b, c] = [await buildBook(t.ctx.db), await buildBook(t.ctx.db), await buildBook(t.ctx.db)];
      expectOk(await applied(teacher, a));
      expect(expectOk(await days(teacher.token))).toMatchObject({ amount: 2, used: 1, left: 1 });
      expectOk(await applied(teacher, b));
      expect(expectOk(await days(teacher.token))).toMatchObject({ amount: 2, used: 2, left: 0 });
      expect(expectOk(await check(teacher.token, c))).toEqual({ result: 'OVER', msg: '今年您申请的样书已达上限' });
      // OVER comes before EXIST: the waiting book is also told OVER.
      expect(expectOk(await check(teacher.token, a)).result).toBe('OVER');
      expectRefused(await applied(teacher, c), '今年您申请的样书已达上限');
      expect(expectOk(await mine(teacher.token)).total).toBe(2);
    } finally {
      await setQuota(10);
    }
  });

  it('refuses an unknown or unpublished book and an unknown validity option', async () => {
    const { teacher } = await teacherWorld();
    const res = await check(teacher.token, 99_999_999);
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe(SampleMsg.BOOK_UNKNOWN);
    const hidden = await buildBook(t.ctx.db, { published: false });
    expect((await applied(teacher, hidden)).status).toBe(404);
    const bookId = await buildBook(t.ctx.db);
    expectRefused(await applied(teacher, bookId, '7W'), SampleMsg.VALIDITY_UNKNOWN);
    expect((await apply(teacher.token, { bookId })).body.msg).toBe(SampleMsg.VALIDITY_REQUIRED);
    expect(expectOk(await mine(teacher.token)).total).toBe(0);
  });
});

describe('applying (the applicant is the session’s)', () => {
  it('refuses a body naming another member or another college, and creates nothing', async () => {
    const { college, teacher } = await teacherWorld();
    const other = await buildMember(t.ctx.db, { college, roles: '2' });
    const bookId = await buildBook(t.ctx.db);
    const elsewhere = await buildCollege(t.ctx.db);
    for (const payload of [
      { bookId, validityPeriod: '6M', userId: other.id, collegeId: college.id },
      { bookId, validityPeriod: '6M', userId: teacher.id, collegeId: elsewhere.id },
    ]) {
      const res = await apply(teacher.token, payload);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: Code.REFUSED, msg: SampleMsg.NOT_YOURSELF, data: null });
    }
    expect(expectOk(await mine(teacher.token)).total).toBe(0);
    expect(expectOk(await mine(other.token)).total).toBe(0);
    // Naming oneself is fine.
    expectOk(await apply(teacher.token, { bookId, validityPeriod: '6M', userId: teacher.id, collegeId: college.id }));
  });

  it('approves an auto-approve book at once: AUDIT_PASS, a sample shelf entry to the end of the validity', async () => {
    const { college, teacher } = await teacherWorld();
    const bookId = await autoBook();
    const now = china('2026-03-10T09:00:00');
    sampleClock(t.ctx).now = () => now;
    const res = await applied(teacher, bookId, '1Y');
    expect(res.body.msg).toBe('申请通过');
    const answer = expectOk(res);
    expect(answer).toMatchObject({ result: 'AUDIT_PASS', msg: '申请通过', detail: '已将该书自动加入您的书架' });
    expect(answer.expiresAt).toBe(china('2027-03-11T00:00:00'));
    const [entry] = await activeEntries(t.ctx.db, teacher.id, bookId, now);
    expect(entry).toMatchObject({ source: 'sample', collegeId: college.id, expiresAt: answer.expiresAt });
    expect(expectOk(await check(teacher.token, bookId)).result).toBe('HAS');
    const [row] = expectOk(await mine(teacher.token)).rows;
    expect(row).toMatchObject({
      state: SampleState.APPROVED,
      stateLabel: '已通过',
      validityPeriod: '1Y',
      validityLabel: '1年',
    });
  });
});

describe('the quota counts per calendar year in China', () => {
  it('starts again at midnight of 1 January in Asia/Shanghai, even while it is still 31 December in UTC', async () => {
    await setQuota(1);
    try {
      const { teacher } = await teacherWorld();
      const [a, b] = [await buildBook(t.ctx.db), await buildBook(t.ctx.db)];
      sampleClock(t.ctx).now = () => china('2026-12-31T23:59:00');
      expectOk(await applied(teacher, a));
      expect(expectOk(await check(teacher.token, b)).result).toBe('OVER');
      expect(expectOk(await days(teacher.token))).toMatchObject({ year: 2026, used: 1, left: 0 });

      const newYear = china('2027-01-01T00:00:30');
      expect(new Date(newYear).getUTCFullYear()).toBe(2026);
      sampleClock(t.ctx).now = () => newYear;
      expect(expectOk(await days(teacher.token))).toMatchObject({ year: 2027, amount: 1, used: 0, left: 1 });
      expect(expectOk(await check(teacher.token, b)).result).toBe('SUCCESS');
      expectOk(await applied(teacher, b));
      const years = await t.ctx.db
        .selectFrom('sample_applications')
        .select('quota_year')
        .where('member_id', '=', teacher.id)
        .orderBy('id')
        .execute();
      expect(years.map((r) => r.quota_year)).toEqual([2026, 2027]);
    } finally {
      await setQuota(10);
    }
  });

  it('knows the China year of an instant', () => {
    expect(chinaYear(Date.parse('2026-12-31T15:59:59Z'))).toBe(2026);
    expect(chinaYear(Date.parse('2026-12-31T16:00:00Z'))).toBe(2027);
  });
});

describe('expiry: the book closes the day after the validity ends', () => {
  it('ends the validity at midnight (China) after the same day N months or years later', () => {
    expect(validityEnd(china('2026-01-15T10:00:00'), '6M')).toBe(china('2026-07-16T00:00:00'));
    expect(validityEnd(china('2026-01-31T23:30:00'), '1M')).toBe(china('2026-03-01T00:00:00'));
    expect(validityEnd(china('2028-02-29T08:00:00'), '1Y')).toBe(china('2029-03-01T00:00:00'));
    expect(validityEnd(china('2026-11-20T08:00:00'), '3M')).toBe(china('2027-02-21T00:00:00'));
    expect(validityEnd(0, '6W')).toBeUndefined();
  });

  it('reads a chapter through the last day of the validity and not on the day after', async () => {
    const bytes = buildEpub(`urn:test:sample:${Date.now()}`, '样书到期测试', [
      { title: '第一章 试读', body: '<p>免费的文字。</p>' },
      { title: '第二章 正文', body: '<p>样书的文字。</p>' },
    ]);
    const { bookId } = await importBook(t.ctx, bytes, { published: true, price: 0 });
    expectOk(await admin(await staffToken(), '/autoApprove', { bookId, autoApprove: true }));
    const [, paid] = await t.ctx.db
      .selectFrom('book_chapters')
      .select('id')
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
    const read = (token: string) =>
      call(t.app, { method: 'GET', url: `/api/book/chapter?bookId=${bookId}&chapterId=${paid!.id}`, token });

    const today = Date.now();
    const DAY = 86_400_000;
    /** An application instant whose 3-month validity ends within (from, from + a day]. */
    const startEndingIn = (from: number) => {
      for (let d = 80; d < 100; d += 1) {
        const end = validityEnd(today - d * DAY, '3M')!;
        if (end > from && end <= from + DAY) return today - d * DAY;
      }
      throw new Error('no start found');
    };
    // Today is the validity's last day (it ends at the coming midnight): the book reads.
    const { teacher: lastDay } = await teacherWorld();
    sampleClock(t.ctx).now = () => startEndingIn(today);
    const open = expectOk(await applied(lastDay, bookId, '3M'));
    expect(open.expiresAt! > today).toBe(true);
    expect((await read(lastDay.token)).status).toBe(200);

    // Yesterday was the last day: today the book is closed again.
    const { teacher: dayAfter } = await teacherWorld();
    sampleClock(t.ctx).now = () => startEndingIn(today - DAY);
    const closed = expectOk(await applied(dayAfter, bookId, '3M'));
    expect(closed.expiresAt! <= today).toBe(true);
    expect((await read(dayAfter.token)).status).toBe(403);
    const access = expectOk(
      await call<BookAccess>(t.app, {
        method: 'GET',
        url: `/api/book/readAccess?bookId=${bookId}`,
        token: dayAfter.token,
      }),
    );
    expect(access.readable).toBe(false);

    // The access function itself at the boundary: open a millisecond before, closed at the end.
    const end = closed.expiresAt!;
    expect(await activeEntries(t.ctx.db, dayAfter.id, bookId, end - 1)).toHaveLength(1);
    expect(await activeEntries(t.ctx.db, dayAfter.id, bookId, end)).toHaveLength(0);
  });
});

describe('staff review', () => {
  const notices = async (m: BuiltMember) =>
    expectOk(await call<Paged<NoticeItem>>(t.app, { method: 'GET', url: '/api/msg-notice/page', token: m.token })).rows;

  it('lists applications with filters and paging, approves one (shelf entry, notice) and rejects one (reason, notice)', async () => {
    const { college, teacher } = await teacherWorld();
    const [a, b] = [
      await buildBook(t.ctx.db, { title: '审核通过的书' }),
      await buildBook(t.ctx.db, { title: '被驳回的书' }),
    ];
    const first = expectOk(await applied(teacher, a, '6M'));
    const second = expectOk(await applied(teacher, b, '3M'));
    const token = await staffToken();

    const page = expectOk(
      (await admin(token, `/page?state=0&keyword=${encodeURIComponent('被驳回')}&pageSize=5`)) as {
        status: number;
        body: { code: number; msg: string; data: Paged<SampleAdminRow> };
        response: never;
      },
    );
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ id: second.id, memberId: teacher.id, bookTitle: '被驳回的书', state: 0 });

    const approvedAt = china('2026-05-20T10:00:00');
    sampleClock(t.ctx).now = () => approvedAt;
    const approved = expectOk(await admin(token, '/approve', { id: first.id })) as { expiresAt: number };
    expect(approved.expiresAt).toBe(china('2026-11-21T00:00:00'));
    const [entry] = await activeEntries(t.ctx.db, teacher.id, a, approvedAt);
    expect(entry).toMatchObject({ source: 'sample', sourceRef: first.id, collegeId: college.id });

    expectRefused(await admin(token, '/reject', { id: second.id, reason: '  ' }), SampleMsg.REASON_REQUIRED);
    expectOk(await admin(token, '/reject', { id: second.id, reason: '该书暂不提供样书' }));
    expectRefused(await admin(token, '/approve', { id: second.id }), SampleMsg.ALREADY_DECIDED, 409);
    expectRefused(
      await admin(token, '/reject', { id: first.id, reason: '迟到的驳回' }),
      SampleMsg.ALREADY_DECIDED,
      409,
    );
    expect((await admin(token, '/approve', { id: 99_999_999 })).status).toBe(404);

    const rows = expectOk(await mine(teacher.token)).rows;
    expect(rows.find((r) => r.id === second.id)).toMatchObject({
      state: 2,
      stateLabel: '未通过',
      reason: '该书暂不提供样书',
    });
    expect(rows.find((r) => r.id === first.id)).toMatchObject({ state: 1, expiresAt: approved.expiresAt });
    expect(expectOk(await mine(teacher.token, '?state=2')).rows.map((r) => r.id)).toEqual([second.id]);
    // The rejected one gave its place back (this year counted in the clock's year, 2026).
    expect(expectOk(await days(teacher.token)).used).toBe(1);

    const titles = (await notices(teacher)).map((n) => [n.title, n.content]);
    expect(titles).toEqual(
      expect.arrayContaining([
        ['您申请的样书《审核通过的书》已审核通过', '已加入您的书架，可阅读至2026-11-20。'],
        ['您申请的样书《被驳回的书》未通过审核', '原因：该书暂不提供样书'],
      ]),
    );
  });

  it('keeps the review to the staff, and each member to their own list', async () => {
    const { teacher } = await teacherWorld();
    const { teacher: other } = await teacherWorld();
    const bookId = await buildBook(t.ctx.db);
    const { id } = expectOk(await applied(teacher, bookId));
    expect((await admin(teacher.token, '/approve', { id })).status).toBe(403);
    expect((await admin(teacher.token, '/page')).status).toBe(403);
    expect(expectOk(await mine(other.token)).total).toBe(0);
    expect((await call(t.app, { method: 'GET', url: '/api/sample-book/my' })).status).toBe(401);
  });

  it('lets the staff change the quota and validity options (dictionary rows) that /days answers', async () => {
    const token = await staffToken();
    const { teacher } = await teacherWorld();
    expectRefused(
      await admin(token, '/settings', { amount: 5, times: [{ code: '2W', value: '两周' }] }),
      SampleMsg.TIME_CODE,
    );
    expectOk(
      await admin(token, '/settings', {
        amount: 5,
        times: [
          { code: '1M', value: '1个月' },
          { code: '2Y', value: '2年' },
        ],
      }),
    );
    try {
      expect(expectOk(await days(teacher.token))).toMatchObject({
        amount: 5,
        left: 5,
        times: [
          { code: '1M', value: '1个月' },
          { code: '2Y', value: '2年' },
        ],
      });
      const bookId = await autoBook();
      sampleClock(t.ctx).now = () => china('2026-04-01T12:00:00');
      expect(expectOk(await applied(teacher, bookId, '2Y')).expiresAt).toBe(china('2028-04-02T00:00:00'));
      expectRefused(await applied(teacher, await buildBook(t.ctx.db), '6M'), SampleMsg.VALIDITY_UNKNOWN);
    } finally {
      await setQuota(10);
    }
  });
});

describe('canApply (member info) is the apply rule', () => {
  it('is true for a teacher of the current college only', async () => {
    const college = await buildCollege(t.ctx.db);
    const info = async (m: BuiltMember) =>
      expectOk(await call<{ member: MemberInfo }>(t.app, { url: '/api/getMemberInfo', token: m.token })).member;
    const teacher = await buildMember(t.ctx.db, { college, roles: '2' });
    const both = await buildMember(t.ctx.db, { college, roles: '2,3' });
    const student = await buildMember(t.ctx.db, { college, roles: '3' });
    const common = await buildMember(t.ctx.db);
    expect((await info(teacher)).canApply).toBe(true);
    expect((await info(teacher)).abilities).toContain('sampleBook');
    expect((await info(both)).canApply).toBe(true);
    expect((await info(student)).canApply).toBe(false);
    expect((await info(student)).abilities).not.toContain('sampleBook');
    expect((await info(common)).canApply).toBe(false);
  });
});
