import { beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  PeopleMsg,
  type AdminMemberDetail,
  type AdminMemberRow,
  type AuditRow,
  type JobRow,
  type Paged,
} from '@textbook/contracts';
import { buildBook } from '../../../test/classes.js';
import { buildCollege, buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import { hashPassword } from '../auth/index.js';
import { encryptPassword } from '../auth/cipher.js';
import { grantShelfEntry } from '../shelf/index.js';

/** Members (disable, enable, reset the phone, memberships and shelf sources) and the scheduled jobs (issue 19). */
const t = useTestApp();
let chief: { id: number; token: string };
const others: { id: number; token: string }[] = [];

beforeAll(async () => {
  chief = await buildStaff(t.ctx.db, { isAdmin: true, roles: [] });
  for (const role of ['editor', 'reviewer', 'finance'] as const)
    others.push(await buildStaff(t.ctx.db, { roles: [role] }));
});

const post = <T>(token: string, url: string, payload: object) =>
  call<T>(t.app, { method: 'POST', url: `/api/admin${url}`, token, payload });
const PASSWORD = 'Aa1!aaaaaaaaaa';

async function withPassword() {
  const m = await buildMember(t.ctx.db);
  await t.ctx.db
    .updateTable('members')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', m.id)
    .execute();
  return m;
}
const login = (phone: string) =>
  call<{ token: string }>(t.app, {
    method: 'POST',
    url: '/api/pwdLogin',
    payload: { phonenumber: phone, password: encryptPassword(t.ctx.config.accounts.passwordCipherKey, PASSWORD) },
  });
const me = (token: string) => call(t.app, { url: '/api/getMemberInfo', token });

describe('members', () => {
  it('lists a member added by phone under the real name a college gave them, and finds them by it', async () => {
    const college = await buildCollege(t.ctx.db);
    const m = await buildMember(t.ctx.db, { college, roles: '3' });
    await t.ctx.db.updateTable('college_members').set({ real_name: '钱七七' }).where('member_id', '=', m.id).execute();
    const page = async (keyword: string) =>
      expectOk(
        await call<Paged<AdminMemberRow>>(t.app, {
          url: `/api/admin/member/page?keyword=${encodeURIComponent(keyword)}`,
          token: chief.token,
        }),
      );
    expect((await page(m.phone)).rows).toMatchObject([
      { id: m.id, realName: '钱七七', userName: `用户${m.phone.slice(-4)}` },
    ]);
    expect((await page('钱七七')).rows.map((r) => r.id)).toEqual([m.id]);
  });

  it("shows a member's memberships and where each book on the shelf came from", async () => {
    const college = await buildCollege(t.ctx.db);
    const m = await buildMember(t.ctx.db, { college, roles: '2' });
    const bookId = await buildBook(t.ctx.db, { title: '线性代数' });
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: m.id, bookId, source: 'sample', sourceRef: 1, expiresAt: null });
    const detail = expectOk(
      await call<AdminMemberDetail>(t.app, { url: `/api/admin/member/detail?id=${m.id}`, token: chief.token }),
    );
    expect(detail).toMatchObject({ id: m.id, phone: m.phone, disabled: false, sessions: 1 });
    expect(detail.memberships).toEqual([
      expect.objectContaining({ collegeId: college.id, collegeName: college.name, roles: [2], current: true }),
    ]);
    expect(detail.shelf).toEqual([expect.objectContaining({ bookId, title: '线性代数', source: 'sample' })]);
    expect((await call(t.app, { url: '/api/admin/member/detail?id=999999', token: chief.token })).status).toBe(404);
  });

  it('disables an account: its live session ends at once (401), login is refused with a clear message; enable', async () => {
    const m = await withPassword();
    const { token } = expectOk(await login(m.phone));
    expectOk(await me(token));
    const done = await post(chief.token, '/member/disable', { id: m.id });
    expect(done.body.msg).toBe(PeopleMsg.MEMBER_DISABLED);
    expect((await me(token)).status).toBe(401);
    expect((await me(m.token)).status).toBe(401);
    expectRefused(await login(m.phone), PeopleMsg.ACCOUNT_DISABLED);
    const listed = expectOk(
      await call<Paged<AdminMemberRow>>(t.app, {
        url: `/api/admin/member/page?keyword=${m.phone}`,
        token: chief.token,
      }),
    );
    expect(listed.rows[0]).toMatchObject({ id: m.id, disabled: true, sessions: 0 });
    expect((await post(chief.token, '/member/enable', { id: m.id })).body.msg).toBe(PeopleMsg.MEMBER_ENABLED);
    const again = expectOk(await login(m.phone));
    expectOk(await me(again.token));
    const audit = expectOk(
      await call<Paged<AuditRow>>(t.app, { url: '/api/admin/audit/page?keyword=member/disable', token: chief.token }),
    );
    expect(audit.rows[0]).toMatchObject({ staffId: chief.id, url: '/api/admin/member/disable' });
    expect(JSON.parse(audit.rows[0]!.before!)).toMatchObject({ id: m.id, disabled: false });
  });

  it("resets a member's phone: a number in use is refused; the member logs in with the new one", async () => {
    const m = await withPassword();
    const other = await buildMember(t.ctx.db);
    expectRefused(
      await post(chief.token, '/member/resetPhone', { id: m.id, phone: other.phone }),
      PeopleMsg.PHONE_TAKEN,
    );
    expectRefused(await post(chief.token, '/member/resetPhone', { id: m.id, phone: m.phone }), PeopleMsg.PHONE_SAME);
    expect((await post(chief.token, '/member/resetPhone', { id: m.id, phone: '12345' })).status).toBe(400);
    const fresh = `139${String(m.id).padStart(8, '0')}`;
    expect((await post(chief.token, '/member/resetPhone', { id: m.id, phone: fresh })).body.msg).toBe(
      PeopleMsg.PHONE_RESET,
    );
    expect((await me(m.token)).status).toBe(401);
    expect((await login(m.phone)).body.code).not.toBe(Code.OK);
    expectOk(await login(fresh));
  });

  it('only the super administrator manages members (an editor cannot disable one)', async () => {
    const m = await buildMember(t.ctx.db);
    for (const staff of others) {
      expect((await post(staff.token, '/member/disable', { id: m.id })).status).toBe(403);
      expect((await post(staff.token, '/member/resetPhone', { id: m.id, phone: '13912345678' })).status).toBe(403);
      expect((await call(t.app, { url: `/api/admin/member/detail?id=${m.id}`, token: staff.token })).status).toBe(403);
    }
    expectOk(await me(m.token));
  });
});

describe('scheduled jobs', () => {
  it("lists the app's minute jobs, runs one now, pauses and resumes it", async () => {
    const jobs = expectOk(await call<JobRow[]>(t.app, { url: '/api/admin/jobs', token: chief.token }));
    expect(jobs.map((j) => j.name).sort()).toEqual(['homework.remind', 'operate.probe', 'orders.close']);
    const close = jobs.find((j) => j.name === 'orders.close')!;
    expect(close).toMatchObject({ everyMs: 60_000, paused: false, runs: 0, lastResult: null });
    expect(close.nextRunAt).toBeGreaterThan(Date.now());
    const ran = await post<JobRow>(chief.token, '/jobs/run', { name: 'orders.close' });
    expect(ran.body.msg).toBe(PeopleMsg.JOB_RAN);
    expect(expectOk(ran)).toMatchObject({ runs: 1, lastResult: 'ok', lastMessage: '0' });
    const probe = expectOk(await post<JobRow>(chief.token, '/jobs/run', { name: 'operate.probe' }));
    expect(probe.lastMessage).toMatch(/^db .* ms, kv .* ms$/);
    const paused = expectOk(await post<JobRow>(chief.token, '/jobs/pause', { name: 'orders.close' }));
    expect(paused).toMatchObject({ paused: true, nextRunAt: null });
    // A paused job still runs when asked to.
    expect(expectOk(await post<JobRow>(chief.token, '/jobs/run', { name: 'orders.close' })).runs).toBe(2);
    const resumed = expectOk(await post<JobRow>(chief.token, '/jobs/resume', { name: 'orders.close' }));
    expect(resumed.paused).toBe(false);
    expect(resumed.nextRunAt).toBeGreaterThan(Date.now());
    expect((await post(chief.token, '/jobs/run', { name: 'nope' })).status).toBe(404);
    const audit = expectOk(
      await call<Paged<AuditRow>>(t.app, { url: '/api/admin/audit/page?keyword=admin.jobs', token: chief.token }),
    );
    expect(audit.rows.map((r) => r.url)).toContain('/api/admin/jobs/pause');
  });

  it('the jobs page is the super administrator only', async () => {
    for (const staff of others) {
      expect((await call(t.app, { url: '/api/admin/jobs', token: staff.token })).status).toBe(403);
      expect((await post(staff.token, '/jobs/pause', { name: 'orders.close' })).status).toBe(403);
    }
  });
});
