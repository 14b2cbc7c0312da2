import { describe, expect, it } from 'vitest';
import { AuthMsg, Code, Msg, type MemberInfo } from '@textbook/contracts';
import { buildMember, uniquePhone } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp, type TestApp } from '../../../test/helpers.js';
import { latestCode, requestCode } from './test-support.js';

const callback = (t: TestApp, code: string) =>
  call<{ token?: string; bindToken?: string }>(t.app, {
    method: 'POST',
    url: '/api/external/callback',
    payload: { provider: 'test', code },
  });

async function phoneOf(t: TestApp, token: string): Promise<string> {
  return expectOk(await call<{ member: MemberInfo }>(t.app, { url: '/api/getMemberInfo', token })).member.phonenumber;
}

describe('external login and phone binding', () => {
  const t = useTestApp();

  it('maps a provider user with a phone to the member of that phone', async () => {
    const m = await buildMember(t.ctx.db);
    const { token } = expectOk(await callback(t, `sub-a:${m.phone}`)) as { token: string };
    expect(await phoneOf(t, token)).toBe(m.phone);
  });

  it('answers 501 with a bind token without a phone; binding with a code logs in and links', async () => {
    const subject = `sub-${Date.now()}`;
    const first = await callback(t, subject);
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(Code.BIND_PHONE);
    expect(first.body.msg).toBe(AuthMsg.BIND_REQUIRED);
    const bindToken = first.body.data.bindToken!;

    const phone = uniquePhone();
    expectOk(await requestCode(t, phone));
    const code = await latestCode(t, phone);
    const bind = (payload: object) =>
      call<{ token: string }>(t.app, { method: 'POST', url: '/api/bindPhone', payload });
    expectRefused(await bind({ bindToken, phoneNumber: phone, code }), Msg.AGREEMENT_REQUIRED);
    expectRefused(await bind({ bindToken, phoneNumber: '123', code, checked: true }), Msg.PHONE_FORMAT);
    const bound = await bind({ bindToken, phoneNumber: phone, code, checked: true });
    expect(bound.body.msg).toBe(Msg.BIND_SUCCESS);
    expect(await phoneOf(t, expectOk(bound).token)).toBe(phone);
    // The bind token served once; the next external login is linked.
    expectRefused(await bind({ bindToken, phoneNumber: phone, code, checked: true }), AuthMsg.BIND_EXPIRED);
    const again = expectOk(await callback(t, subject)) as { token: string };
    expect(await phoneOf(t, again.token)).toBe(phone);
  });

  it('refuses an unknown provider', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/external/callback',
      payload: { provider: 'nope', code: 'x' },
    });
    expect(res.status).toBe(404);
  });
});
