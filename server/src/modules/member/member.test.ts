import { describe, expect, it } from 'vitest';
import { Code, Msg, type MemberInfo } from '@textbook/contracts';
import { buildCollege, buildMember } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';

describe('sessions and member info', () => {
  const t = useTestApp();

  it('refuses a visitor and an unknown token with 401 and the default message', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await call(t.app, { url: '/api/getMemberInfo', token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: Code.UNAUTHORIZED, msg: Msg.UNAUTHORIZED, data: null });
    }
  });

  it('answers the member with roles of the current college', async () => {
    const college = await buildCollege(t.ctx.db, '示范大学');
    const teacher = await buildMember(t.ctx.db, { college, roles: '2' });
    const { member } = expectOk(
      await call<{ member: MemberInfo }>(t.app, { url: '/api/getMemberInfo', token: teacher.token }),
    );
    expect(member).toMatchObject({
      id: teacher.id,
      phonenumber: teacher.phone,
      collegeId: college.id,
      collegeName: '示范大学',
      roleList: [2],
      teacher: true,
      canApply: true,
      extras: { hasCollege: true, CollegeList: [{ id: college.id, name: '示范大学' }] },
    });
  });

  it('gives a member without a college the common role', async () => {
    const common = await buildMember(t.ctx.db);
    const { member } = expectOk(
      await call<{ member: MemberInfo }>(t.app, { url: '/api/getMemberInfo', token: common.token }),
    );
    expect(member.roleList).toEqual([0]);
    expect(member.extras.hasCollege).toBe(false);
  });

  it('stores only a hash of the token and ends the session on logout', async () => {
    const m = await buildMember(t.ctx.db);
    const rows = await t.ctx.db.selectFrom('sessions').select('token_hash').where('member_id', '=', m.id).execute();
    expect(rows[0]?.token_hash).not.toBe(m.token);
    expectOk(await call(t.app, { method: 'POST', url: '/api/logout', token: m.token }));
    expect((await call(t.app, { url: '/api/getMemberInfo', token: m.token })).status).toBe(401);
  });
});

describe('staff and member identities are separate', () => {
  const t = useTestApp();
  it('a staff token never passes a member policy', async () => {
    const { buildStaff } = await import('../../../test/factories.js');
    const staff = await buildStaff(t.ctx.db, { isAdmin: true });
    const res = await call(t.app, { url: '/api/getMemberInfo', token: staff.token });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe(Msg.FORBIDDEN);
  });
});
