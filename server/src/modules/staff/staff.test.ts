import { describe, expect, it } from 'vitest';
import { AuthMsg, Msg, type StaffInfo } from '@textbook/contracts';
import { loadConfig } from '../../config.js';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp, type TestApp } from '../../../test/helpers.js';
import { encrypt } from '../auth/test-support.js';

const ADMIN_PASSWORD = 'Staff-Admin-2026!';

const login = (t: TestApp, userName: string, password: string) =>
  call<{ token: string }>(t.app, {
    method: 'POST',
    url: '/api/staff/login',
    payload: { userName, password: encrypt(t, password) },
  });

describe('staff accounts', () => {
  const t = useTestApp({
    accounts: {
      ...loadConfig({ NODE_ENV: 'test' }).accounts,
      staffAdminUser: 'chief',
      staffAdminPassword: ADMIN_PASSWORD,
      loginMaxFailures: 3,
    },
  });

  it('creates the first administrator from configuration, who signs in with a staff token', async () => {
    const { token } = expectOk(await login(t, 'chief', ADMIN_PASSWORD));
    expect(token.startsWith('staff.')).toBe(true);
    const me = expectOk(await call<StaffInfo>(t.app, { url: '/api/admin/staff/me', token }));
    expect(me).toMatchObject({ userName: 'chief', isAdmin: true });
    const row = await t.ctx.db
      .selectFrom('staff')
      .select('password_hash')
      .where('user_name', '=', 'chief')
      .executeTakeFirst();
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    // A staff token is not a member's.
    expect((await call(t.app, { url: '/api/getMemberInfo', token })).status).toBe(403);
    expectOk(await call(t.app, { method: 'POST', url: '/api/admin/staff/logout', token }));
    expect((await call(t.app, { url: '/api/admin/staff/me', token })).status).toBe(401);
  });

  it('locks a staff account after repeated failures', async () => {
    const admin = expectOk(await login(t, 'chief', ADMIN_PASSWORD)).token;
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/staff/create',
        token: admin,
        payload: { userName: 'editor1', password: encrypt(t, 'Editor-Pass-2026') },
      }),
    );
    expectRefused(await login(t, 'editor1', 'Wrong-Pass-2026a'), AuthMsg.STAFF_LOGIN_FAILED);
    expectRefused(await login(t, 'editor1', 'Wrong-Pass-2026b'), AuthMsg.STAFF_LOGIN_FAILED);
    expectRefused(await login(t, 'editor1', 'Wrong-Pass-2026c'), AuthMsg.ACCOUNT_LOCKED(15));
    expectRefused(await login(t, 'editor1', 'Editor-Pass-2026'), AuthMsg.ACCOUNT_LOCKED(15));
    expectRefused(await login(t, 'nobody', 'Editor-Pass-2026'), AuthMsg.STAFF_LOGIN_FAILED);
  });

  it('administrators manage staff; other staff, members and visitors may not', async () => {
    const admin = expectOk(await login(t, 'chief', ADMIN_PASSWORD)).token;
    const plain = await buildStaff(t.ctx.db);
    const member = await buildMember(t.ctx.db);
    const create = (token: string | undefined, userName: string) =>
      call<StaffInfo>(t.app, {
        method: 'POST',
        url: '/api/admin/staff/create',
        token,
        payload: { userName, displayName: '编辑', password: encrypt(t, 'Editor-Pass-2026') },
      });
    expect((await create(undefined, 'x1234')).status).toBe(401);
    expect((await create(member.token, 'x1235')).status).toBe(403);
    expect((await create(plain.token, 'x1236')).status).toBe(403);
    expect((await call(t.app, { url: '/api/admin/staff/list', token: plain.token })).status).toBe(403);

    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/staff/create',
        token: admin,
        payload: { userName: 'weakpass', password: encrypt(t, 'short') },
      }),
      Msg.PASSWORD_TOO_SHORT,
    );
    const made = expectOk(await create(admin, 'editor2'));
    expectRefused(await create(admin, 'editor2'), AuthMsg.STAFF_NAME_TAKEN, 409);
    const list = expectOk(await call<StaffInfo[]>(t.app, { url: '/api/admin/staff/list', token: admin }));
    expect(list.map((s) => s.userName)).toContain('editor2');

    const session = expectOk(await login(t, 'editor2', 'Editor-Pass-2026')).token;
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/staff/update',
        token: admin,
        payload: { id: made.id, disabled: true },
      }),
    );
    expect((await call(t.app, { url: '/api/admin/staff/me', token: session })).status).toBe(401);
    expectRefused(await login(t, 'editor2', 'Editor-Pass-2026'), AuthMsg.STAFF_LOGIN_FAILED);
  });

  it('a member token never passes a staff policy', async () => {
    const member = await buildMember(t.ctx.db);
    expect((await call(t.app, { url: '/api/admin/staff/me', token: member.token })).status).toBe(403);
  });
});
