import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AuthMsg, Code, Msg, type CaptchaPuzzle, type MemberInfo } from '@textbook/contracts';
import { buildMember, uniquePhone } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp, type TestApp } from '../../../test/helpers.js';
import { loadConfig } from '../../config.js';
import { puzzleAnswer } from './captcha.js';
import { hashPassword } from './passwords.js';
import { encrypt, handTrack, latestCode, requestCode, skipSendGap, solveSlider } from './test-support.js';

const GOOD_PASSWORD = 'Abcdef123456!x';

/** The configured defaults, so a test changes only the limits it is about. */
function useTestAppAccounts() {
  return { ...loadConfig({ NODE_ENV: 'test' }).accounts };
}

async function memberOf(t: TestApp, token: string): Promise<MemberInfo> {
  return expectOk(await call<{ member: MemberInfo }>(t.app, { url: '/api/getMemberInfo', token })).member;
}

async function withPassword(t: TestApp, password = GOOD_PASSWORD) {
  const m = await buildMember(t.ctx.db);
  await t.ctx.db
    .updateTable('members')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', m.id)
    .execute();
  return m;
}

describe('slider check', () => {
  const t = useTestApp();

  it('draws a puzzle on the server and keeps the answer to itself', async () => {
    const puzzle = expectOk(await call<CaptchaPuzzle>(t.app, { url: '/api/captcha' }));
    expect(puzzle.image).toMatch(/^data:image\/png;base64,/);
    expect(puzzle.piece).toMatch(/^data:image\/png;base64,/);
    expect(JSON.stringify(puzzle)).not.toContain('"x"');
    const png = Buffer.from(puzzle.image.split(',')[1] ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(puzzle.width);
  });

  it('refuses a drop away from the gap, an instantaneous drag, and a second try of one puzzle', async () => {
    const attempt = async (dx: number, track: (x: number) => { x: number; t: number }[], wait = 450) => {
      const puzzle = expectOk(await call<CaptchaPuzzle>(t.app, { url: '/api/captcha' }));
      const x = (await puzzleAnswer(t.ctx.kv, puzzle.captchaId)) ?? 0;
      await sleep(wait);
      const payload = { captchaId: puzzle.captchaId, x: x + dx, track: track(x + dx) };
      const first = await call(t.app, { method: 'POST', url: '/api/captcha/check', payload });
      const again = await call(t.app, { method: 'POST', url: '/api/captcha/check', payload });
      return { first, again };
    };
    expectRefused((await attempt(12, (x) => handTrack(x))).first, AuthMsg.CAPTCHA_FAILED);
    expectRefused((await attempt(0, (x) => [{ x, t: 0 }])).first, AuthMsg.CAPTCHA_FAILED);
    // A track claiming a longer drag than the puzzle has existed is made up.
    expectRefused((await attempt(0, (x) => handTrack(x, 5000), 0)).first, AuthMsg.CAPTCHA_FAILED);
    // The right place reached by a script's straight line at constant speed (12 equal moves 40 ms apart).
    const straight = (x: number) =>
      Array.from({ length: 12 }, (_, i) => ({ x: Math.round((x * (i + 1)) / 12), t: i * 36 }));
    expectRefused((await attempt(0, straight)).first, AuthMsg.CAPTCHA_FAILED);
    const good = await attempt(3, (x) => handTrack(x));
    expect(good.first.body.code).toBe(Code.OK);
    expectRefused(good.again, AuthMsg.CAPTCHA_EXPIRED);
  });

  it('requires a ticket for sending a code, and a ticket serves once', async () => {
    const phone = uniquePhone();
    expectRefused(await call(t.app, { url: `/api/loginCode?phoneNumber=${phone}` }), AuthMsg.CAPTCHA_REQUIRED);
    const ticket = await solveSlider(t);
    expectOk(await call(t.app, { url: `/api/loginCode?phoneNumber=${phone}&ticket=${ticket}` }));
    await skipSendGap(t, phone);
    expectRefused(
      await call(t.app, { url: `/api/loginCode?phoneNumber=${phone}&ticket=${ticket}` }),
      AuthMsg.CAPTCHA_REQUIRED,
    );
  });
});

describe('SMS codes and limits', () => {
  const t = useTestApp({
    accounts: { ...useTestAppAccounts(), smsDailyPerPhone: 3, smsDailyPerAddress: 4 },
  });

  it('validates the phone with the spec message before anything is sent', async () => {
    expectRefused(await call(t.app, { url: '/api/loginCode?phoneNumber=12345678901' }), Msg.PHONE_FORMAT);
    expectRefused(await call(t.app, { url: '/api/loginCode?phoneNumber=1381234' }), Msg.PHONE_FORMAT);
    expectRefused(await call(t.app, { url: '/api/loginCode?phoneNumber=' }), Msg.INCOMPLETE);
  });

  it('sends a 6-digit code to the outbox and stores only its hash', async () => {
    const phone = uniquePhone();
    expectOk(await requestCode(t, phone));
    const code = await latestCode(t, phone);
    expect(code).toMatch(/^\d{6}$/);
    const row = await t.ctx.db.selectFrom('sms_codes').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.expires_at - row.created_at).toBe(5 * 60_000);
  });

  it('allows one send per phone per 60 s with status 429', async () => {
    const phone = uniquePhone();
    expectOk(await requestCode(t, phone));
    expectRefused(await requestCode(t, phone), AuthMsg.SMS_TOO_OFTEN, 429);
  });

  it('caps sends per phone per day', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 3; i += 1) {
      expectOk(await requestCode(t, phone, `10.0.1.${i}`));
      await skipSendGap(t, phone);
    }
    expectRefused(await requestCode(t, phone, '10.0.1.9'), AuthMsg.SMS_DAILY_PHONE, 429);
  });

  it('caps sends per client address per day', async () => {
    for (let i = 0; i < 4; i += 1) expectOk(await requestCode(t, uniquePhone(), '10.0.2.1'));
    expectRefused(await requestCode(t, uniquePhone(), '10.0.2.1'), AuthMsg.SMS_DAILY_ADDRESS, 429);
    expectOk(await requestCode(t, uniquePhone(), '10.0.2.2'));
  });
});

describe('code login and registration', () => {
  const t = useTestApp();

  it('logs an existing member in with the code, once', async () => {
    const m = await buildMember(t.ctx.db);
    expectOk(await requestCode(t, m.phone));
    const code = await latestCode(t, m.phone);
    const { token } = expectOk(
      await call<{ token: string }>(t.app, {
        method: 'POST',
        url: '/api/smsLogin',
        payload: { phoneNumber: m.phone, code },
      }),
    );
    expect((await memberOf(t, token)).id).toBe(m.id);
    expectRefused(
      await call(t.app, { method: 'POST', url: '/api/smsLogin', payload: { phoneNumber: m.phone, code } }),
      AuthMsg.CODE_EXPIRED,
    );
  });

  it('registers a new phone as role 0 only with the agreement ticked', async () => {
    const phone = uniquePhone();
    expectOk(await requestCode(t, phone));
    const code = await latestCode(t, phone);
    const login = (checked?: boolean) =>
      call<{ token: string }>(t.app, {
        method: 'POST',
        url: '/api/smsLogin',
        payload: { phoneNumber: phone, code, checked },
      });
    expectRefused(await login(), Msg.AGREEMENT_REQUIRED);
    expectRefused(await login(false), Msg.AGREEMENT_REQUIRED);
    const { token } = expectOk(await login(true));
    const member = await memberOf(t, token);
    expect(member).toMatchObject({ phonenumber: phone, roleList: [0], collegeId: null });
  });

  it('says 请将信息填写完整 and 手机号格式不正确 with the spec messages', async () => {
    const post = (payload: object) => call(t.app, { method: 'POST', url: '/api/smsLogin', payload });
    expectRefused(await post({ phoneNumber: '13800000000', code: '' }), Msg.INCOMPLETE);
    expectRefused(await post({ code: '123456' }), Msg.INCOMPLETE);
    expectRefused(await post({ phoneNumber: '11800000000', code: '123456' }), Msg.PHONE_FORMAT);
  });

  it('kills a code after 5 wrong tries, and after 5 minutes', async () => {
    const m = await buildMember(t.ctx.db);
    expectOk(await requestCode(t, m.phone));
    const code = await latestCode(t, m.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const post = (c: string) =>
      call(t.app, { method: 'POST', url: '/api/smsLogin', payload: { phoneNumber: m.phone, code: c } });
    for (let i = 0; i < 4; i += 1) expectRefused(await post(wrong), AuthMsg.CODE_WRONG);
    expectRefused(await post(wrong), AuthMsg.CODE_EXPIRED);
    expectRefused(await post(code), AuthMsg.CODE_EXPIRED);

    await skipSendGap(t, m.phone);
    expectOk(await requestCode(t, m.phone));
    const fresh = await latestCode(t, m.phone);
    await t.ctx.db
      .updateTable('sms_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('phone', '=', m.phone)
      .execute();
    expectRefused(await post(fresh), AuthMsg.CODE_EXPIRED);
  });

  it('a newer code retires the older one', async () => {
    const m = await buildMember(t.ctx.db);
    expectOk(await requestCode(t, m.phone));
    const old = await latestCode(t, m.phone);
    await skipSendGap(t, m.phone);
    expectOk(await requestCode(t, m.phone));
    const fresh = await latestCode(t, m.phone);
    const post = (c: string) =>
      call(t.app, { method: 'POST', url: '/api/smsLogin', payload: { phoneNumber: m.phone, code: c } });
    if (old !== fresh) expectRefused(await post(old), AuthMsg.CODE_WRONG);
    expectOk(await post(fresh));
  });
});

describe('password login and lockout', () => {
  const t = useTestApp({ accounts: { ...useTestAppAccounts(), loginMaxFailures: 3, loginLockMinutes: 15 } });
  const login = (phone: string, password: string) =>
    call<{ token: string }>(t.app, {
      method: 'POST',
      url: '/api/pwdLogin',
      payload: { phonenumber: phone, password: encrypt(t, password) },
    });

  it('serves the cipher key and logs in with the encrypted password; argon2id on the server', async () => {
    const cipher = expectOk(await call<{ algorithm: string; key: string }>(t.app, { url: '/api/auth/cipher' }));
    expect(cipher).toEqual({ algorithm: 'AES-256-GCM', key: t.ctx.config.accounts.passwordCipherKey });
    const m = await withPassword(t);
    const { token } = expectOk(await login(m.phone, GOOD_PASSWORD));
    expect((await memberOf(t, token)).id).toBe(m.id);
    const row = await t.ctx.db.selectFrom('members').select('password_hash').where('id', '=', m.id).executeTakeFirst();
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a plain (unencrypted) password and a wrong one', async () => {
    const m = await withPassword(t);
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/pwdLogin',
        payload: { phonenumber: m.phone, password: GOOD_PASSWORD },
      }),
      AuthMsg.PASSWORD_UNREADABLE,
    );
    expectRefused(await login(m.phone, 'Wrong-password-1'), AuthMsg.LOGIN_FAILED);
    expectRefused(await login(uniquePhone(), GOOD_PASSWORD), AuthMsg.LOGIN_FAILED);
    expectRefused(await login('1380000', GOOD_PASSWORD), Msg.PHONE_FORMAT);
    expectRefused(
      await call(t.app, { method: 'POST', url: '/api/pwdLogin', payload: { phonenumber: m.phone, password: '' } }),
      Msg.INCOMPLETE,
    );
  });

  it('locks the account after repeated failures, even for the right password, until the time passes', async () => {
    const m = await withPassword(t);
    expectRefused(await login(m.phone, 'Wrong-password-1'), AuthMsg.LOGIN_FAILED);
    expectRefused(await login(m.phone, 'Wrong-password-2'), AuthMsg.LOGIN_FAILED);
    expectRefused(await login(m.phone, 'Wrong-password-3'), AuthMsg.ACCOUNT_LOCKED(15));
    expectRefused(await login(m.phone, GOOD_PASSWORD), AuthMsg.ACCOUNT_LOCKED(15));
    await t.ctx.db
      .updateTable('members')
      .set({ locked_until: Date.now() - 1 })
      .where('id', '=', m.id)
      .execute();
    expectOk(await login(m.phone, GOOD_PASSWORD));
  });

  it('a success clears the count of failures', async () => {
    const m = await withPassword(t);
    expectRefused(await login(m.phone, 'Wrong-password-1'), AuthMsg.LOGIN_FAILED);
    expectRefused(await login(m.phone, 'Wrong-password-2'), AuthMsg.LOGIN_FAILED);
    expectOk(await login(m.phone, GOOD_PASSWORD));
    expectRefused(await login(m.phone, 'Wrong-password-3'), AuthMsg.LOGIN_FAILED);
  });
});

describe('forgotten password', () => {
  const t = useTestApp();
  const NEW = 'Xyz-98765-abcQ';

  async function reset(t: TestApp, payload: Record<string, unknown>) {
    return call(t.app, { method: 'POST', url: '/api/forgotPwd', payload });
  }

  it('applies the password rules with the spec messages before using the code', async () => {
    const m = await withPassword(t);
    expectOk(await requestCode(t, m.phone));
    const code = await latestCode(t, m.phone);
    const base = { phoneNumber: m.phone, code, checked: true };
    const cases: [string, string, string][] = [
      ['Abc123!', 'Abc123!', Msg.PASSWORD_TOO_SHORT],
      ['Abc123!Abc123!Abc123!x', 'Abc123!Abc123!Abc123!x', Msg.PASSWORD_TOO_LONG],
      ['abcdef1234567', 'abcdef1234567', Msg.PASSWORD_CLASSES],
      ['Abcdef12345!x', 'Abcdef12345!y', Msg.PASSWORD_MISMATCH],
    ];
    for (const [password, confirm, msg] of cases) {
      expectRefused(
        await reset(t, { ...base, password: encrypt(t, password), confirmPassword: encrypt(t, confirm) }),
        msg,
      );
    }
    expectRefused(
      await reset(t, { ...base, checked: false, password: encrypt(t, NEW), confirmPassword: encrypt(t, NEW) }),
      Msg.AGREEMENT_REQUIRED,
    );
    expectRefused(await reset(t, { ...base, password: '', confirmPassword: '' }), Msg.INCOMPLETE);
    // The code survived every refusal above.
    expectOk(await reset(t, { ...base, password: encrypt(t, NEW), confirmPassword: encrypt(t, NEW) }));
  });

  it('resets the password, ends old sessions and lets the new password in', async () => {
    const m = await withPassword(t);
    expectOk(await requestCode(t, m.phone));
    const code = await latestCode(t, m.phone);
    expectOk(
      await reset(t, {
        phoneNumber: m.phone,
        code,
        checked: true,
        password: encrypt(t, NEW),
        confirmPassword: encrypt(t, NEW),
      }),
    );
    expect((await call(t.app, { url: '/api/getMemberInfo', token: m.token })).status).toBe(401);
    const login = (password: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/pwdLogin',
        payload: { phonenumber: m.phone, password: encrypt(t, password) },
      });
    expectRefused(await login(GOOD_PASSWORD), AuthMsg.LOGIN_FAILED);
    expectOk(await login(NEW));
  });

  it('refuses a phone without an account and a wrong code', async () => {
    const phone = uniquePhone();
    const payload = {
      phoneNumber: phone,
      code: '123456',
      checked: true,
      password: encrypt(t, NEW),
      confirmPassword: encrypt(t, NEW),
    };
    expectRefused(await reset(t, payload), AuthMsg.PHONE_NOT_REGISTERED);
    const m = await withPassword(t);
    expectOk(await requestCode(t, m.phone));
    const code = await latestCode(t, m.phone);
    expectRefused(
      await reset(t, { ...payload, phoneNumber: m.phone, code: code === '123456' ? '654321' : '123456' }),
      AuthMsg.CODE_WRONG,
    );
  });
});

describe('development outbox', () => {
  const t = useTestApp({ env: 'production', testRoutes: false });
  it('does not exist in production', async () => {
    const res = await t.app.inject({ url: '/api/dev/sms' });
    expect(res.statusCode).toBe(404);
  });
});

describe('agreement texts', () => {
  const t = useTestApp();
  it('serves the agreement and privacy policy sanitized, and no other content', async () => {
    const now = Date.now();
    const insert = (content_type: string, body: string) =>
      t.ctx.db
        .insertInto('site_contents')
        .values({ content_type, title: '用户协议', body, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    const agreement = await insert('agreement', '<p>条款</p><script>alert(1)</script>');
    const page = await insert('page', '<p>其他</p>');
    const shown = expectOk(await call<{ body: string }>(t.app, { url: `/api/agreement/${agreement.id}` }));
    expect(shown.body).toBe('<p>条款</p>');
    expect((await call(t.app, { url: `/api/agreement/${page.id}` })).status).toBe(404);
  });
});
