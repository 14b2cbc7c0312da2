import { createHash, randomInt } from 'node:crypto';
import { AuthMsg, Limits } from '@textbook/contracts';
import type { KvStore } from '../../adapters/kv/index.js';
import type { SmsProvider } from '../../adapters/sms/index.js';
import type { AppContext } from '../../http/context.js';
import { rateLimited, refused } from '../../http/errors.js';
import * as q from './queries.js';

/** What a code is for: a code sent for one purpose never passes another's check. */
export type CodePurpose = 'login' | 'changePwd' | 'changePhoneOld' | 'changePhoneNew';

export const CODE_TTL_MS = 5 * 60_000;
export const CODE_MAX_TRIES = 5;
export const SEND_GAP_MS = 60_000;
const DAY_MS = 24 * 3600_000;

function hashCode(phone: string, purpose: string, code: string): string {
  return createHash('sha256').update(`${phone}:${purpose}:${code}`).digest('hex');
}

/** China's calendar day (the caps reset at local midnight). */
function dayOf(now: number): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}

/**
 * Sends a 6-digit code after the limits allow it: one send per phone per 60 s, and daily caps per phone and
 * per client address. Counters live in the KV store (Redis in the scale profile); the code itself is stored
 * hashed in the database, valid for 5 minutes, dead after 5 wrong tries or one use.
 */
export async function sendCode(
  ctx: AppContext,
  /** The limit counters (`ctx.limits`): while Redis is down they are counted in this instance's memory. */
  kv: KvStore,
  sms: SmsProvider,
  input: { phone: string; purpose: CodePurpose; address: string },
  now = Date.now(),
): Promise<void> {
  const { phone, purpose, address } = input;
  const limits = ctx.config.accounts;
  if (!(await kv.setIfAbsent(`sms:gap:${phone}`, '1', SEND_GAP_MS))) throw rateLimited(AuthMsg.SMS_TOO_OFTEN);
  const day = dayOf(now);
  if ((await kv.incr(`sms:day:${day}:phone:${phone}`, DAY_MS)) > limits.smsDailyPerPhone) {
    throw rateLimited(AuthMsg.SMS_DAILY_PHONE);
  }
  if ((await kv.incr(`sms:day:${day}:addr:${address}`, DAY_MS)) > limits.smsDailyPerAddress) {
    throw rateLimited(AuthMsg.SMS_DAILY_ADDRESS);
  }
  const code = String(randomInt(0, 10 ** Limits.SMS_CODE_LENGTH)).padStart(Limits.SMS_CODE_LENGTH, '0');
  await q.retireCodes(ctx.db, phone, purpose, now);
  await q.insertCode(ctx.db, {
    phone,
    purpose,
    code_hash: hashCode(phone, purpose, code),
    expires_at: now + CODE_TTL_MS,
    created_at: now,
  });
  await sms.send({
    phone,
    code,
    text: `【高校数字教材平台】您的验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
  });
}

/** Uses a code once, or refuses with 验证码错误 / 验证码已失效，请重新获取. */
export async function consumeCode(
  ctx: AppContext,
  input: { phone: string; purpose: CodePurpose; code: string },
  now = Date.now(),
): Promise<void> {
  const row = await q.latestCode(ctx.db, input.phone, input.purpose);
  if (!row || row.usedAt !== null || row.expiresAt <= now || row.attempts >= CODE_MAX_TRIES) {
    throw refused(AuthMsg.CODE_EXPIRED);
  }
  const tries = await q.reserveTry(ctx.db, row.id, CODE_MAX_TRIES, now);
  if (tries === undefined) throw refused(AuthMsg.CODE_EXPIRED);
  if (row.codeHash !== hashCode(input.phone, input.purpose, input.code.trim())) {
    throw refused(tries >= CODE_MAX_TRIES ? AuthMsg.CODE_EXPIRED : AuthMsg.CODE_WRONG);
  }
  if (!(await q.useCode(ctx.db, row.id, now))) throw refused(AuthMsg.CODE_EXPIRED);
}
