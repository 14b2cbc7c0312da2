import { describe, expect, it } from 'vitest';
import { JoinStatus, type BookAccess, type CollegeBookRow, type MemberInfo } from '@textbook/contracts';
import { buildBook, createClass, join, validClass } from '../../../test/classes.js';
import { buildCollege, buildMember, buildStaff, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { grantShelfEntry } from '../shelf/index.js';
import { hashPassword } from '../auth/passwords.js';
import { encrypt } from '../auth/test-support.js';
import * as q from './queries.js';

/**
 * Issue 30: a member whose only college is X works in X. An administrator adds a member by phone (a membership,
 * no current college); before the fix they redeemed a code and were asked 请切换至X后使用。 for their only college.
 */
describe('a member of exactly one college is in it', () => {
  const t = useTestApp();

  /** A member of `college` only, whose current college is not it (none, or `current`: one they left). */
  async function loneMember(college: { id: number }, current: number | null = null): Promise<BuiltMember> {
    const m = await buildMember(t.ctx.db);
    await q.insertMembership(t.ctx.db, { college_id: college.id, member_id: m.id, roles: '3', created_at: Date.now() });
    await q.setCurrentCollege(t.ctx.db, m.id, current);
    return m;
  }
  const currentOf = async (memberId: number) => (await q.findMember(t.ctx.db, memberId))?.current_college_id;

  it('on login', async () => {
    const college = await buildCollege(t.ctx.db);
    const m = await loneMember(college);
    const password = 'Abcdef123456!x';
    await t.ctx.db
      .updateTable('members')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', m.id)
      .execute();
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/pwdLogin',
        payload: { phonenumber: m.phone, password: encrypt(t, password) },
      }),
    );
    expect(await currentOf(m.id)).toBe(college.id);
  });

  it('on member info (also after leaving the college that was current); two colleges are left as they are', async () => {
    const college = await buildCollege(t.ctx.db);
    const left = await buildCollege(t.ctx.db);
    const m = await loneMember(college, left.id);
    const info = expectOk(await call<{ member: MemberInfo }>(t.app, { url: '/api/getMemberInfo', token: m.token }));
    expect(info.member).toMatchObject({ collegeId: college.id, collegeName: college.name });
    expect(await currentOf(m.id)).toBe(college.id);

    const two = await loneMember(college);
    await q.insertMembership(t.ctx.db, { college_id: left.id, member_id: two.id, roles: '3', created_at: Date.now() });
    expectOk(await call(t.app, { url: '/api/getMemberInfo', token: two.token }));
    expect(await currentOf(two.id)).toBeNull();
  });

  it('on redeeming a code: the book reads at once, no 请切换至…', async () => {
    const college = await buildCollege(t.ctx.db);
    const admin = await buildMember(t.ctx.db, { college, roles: '1' });
    const staff = await buildStaff(t.ctx.db);
    const bookId = await buildBook(t.ctx.db, { title: '唯一学校之书' });
    const cb = expectOk(
      await call<CollegeBookRow>(t.app, {
        method: 'POST',
        url: '/api/admin/collegeBook/adjust',
        token: staff.token,
        payload: { collegeId: college.id, bookId, delta: 2, reason: '测试赠送' },
      }),
    );
    const { codes } = expectOk(
      await call<{ codes: string[] }>(t.app, {
        method: 'POST',
        url: '/api/collegeBookActiveCode/generate',
        token: admin.token,
        payload: { id: cb.id, count: 1, days: 30 },
      }),
    );
    const m = await loneMember(college);
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeBookActiveCode/redeem',
        token: m.token,
        payload: { code: codes[0] },
      }),
    );
    expect(await currentOf(m.id)).toBe(college.id);
    const access = expectOk(
      await call<BookAccess>(t.app, { url: `/api/book/readAccess?bookId=${bookId}`, token: m.token }),
    );
    expect(access).toMatchObject({ readable: true, reason: null });
  });

  it('on joining a class of that college: joined, not asked to switch', async () => {
    const college = await buildCollege(t.ctx.db);
    const teacher = await buildMember(t.ctx.db, { college, roles: '2' });
    const bookId = await buildBook(t.ctx.db);
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: teacher.id,
      bookId,
      source: 'sample',
      sourceRef: 1,
      collegeId: college.id,
    });
    const cls = await createClass(t, teacher.token, validClass(bookId, { isReview: '1' }));
    const m = await loneMember(college);
    const joined = expectOk(await join(t, m.token, cls.code));
    expect(joined.status).toBe(JoinStatus.SUCCESS);
    expect(await currentOf(m.id)).toBe(college.id);
  });
});
