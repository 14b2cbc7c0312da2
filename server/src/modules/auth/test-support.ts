import { setTimeout as sleep } from 'node:timers/promises';
import type { CaptchaPuzzle } from '@textbook/contracts';
import { call, expectOk, type TestApp } from '../../../test/helpers.js';
import { puzzleAnswer } from './captcha.js';
import { encryptPassword } from './cipher.js';
import { smoothDrag } from './drag-samples.js';

/**
 * A drag as a hand makes it, ending at `x`: speeding up and slowing down over a few hundred milliseconds, sampled
 * at the screen's rate (a straight line at constant speed is refused as a script's: drag-path.ts).
 */
export function handTrack(x: number, durationMs = 400): { x: number; t: number }[] {
  return smoothDrag(x, durationMs);
}

/** Solves the slider as a person would (reading the answer the server keeps) and answers the ticket. */
export async function solveSlider(t: TestApp): Promise<string> {
  const puzzle = expectOk(await call<CaptchaPuzzle>(t.app, { url: '/api/captcha' }));
  const x = (await puzzleAnswer(t.ctx.kv, puzzle.captchaId)) ?? 0;
  await sleep(420);
  const checked = await call<{ ticket: string }>(t.app, {
    method: 'POST',
    url: '/api/captcha/check',
    payload: { captchaId: puzzle.captchaId, x: x + 2, track: handTrack(x + 2) },
  });
  return expectOk(checked).ticket;
}

export async function requestCode(t: TestApp, phone: string, address = '127.0.0.1') {
  const ticket = await solveSlider(t);
  return call(t.app, {
    url: `/api/loginCode?phoneNumber=${phone}&ticket=${ticket}`,
    remoteAddress: address,
  });
}

/** The code of the latest message to `phone` in the development outbox. */
export async function latestCode(t: TestApp, phone: string): Promise<string> {
  const rows = expectOk(await call<{ content: string }[]>(t.app, { url: `/api/dev/sms?phone=${phone}` }));
  const code = /验证码为(\d{6})/.exec(rows[0]?.content ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

/** Lets the next code to `phone` go out now (the 60-second gap is the one limit tests step over). */
export async function skipSendGap(t: TestApp, phone: string): Promise<void> {
  await t.ctx.limits.del(`sms:gap:${phone}`);
}

export function encrypt(t: TestApp, password: string): string {
  return encryptPassword(t.ctx.config.accounts.passwordCipherKey, password);
}
