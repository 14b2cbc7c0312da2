import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { AuthMsg, Msg, type MemberCollege, type MemberInfo } from '@textbook/contracts';
import { buildCollege, buildMember, buildStaff, uniquePhone } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp, type TestApp } from '../../../test/helpers.js';
import { loadConfig } from '../../config.js';
import * as members from '../member/queries.js';
import { encrypt, latestCode, skipSendGap } from '../auth/test-support.js';

const useAccounts = () => loadConfig({ NODE_ENV: 'test' }).accounts;

async function info(t: TestApp, token: string): Promise<MemberInfo> {
  return expectOk(await call<{ member: MemberInfo }>(t.app, { url: '/api/getMemberInfo', token })).member;
}

async function multipart(fileName: string, bytes: Uint8Array, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

describe('colleges and the switcher', () => {
  const t = useTestApp();

  it('lists the member’s colleges and switching changes roles and flags', async () => {
    const a = await buildCollege(t.ctx.db, '甲学院');
    const b = await buildCollege(t.ctx.db, '乙学院');
    const m = await buildMember(t.ctx.db, { college: a, roles: '2' });
    await members.insertMembership(t.ctx.db, { college_id: b.id, member_id: m.id, roles: '3', created_at: Date.now() });
    const list = expectOk(await call<MemberCollege[]>(t.app, { url: '/api/college', token: m.token }));
    expect(list).toEqual([
      { id: a.id, name: '甲学院', roleList: [2], current: true },
      { id: b.id, name: '乙学院', roleList: [3], current: false },
    ]);
    expect(await info(t, m.token)).toMatchObject({ collegeId: a.id, roleList: [2], teacher: true, canApply: true });
    const switched = expectOk(
      await call<{ member: MemberInfo }>(t.app, {
        method: 'POST',
        url: '/api/college/switch',
        payload: { collegeId: b.id },
        token: m.token,
      }),
    );
    expect(switched.member).toMatchObject({ collegeId: b.id, collegeName: '乙学院', roleList: [3], teacher: false });
    expect(await info(t, m.token)).toMatchObject({ collegeId: b.id, roleList: [3], canApply: false });
  });

  it('refuses a college the member does not belong to, visitors and staff', async () => {
    const a = await buildCollege(t.ctx.db);
    const other = await buildCollege(t.ctx.db);
    const m = await buildMember(t.ctx.db, { college: a, roles: '1' });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/college/switch',
      payload: { collegeId: other.id },
      token: m.token,
    });
    expect(res.status).toBe(403);
    expect((await call(t.app, { url: '/api/college' })).status).toBe(401);
    const staff = await buildStaff(t.ctx.db);
    expect((await call(t.app, { url: '/api/college', token: staff.token })).status).toBe(403);
  });
});

describe('profile', () => {
  // Avatars go to a temporary folder, not the checkout's data/.
  const t = useTestApp({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'avatars-')) });

  it('changes the user name with its rules', async () => {
    const m = await buildMember(t.ctx.db);
    const post = (userName: string) =>
      call(t.app, { method: 'POST', url: '/api/updateName', payload: { userName }, token: m.token });
    expectRefused(await post('  '), AuthMsg.NAME_REQUIRED);
    expectRefused(await post('名'.repeat(51)), AuthMsg.NAME_TOO_LONG);
    expectOk(await post('新名字'));
    expect((await info(t, m.token)).userName).toBe('新名字');
  });

  it('takes an image by its content, resizes it, serves it and removes the old one', async () => {
    const m = await buildMember(t.ctx.db);
    const canvas = createCanvas(400, 300);
    const g = canvas.getContext('2d');
    g.fillStyle = '#3366cc';
    g.fillRect(0, 0, 400, 300);
    const upload = async (name: string, bytes: Uint8Array, type: string) =>
      call<{ avatar: string }>(t.app, {
        method: 'POST',
        url: '/api/avatar',
        token: m.token,
        ...(await multipart(name, bytes, type)),
      });
    const first = expectOk(await upload('me.png', await canvas.encode('png'), 'image/png')).avatar;
    expect((await info(t, m.token)).avatar).toBe(first);
    const served = await t.app.inject({ url: first });
    expect(served.headers['content-type']).toBe('image/webp');
    const image = await loadImage(served.rawPayload);
    expect([image.width, image.height]).toEqual([256, 256]);

    const second = expectOk(await upload('me.jpg', await canvas.encode('jpeg'), 'image/jpeg')).avatar;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    // The new one is in the avatars' area (a folder or the bucket), the old one gone from it.
    expect(await t.ctx.files.avatars.stat(second.split('/').pop()!)).not.toBeNull();
    expect(await t.ctx.files.avatars.stat(first.split('/').pop()!)).toBeNull();

    expectRefused(
      await upload('fake.png', Buffer.from('not an image at all, just text'), 'image/png'),
      AuthMsg.AVATAR_TYPE,
    );
    expect((await info(t, m.token)).avatar).toBe(second);
  });

  it('refuses an avatar above the size limit with 413', async () => {
    const m = await buildMember(t.ctx.db);
    const big = Buffer.alloc(t.ctx.config.accounts.avatarMaxBytes + 10, 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/avatar',
      token: m.token,
      ...(await multipart('big.png', big, 'image/png')),
    });
    expectRefused(res, AuthMsg.AVATAR_TOO_LARGE, 413);
  });

  it('checkEditorToken answers only members with the extras flag', async () => {
    const m = await buildMember(t.ctx.db);
    expect((await call(t.app, { url: '/api/member/checkEditorToken', token: m.token })).status).toBe(403);
    await t.ctx.db.updateTable('members').set({ extras_yx_menu: 1 }).where('id', '=', m.id).execute();
    expectRefused(await call(t.app, { url: '/api/member/checkEditorToken', token: m.token }), AuthMsg.EDITOR_MISSING);
  });
});

describe('editor address', () => {
  const t = useTestApp({
    accounts: { ...useAccounts(), editorUrl: 'https://editor.example.test/open' },
  });
  it('answers the configured editor address', async () => {
    const m = await buildMember(t.ctx.db);
    await t.ctx.db.updateTable('members').set({ extras_yx_menu: 1 }).where('id', '=', m.id).execute();
    const { url } = expectOk(
      await call<{ url: string }>(t.app, { url: '/api/member/checkEditorToken', token: m.token }),
    );
    expect(url).toBe('https://editor.example.test/open');
  });
});

describe('security: change password and phone', () => {
  const t = useTestApp();
  const NEW = 'Changed-Pass-1x';

  it('changes the password with a code to the current phone; other sessions end, this one stays', async () => {
    const m = await buildMember(t.ctx.db);
    const other = await call<{ token: string }>(t.app, {
      method: 'POST',
      url: '/api/test/session',
      payload: { memberId: m.id },
    });
    const otherToken = expectOk(other).token;
    expectOk(await call(t.app, { url: '/api/member/changePwdPhone', token: m.token }));
    const code = await latestCode(t, m.phone);
    const change = (payload: object) =>
      call(t.app, { method: 'POST', url: '/api/member/changePwd', payload, token: m.token });
    expectRefused(
      await change({ code, password: encrypt(t, 'short'), confirmPassword: encrypt(t, 'short') }),
      Msg.PASSWORD_TOO_SHORT,
    );
    expectRefused(
      await change({ code, password: encrypt(t, NEW), confirmPassword: encrypt(t, `${NEW}2`) }),
      Msg.PASSWORD_MISMATCH,
    );
    expectRefused(
      await change({
        code: code === '000000' ? '111111' : '000000',
        password: encrypt(t, NEW),
        confirmPassword: encrypt(t, NEW),
      }),
      AuthMsg.CODE_WRONG,
    );
    expectOk(await change({ code, password: encrypt(t, NEW), confirmPassword: encrypt(t, NEW) }));
    expect((await call(t.app, { url: '/api/getMemberInfo', token: m.token })).status).toBe(200);
    expect((await call(t.app, { url: '/api/getMemberInfo', token: otherToken })).status).toBe(401);
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/pwdLogin',
        payload: { phonenumber: m.phone, password: encrypt(t, NEW) },
      }),
    );
  });

  it('changes the phone in four steps, in order', async () => {
    const m = await buildMember(t.ctx.db);
    const taken = await buildMember(t.ctx.db);
    const newPhone = uniquePhone();
    const get = (url: string) => call(t.app, { url, token: m.token });
    // Step 3 before step 2 is refused.
    expectRefused(await get(`/api/member/changeNewPhoneCode?phoneNumber=${newPhone}`), AuthMsg.OLD_PHONE_FIRST);
    expectOk(await get('/api/member/changePhoneCode'));
    const oldCode = await latestCode(t, m.phone);
    expectRefused(
      await get(`/api/member/validChangePhoneCode?code=${oldCode === '000000' ? '111111' : '000000'}`),
      AuthMsg.CODE_WRONG,
    );
    expectOk(await get(`/api/member/validChangePhoneCode?phoneNumber=${m.phone}&code=${oldCode}`));
    expectRefused(await get('/api/member/changeNewPhoneCode?phoneNumber=123'), Msg.PHONE_FORMAT);
    expectRefused(await get(`/api/member/changeNewPhoneCode?phoneNumber=${taken.phone}`), AuthMsg.PHONE_TAKEN);
    expectRefused(await get(`/api/member/changeNewPhoneCode?phoneNumber=${m.phone}`), AuthMsg.SAME_PHONE);
    expectOk(await get(`/api/member/changeNewPhoneCode?phoneNumber=${newPhone}`));
    const newCode = await latestCode(t, newPhone);
    // The old phone's code does not change the phone.
    expectRefused(await get(`/api/member/changePhone?newPhone=${newPhone}&code=${oldCode}`), AuthMsg.CODE_WRONG);
    expectOk(await get(`/api/member/changePhone?newPhone=${newPhone}&code=${newCode}`));
    expect((await info(t, m.token)).phonenumber).toBe(newPhone);
    // The window closed with the change.
    await skipSendGap(t, uniquePhone());
    expectRefused(await get(`/api/member/changeNewPhoneCode?phoneNumber=${uniquePhone()}`), AuthMsg.OLD_PHONE_FIRST);
  });

  it('needs a member for every security call', async () => {
    for (const url of ['/api/member/changePwdPhone', '/api/member/changePhoneCode']) {
      expect((await call(t.app, { url })).status).toBe(401);
    }
  });
});
