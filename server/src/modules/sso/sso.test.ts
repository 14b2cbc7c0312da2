import { describe, expect, it } from 'vitest';
import { AuthMsg } from '@textbook/contracts';
import { loadConfig } from '../../config.js';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';

describe('single sign-on return addresses', () => {
  const t = useTestApp({
    accounts: { ...loadConfig({ NODE_ENV: 'test' }).accounts, ssoAllowedOrigins: ['https://partner.example.test'] },
  });
  const headers = { host: 'books.example.test' };
  const check = (redirect: string) =>
    call<{ url: string }>(t.app, { method: 'POST', url: '/api/sso/check', payload: { redirect }, headers });

  it('allows the own origin, relative addresses and configured origins', async () => {
    expect(expectOk(await check('/my/person?x=1')).url).toBe('http://books.example.test/my/person?x=1');
    expect(expectOk(await check('http://books.example.test/index')).url).toBe('http://books.example.test/index');
    expect(expectOk(await check('https://partner.example.test/back')).url).toBe('https://partner.example.test/back');
  });

  it('refuses other origins, protocol-relative and script addresses', async () => {
    for (const bad of [
      'https://evil.example.test/',
      '//evil.example.test/path',
      'javascript:alert(1)',
      'https://partner.example.test.evil.test/',
      'http://partner.example.test/',
    ]) {
      expectRefused(await check(bad), AuthMsg.REDIRECT_NOT_ALLOWED);
    }
  });

  it('appends the session token for a member only', async () => {
    const m = await buildMember(t.ctx.db);
    const answer = expectOk(
      await call<{ url: string }>(t.app, {
        method: 'POST',
        url: '/api/sso/redirect',
        payload: { redirect: '/my/person' },
        headers,
        token: m.token,
      }),
    );
    expect(new URL(answer.url).searchParams.get('token')).toBe(m.token);
    const visitor = await call(t.app, {
      method: 'POST',
      url: '/api/sso/redirect',
      payload: { redirect: '/' },
      headers,
    });
    expect(visitor.status).toBe(401);
    const staff = await buildStaff(t.ctx.db);
    const staffAnswer = await call(t.app, {
      method: 'POST',
      url: '/api/sso/redirect',
      payload: { redirect: '/' },
      headers,
      token: staff.token,
    });
    expect(staffAnswer.status).toBe(403);
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/sso/redirect',
        payload: { redirect: 'https://evil.example.test/' },
        headers,
        token: m.token,
      }),
      AuthMsg.REDIRECT_NOT_ALLOWED,
    );
  });
});
