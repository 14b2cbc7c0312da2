import { describe, expect, it } from 'vitest';
import { buildCollege, buildMember } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';

/**
 * The phone look-up names a member by the real name a college gave them (issue 30): a member added by phone has
 * only a generated user name (用户0001), which the look-up showed.
 */
describe('name by phone', () => {
  const t = useTestApp();

  it('answers the real name from a membership: this college’s first, else another’s, never the generated name', async () => {
    const college = await buildCollege(t.ctx.db);
    const other = await buildCollege(t.ctx.db);
    const admin = await buildMember(t.ctx.db, { college, roles: '1' });
    const otherAdmin = await buildMember(t.ctx.db, { college: other, roles: '1' });
    const someone = await buildMember(t.ctx.db);
    const lookUp = async (token: string) =>
      expectOk(
        await call<{ exists: boolean; name: string; inCollege: boolean }>(t.app, {
          url: `/api/collegeUser/getNameByPhone?phone=${someone.phone}`,
          token,
        }),
      );
    // The other college adds them under a real name.
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeUser/save',
        token: otherAdmin.token,
        payload: { phone: someone.phone, realName: '赵六', studentId: '', roles: [3] },
      }),
    );
    expect(await lookUp(admin.token)).toEqual({ exists: true, name: '赵六', inCollege: false });
    // This college's own name for them comes first.
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/collegeUser/save',
        token: admin.token,
        payload: { phone: someone.phone, realName: '赵小六', studentId: 'S01', roles: [3] },
      }),
    );
    expect(await lookUp(admin.token)).toEqual({ exists: true, name: '赵小六', inCollege: true });
    expect(await lookUp(otherAdmin.token)).toEqual({ exists: true, name: '赵六', inCollege: true });
  });
});
