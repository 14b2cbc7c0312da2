import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuthMsg, CLIENT_HEADER, Code, type MemberInfo } from '@textbook/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../config.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { encrypt, requestCode, solveSlider } from '../modules/auth/test-support.js';
import { buildMember, buildStaff, uniquePhone } from '../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp, type TestApp } from '../../test/helpers.js';

const PASSWORD = 'Abcdef123456!x';
const SHELL_SCRIPT = "document.body.dataset.shell = 'on';";
const web = { [CLIENT_HEADER]: 'member' };

/** A built web app of one page with an inline script, like the real index.html. */
function webDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><body><div id="root"></div><script>${SHELL_SCRIPT}</script>` +
      `<script type="module" src="/assets/main.js"></script></body></html>`,
  );
  return dir;
}

function cookiesOf(response: LightMyRequestResponse): string[] {
  const set = response.headers['set-cookie'];
  return set === undefined ? [] : Array.isArray(set) ? set : [set];
}

function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  const line = cookiesOf(response).find((c) => c.startsWith(`${name}=`));
  return line === undefined ? undefined : decodeURIComponent(line.slice(name.length + 1).split(';')[0] ?? '');
}

async function memberWithPassword(t: TestApp) {
  const m = await buildMember(t.ctx.db);
  await t.ctx.db
    .updateTable('members')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', m.id)
    .execute();
  return m;
}

function expectProtections(response: LightMyRequestResponse): void {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("object-src 'none'");
  // A section's video or audio resource is an https address elsewhere; the reader plays it in place.
  expect(csp).toMatch(/media-src [^;]*https:/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('browser protections on every answer', () => {
  const t = useTestApp({ webDist: webDist(), trustedProxies: ['10.9.9.9'] });

  it('sends CSP (the shell script by hash, no inline script else), frame-ancestors, nosniff, Referrer-Policy', async () => {
    const page = await t.app.inject({ url: '/my/person' });
    expect(page.headers['content-type']).toContain('text/html');
    expectProtections(page);
    const hash = createHash('sha256').update(SHELL_SCRIPT).digest('base64');
    expect(String(page.headers['content-security-policy'])).toMatch(
      new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`),
    );
    expectProtections(await t.app.inject({ url: '/api/site' }));
    expectProtections(await t.app.inject({ url: '/api/no/such/thing' }));
    expectProtections(await t.app.inject({ method: 'POST', url: '/api/logout' }));
  });

  it('sends HSTS over https only (TLS said by a trusted proxy), never on a plain or spoofed request', async () => {
    expect((await t.app.inject({ url: '/api/site' })).headers['strict-transport-security']).toBeUndefined();
    const spoofed = await t.app.inject({ url: '/api/site', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await t.app.inject({
      url: '/api/site',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('session cookies', () => {
  const t = useTestApp({
    accounts: {
      ...loadConfig({ NODE_ENV: 'test' }).accounts,
      staffAdminUser: 'keeper',
      staffAdminPassword: PASSWORD,
      editorUrl: 'https://editor.example.test/open?x=1',
    },
  });
  const pwdLogin = (phone: string, headers: Record<string, string> = web) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pwdLogin',
      payload: { phonenumber: phone, password: encrypt(t, PASSWORD) },
      headers,
    });

  it('a web login sets an HttpOnly SameSite cookie and a readable marker; an API login sets none', async () => {
    const m = await memberWithPassword(t);
    const answer = await pwdLogin(m.phone);
    expect(answer.json()).toMatchObject({ code: Code.OK });
    const token = cookieValue(answer, 'Book-Token');
    expect(token).toBe((answer.json() as { data: { token: string } }).data.token);
    const line = cookiesOf(answer).find((c) => c.startsWith('Book-Token='))!;
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).toContain('Path=/');
    expect(line).not.toContain('Secure');
    const mark = cookiesOf(answer).find((c) => c.startsWith('Book-Login='))!;
    expect(mark).toMatch(/^Book-Login=1;/);
    expect(mark).not.toContain('HttpOnly');
    expect(cookiesOf(await pwdLogin(m.phone, {}))).toEqual([]);
  });

  it('the cookie authenticates reads; writes need the web header (CSRF); Bearer needs nothing', async () => {
    const m = await memberWithPassword(t);
    const token = cookieValue(await pwdLogin(m.phone), 'Book-Token')!;
    const cookie = `Book-Token=${encodeURIComponent(token)}; Book-Login=1`;
    const info = await call<{ member: MemberInfo }>(t.app, { url: '/api/getMemberInfo', headers: { cookie } });
    expect(expectOk(info).member.id).toBe(m.id);
    // A cross-site form or fetch cannot send the header: refused before anything happens.
    const forged = await call(t.app, { method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ code: Code.FORBIDDEN, msg: AuthMsg.CSRF_REFUSED });
    const forgedName = await call(t.app, {
      method: 'POST',
      url: '/api/updateName',
      payload: { userName: '被改了' },
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forgedName.status).toBe(403);
    expectOk(await call(t.app, { url: '/api/getMemberInfo', headers: { cookie } }));
    // Bearer (API clients) works with or without cookies and needs no header.
    expectOk(await call(t.app, { url: '/api/getMemberInfo', token: m.token }));
    const other = await buildMember(t.ctx.db);
    expectOk(await call(t.app, { method: 'POST', url: '/api/logout', token: other.token, headers: { cookie } }));
    expectOk(await call(t.app, { url: '/api/getMemberInfo', headers: { cookie } }));
    // The web client's write: logs out and clears both cookies.
    const out = await call(t.app, { method: 'POST', url: '/api/logout', headers: { cookie, ...web } });
    expectOk(out);
    expect(cookiesOf(out.response).find((c) => c.startsWith('Book-Token='))).toMatch(/^Book-Token=;.*Max-Age=0/);
    expect(cookiesOf(out.response).find((c) => c.startsWith('Book-Login='))).toMatch(/^Book-Login=;.*Max-Age=0/);
    // An ended session's cookie is cleared with the next answer.
    const after = await call(t.app, { url: '/api/getMemberInfo', headers: { cookie } });
    expect(after.status).toBe(401);
    expect(cookieValue(after.response, 'Book-Token')).toBe('');
  });

  it('every member login path sets the cookie: code login too', async () => {
    const phone = uniquePhone();
    expectOk(await requestCode(t, phone));
    const rows = expectOk(await call<{ content: string }[]>(t.app, { url: `/api/dev/sms?phone=${phone}` }));
    const code = /验证码为(\d{6})/.exec(rows[0]!.content)![1];
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/smsLogin',
      payload: { phoneNumber: phone, code, checked: true },
      headers: web,
    });
    expect(answer.json()).toMatchObject({ code: Code.OK });
    expect(cookiesOf(answer).find((c) => c.startsWith('Book-Token='))).toContain('HttpOnly');
  });

  it('staff have their own cookie, read only when the web client says staff; never the member cookie', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { userName: 'keeper', password: encrypt(t, PASSWORD) },
      headers: { [CLIENT_HEADER]: 'staff' },
    });
    expect(cookiesOf(login).find((c) => c.startsWith('Staff-Token='))).toContain('HttpOnly');
    expect(cookieValue(login, 'Book-Token')).toBeUndefined();
    const staffToken = cookieValue(login, 'Staff-Token')!;
    const cookie = `Staff-Token=${encodeURIComponent(staffToken)}`;
    expectOk(await call(t.app, { url: '/api/admin/staff/me', headers: { cookie, [CLIENT_HEADER]: 'staff' } }));
    expect((await call(t.app, { url: '/api/admin/staff/me', headers: { cookie } })).status).toBe(401);
    // A staff token put in the member cookie opens nothing.
    const swapped = `Book-Token=${encodeURIComponent(staffToken)}`;
    expect((await call(t.app, { url: '/api/admin/staff/me', headers: { cookie: swapped } })).status).toBe(401);
    const staff = await buildStaff(t.ctx.db);
    expect(
      (await call(t.app, { url: '/api/admin/staff/me', headers: { cookie: `Book-Token=${staff.token}` } })).status,
    ).toBe(401);
    const out = await call(t.app, {
      method: 'POST',
      url: '/api/admin/staff/logout',
      headers: { cookie, [CLIENT_HEADER]: 'staff' },
    });
    expectOk(out);
    expect(cookieValue(out.response, 'Staff-Token')).toBe('');
  });

  it('the marketing editor opens through a redirect that appends the cookie’s token (never shown to scripts)', async () => {
    const m = await memberWithPassword(t);
    const token = cookieValue(await pwdLogin(m.phone), 'Book-Token')!;
    const cookie = `Book-Token=${encodeURIComponent(token)}`;
    expect((await t.app.inject({ url: '/api/member/openEditor', headers: { cookie } })).statusCode).toBe(403);
    await t.ctx.db.updateTable('members').set({ extras_yx_menu: 1 }).where('id', '=', m.id).execute();
    const open = await t.app.inject({ url: '/api/member/openEditor', headers: { cookie } });
    expect(open.statusCode).toBe(302);
    const location = new URL(String(open.headers.location));
    expect(location.origin + location.pathname).toBe('https://editor.example.test/open');
    expect(location.searchParams.get('x')).toBe('1');
    expect(location.searchParams.get('token')).toBe(token);
    expect((await t.app.inject({ url: '/api/member/openEditor' })).statusCode).toBe(401);
  });

  it('sets Secure cookies when the public origin is https', async () => {
    const m = await memberWithPassword(t);
    const before = t.ctx.config.publicOrigin;
    Object.assign(t.ctx.config, { publicOrigin: 'https://books.example.test' });
    try {
      const answer = await pwdLogin(m.phone);
      expect(cookiesOf(answer).find((c) => c.startsWith('Book-Token='))).toContain('; Secure');
    } finally {
      Object.assign(t.ctx.config, { publicOrigin: before });
    }
  });
});

describe('client addresses behind proxies', () => {
  const accounts = { ...loadConfig({ NODE_ENV: 'test' }).accounts, smsDailyPerAddress: 2 };

  describe('no trusted proxy (the default)', () => {
    const t = useTestApp({ accounts });

    it('a rotating X-Forwarded-For does not get past the per-address cap', async () => {
      const send = (i: number) => requestCodeFrom(t, '203.0.113.7', { 'x-forwarded-for': `198.51.100.${i}` });
      expectOk(await send(1));
      expectOk(await send(2));
      expectRefused(await send(3), AuthMsg.SMS_DAILY_ADDRESS, 429);
      expectRefused(await send(4), AuthMsg.SMS_DAILY_ADDRESS, 429);
    });
  });

  describe('with TRUSTED_PROXIES', () => {
    const t = useTestApp({ accounts, trustedProxies: ['10.0.0.1'] });

    it('the proxy’s X-Forwarded-For names the client; anyone else’s is ignored', async () => {
      const viaProxy = (client: string) => requestCodeFrom(t, '10.0.0.1', { 'x-forwarded-for': client });
      expectOk(await viaProxy('198.51.100.1'));
      expectOk(await viaProxy('198.51.100.1'));
      expectRefused(await viaProxy('198.51.100.1'), AuthMsg.SMS_DAILY_ADDRESS, 429);
      expectOk(await viaProxy('198.51.100.2'));
      const direct = (i: number) => requestCodeFrom(t, '203.0.113.9', { 'x-forwarded-for': `198.51.100.${10 + i}` });
      expectOk(await direct(1));
      expectOk(await direct(2));
      expectRefused(await direct(3), AuthMsg.SMS_DAILY_ADDRESS, 429);
    });
  });
});

/** A login code request from `remoteAddress` with extra headers (the slider solved first). */
async function requestCodeFrom(t: TestApp, remoteAddress: string, headers: Record<string, string>) {
  const ticket = await solveSlider(t);
  return call(t.app, {
    url: `/api/loginCode?phoneNumber=${uniquePhone()}&ticket=${ticket}`,
    remoteAddress,
    headers,
  });
}
