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

  it('says which personal-centre areas the member may use in the current college (spec §2 menu by role)', async () => {
    const college = await buildCollege(t.ctx.db);
    const areasOf = async (
      options: { roles?: string; college?: boolean } = {},
      flags: { grant?: boolean; yx?: boolean } = {},
    ) => {
      const m = await buildMember(t.ctx.db, options.college === false ? {} : { college, roles: options.roles ?? '0' });
      if (flags.grant) {
        await t.ctx.db.updateTable('college_members').set({ has_grant: 1 }).where('member_id', '=', m.id).execute();
      }
      if (flags.yx) await t.ctx.db.updateTable('members').set({ extras_yx_menu: 1 }).where('id', '=', m.id).execute();
      const { member } = expectOk(
        await call<{ member: MemberInfo }>(t.app, { url: '/api/getMemberInfo', token: m.token }),
      );
      return member.abilities;
    };
    const common = ['studyReport', 'collect', 'record', 'help', 'feedback', 'person'];
    // A member of no college joins a class from 已加入班级 (the join makes them a student).
    expect(await areasOf({ college: false })).toEqual(['joinClass', ...common]);
    expect(await areasOf({ roles: '0' })).toEqual(common);
    // A teacher has the teaching report, a college administrator the textbook report; a student neither.
    expect(await areasOf({ roles: '2' })).toEqual([
      'teachingSpace',
      'teachingReport',
      'questionBank',
      'sampleBook',
      ...common,
    ]);
    expect(await areasOf({ roles: '3' })).toEqual(['joinClass', ...common]);
    expect(await areasOf({ roles: '1' })).toEqual(['academy', 'textbookReport', ...common]);
    expect(await areasOf({ roles: '0' }, { grant: true })).toEqual(['provideBook', ...common]);
    expect(await areasOf({ roles: '2,3' }, { yx: true })).toEqual([
      'teachingSpace',
      'teachingReport',
      'questionBank',
      'joinClass',
      'sampleBook',
      ...common.slice(0, 3),
      'marketing',
      ...common.slice(3),
    ]);
  });

  it('answers the areas of the college switched to', async () => {
    const first = await buildCollege(t.ctx.db);
    const second = await buildCollege(t.ctx.db);
    const m = await buildMember(t.ctx.db, { college: first, roles: '2' });
    await t.ctx.db
      .insertInto('college_members')
      .values({ college_id: second.id, member_id: m.id, roles: '3', created_at: Date.now() })
      .execute();
    const switched = expectOk(
      await call<{ member: MemberInfo }>(t.app, {
        method: 'POST',
        url: '/api/college/switch',
        token: m.token,
        payload: { collegeId: second.id },
      }),
    );
    expect(switched.member.abilities.slice(0, 1)).toEqual(['joinClass']);
    const { member } = expectOk(
      await call<{ member: MemberInfo }>(t.app, { url: '/api/getMemberInfo', token: m.token }),
    );
    expect(member.abilities).not.toContain('teachingSpace');
    expect(member.abilities[0]).toBe('joinClass');
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
