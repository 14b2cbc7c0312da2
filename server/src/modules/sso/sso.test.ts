import { describe, expect, it } from 'vitest';
import { AuthMsg, CLIENT_HEADER } from '@textbook/contracts';
import { loadConfig } from '../../config.js';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';

const accounts = { ...loadConfig({ NODE_ENV: 'test' }).accounts, ssoAllowedOrigins: ['https://partner.example.test'] };

describe('single sign-on return addresses', () => {
  const t = useTestApp({ accounts, publicOrigin: 'https://books.example.test' });
  const headers = { host: 'books.example.test' };
  const check = (redirect: string, extra: Record<string, string> = {}) =>
    call<{ url: string }>(t.app, {
      method: 'POST',
      url: '/api/sso/check',
      payload: { redirect },
      headers: { ...headers, ...extra },
    });

  it('answers the own origin and relative addresses as paths, configured origins as they are', async () => {
    expect(expectOk(await check('/my/person?x=1')).url).toBe('/my/person?x=1');
    expect(expectOk(await check('https://books.example.test/index#top')).url).toBe('/index#top');
    expect(expectOk(await check('https://partner.example.test/back')).url).toBe('https://partner.example.test/back');
  });

  it('keeps crafty relative addresses on the site (no //host path)', async () => {
    for (const [crafty, path] of [
      ['/.//evil.example/x', '/evil.example/x'],
      ['/./\\/evil.example/x', '/evil.example/x'],
      ['/a/..//evil.example/x', '/evil.example/x'],
      ['/%2F/evil.example/x', '/%2F/evil.example/x'],
      ['///./evil.example', null],
    ] as const) {
      const answer = await check(crafty);
      if (path === null) {
        expectRefused(answer, AuthMsg.REDIRECT_NOT_ALLOWED);
        continue;
      }
      const url = expectOk(answer).url;
      expect(url, crafty).toBe(path);
      // What a browser on the site makes of it: still the site.
      expect(new URL(url, 'https://books.example.test/sso/authorize').origin).toBe('https://books.example.test');
    }
  });

  it('refuses other origins, protocol-relative and script addresses', async () => {
    for (const bad of [
      'https://evil.example.test/',
      '//evil.example.test/path',
      '/\\evil.example.test/path',
      '\\\\evil.example.test/path',
      'javascript:alert(1)',
      'https://partner.example.test.evil.test/',
      'http://partner.example.test/',
      'http://books.example.test/',
    ]) {
      expectRefused(await check(bad), AuthMsg.REDIRECT_NOT_ALLOWED);
    }
  });

  it('judges by the configured origin, never by Host or X-Forwarded-Host', async () => {
    expectRefused(await check('http://evil.com/steal', { host: 'evil.com' }), AuthMsg.REDIRECT_NOT_ALLOWED);
    expectRefused(
      await check('http://evil.com/steal', { 'x-forwarded-host': 'evil.com', 'x-forwarded-proto': 'http' }),
      AuthMsg.REDIRECT_NOT_ALLOWED,
    );
    const m = await buildMember(t.ctx.db);
    const answer = expectOk(
      await call<{ url: string }>(t.app, {
        method: 'POST',
        url: '/api/sso/redirect',
        payload: { redirect: '/steal' },
        headers: { host: 'evil.com', 'x-forwarded-host': 'evil.com' },
        token: m.token,
      }),
    );
    expect(answer.url).toBe('/steal');
    expect(answer.url).not.toContain(m.token);
  });

  it('returns to the site without a token in the address, to an allowed origin with it, for a member only', async () => {
    const m = await buildMember(t.ctx.db);
    const redirect = (payload: { redirect: string }, token?: string) =>
      call<{ url: string }>(t.app, { method: 'POST', url: '/api/sso/redirect', payload, headers, token });
    expect(expectOk(await redirect({ redirect: '/my/person' }, m.token)).url).toBe('/my/person');
    const away = expectOk(await redirect({ redirect: 'https://partner.example.test/back?x=1' }, m.token)).url;
    expect(new URL(away).origin).toBe('https://partner.example.test');
    expect(new URL(away).searchParams.get('token')).toBe(m.token);
    expect((await redirect({ redirect: '/' })).status).toBe(401);
    const staff = await buildStaff(t.ctx.db);
    expect((await redirect({ redirect: '/' }, staff.token)).status).toBe(403);
    expectRefused(await redirect({ redirect: 'https://evil.example.test/' }, m.token), AuthMsg.REDIRECT_NOT_ALLOWED);
  });

  it('hands a session cookie to the browser for a returned token, from the web client only', async () => {
    const m = await buildMember(t.ctx.db);
    const adopt = (token: string, web = true) =>
      call<{ id: number; name: string }>(t.app, {
        method: 'POST',
        url: '/api/sso/adopt',
        payload: { token },
        headers: web ? { [CLIENT_HEADER]: 'member' } : {},
      });
    const answer = await adopt(m.token);
    expect(expectOk(answer).id).toBe(m.id);
    const cookies = answer.response.headers['set-cookie'] as string[];
    expect(cookies.find((c) => c.startsWith('Book-Token='))).toContain('HttpOnly');
    expect((await adopt(m.token, false)).status).toBe(403);
    expect((await adopt('no-such-token')).status).toBe(401);
    const staff = await buildStaff(t.ctx.db);
    expect((await adopt(staff.token)).status).toBe(401);
  });
});

describe('single sign-on without a configured public origin', () => {
  const t = useTestApp({ accounts });

  it('counts only relative addresses as the site, whatever Host says', async () => {
    const check = (redirect: string) =>
      call<{ url: string }>(t.app, {
        method: 'POST',
        url: '/api/sso/check',
        payload: { redirect },
        headers: { host: 'books.example.test' },
      });
    expect(expectOk(await check('/index')).url).toBe('/index');
    expectRefused(await check('http://books.example.test/index'), AuthMsg.REDIRECT_NOT_ALLOWED);
  });
});
