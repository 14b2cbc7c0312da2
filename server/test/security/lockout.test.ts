import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMsg } from '@textbook/contracts';
import { appContext, buildApp } from '../../src/app.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { encrypt, latestCode, requestCode } from '../../src/modules/auth/test-support.js';
import { buildMember } from '../factories.js';
import { call, expectOk, useTestApp, type ApiResult, type TestApp } from '../helpers.js';

const RIGHT = 'Abcdef123456!x';

/** 200 wrong passwords and the right one in the middle, all at once: answers the right one's result and the rest. */
async function storm(send: (password: string) => Promise<ApiResult<unknown>>) {
  const passwords = Array.from({ length: 200 }, (_, i) => `Wrong-pass-${i}x`);
  passwords.splice(100, 0, RIGHT);
  const results = await Promise.all(passwords.map(send));
  return { right: results[100]!, wrong: results.filter((_, i) => i !== 100) };
}

describe('parallel password guessing (issue 12.1)', () => {
  const t = useTestApp();

  it('a member: 200 wrong and the right one in parallel, the right one is refused and at most 5 were checked', async () => {
    const m = await buildMember(t.ctx.db);
    const hash = await hashPassword(RIGHT);
    await t.ctx.db.updateTable('members').set({ password_hash: hash }).where('id', '=', m.id).execute();
    const { right, wrong } = await storm((password) =>
      call(t.app, {
        method: 'POST',
        url: '/api/pwdLogin',
        payload: { phonenumber: m.phone, password: encrypt(t, password) },
      }),
    );
    expect(right.body.msg).toBe(AuthMsg.ACCOUNT_LOCKED(15));
    expect(right.status).toBe(400);
    // Before the lock, at most loginMaxFailures - 1 tries were told "wrong": the rest were never checked.
    const checkedWrong = wrong.filter((r) => r.body.msg === AuthMsg.LOGIN_FAILED).length;
    expect(checkedWrong).toBeLessThanOrEqual(t.ctx.config.accounts.loginMaxFailures - 1);
    expect(wrong.every((r) => r.status === 400)).toBe(true);
    const row = await t.ctx.db.selectFrom('members').select('locked_until').where('id', '=', m.id).executeTakeFirst();
    expect(Number(row?.locked_until)).toBeGreaterThan(Date.now());
  });

  it('a staff account: the same', async () => {
    const userName = `guard${Date.now() % 100000}`;
    await t.ctx.db
      .insertInto('staff')
      .values({ user_name: userName, password_hash: await hashPassword(RIGHT), is_admin: 0, created_at: Date.now() })
      .execute();
    const { right, wrong } = await storm((password) =>
      call(t.app, {
        method: 'POST',
        url: '/api/staff/login',
        payload: { userName, password: encrypt(t, password) },
      }),
    );
    expect(right.body.msg).toBe(AuthMsg.ACCOUNT_LOCKED(15));
    const checkedWrong = wrong.filter((r) => r.body.msg === AuthMsg.STAFF_LOGIN_FAILED).length;
    expect(checkedWrong).toBeLessThanOrEqual(t.ctx.config.accounts.loginMaxFailures - 1);
  });
});

describe('parallel SMS code guessing over two instances (issue 12.3)', () => {
  const a = useTestApp(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {});
  let b: TestApp;
  let appB: FastifyInstance;
  beforeAll(async () => {
    appB = await buildApp({
      config: { ...a.ctx.config, accounts: { ...a.ctx.config.accounts } },
      database: a.database,
    });
    await appB.ready();
    b = { app: appB, ctx: appContext(appB), database: a.database };
  });
  afterAll(async () => appB?.close());

  it('60 wrong codes and the right one, spread over both instances: at most 5 tries are checked', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const m = await buildMember(a.ctx.db);
      expectOk(await requestCode(a, m.phone, `10.12.${trial}.1`));
      const code = await latestCode(a, m.phone);
      const guesses = Array.from({ length: 60 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      guesses.push(code);
      const results = await Promise.all(
        guesses.map((guess, i) =>
          call((i % 2 ? b : a).app, {
            method: 'POST',
            url: '/api/smsLogin',
            payload: { phoneNumber: m.phone, code: guess },
          }),
        ),
      );
      expect(results.at(-1)?.body.msg).toBe(AuthMsg.CODE_EXPIRED);
      expect(results.filter((r) => r.body.msg === AuthMsg.CODE_WRONG).length).toBeLessThanOrEqual(4);
      expect(results.every((r) => r.status === 400)).toBe(true);
      const row = await a.ctx.db
        .selectFrom('sms_codes')
        .select('attempts')
        .where('phone', '=', m.phone)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(Number(row.attempts)).toBe(5);
    }
  });
});
