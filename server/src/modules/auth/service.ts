import { AuthMsg, Msg, passwordProblem } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { refused } from '../../http/errors.js';
import { createMember } from '../member/index.js';
import { closeSessionsOfMember } from '../session/index.js';
import { signIn } from './sign-in.js';
import { decryptPassword } from './cipher.js';
import { consumeCode } from './codes.js';
import { reserveLoginTry, rightPassword, wrongPassword } from './lockout.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as q from './queries.js';

/**
 * Code login. A phone without an account registers here (role 0, no college) when the user agreement and
 * privacy policy box is ticked; the box is checked before the code is used, so a refusal costs no code.
 */
export async function smsLogin(
  ctx: AppContext,
  input: { phoneNumber: string; code: string; checked?: boolean | undefined },
): Promise<string> {
  const member = await q.findMemberByPhone(ctx.db, input.phoneNumber);
  if (!member && input.checked !== true) throw refused(Msg.AGREEMENT_REQUIRED);
  await consumeCode(ctx, { phone: input.phoneNumber, purpose: 'login', code: input.code });
  const memberId =
    member?.id ??
    (await createMember(ctx, { phone: input.phoneNumber, userName: `用户${input.phoneNumber.slice(-4)}` }));
  return signIn(ctx, memberId);
}

/**
 * Password login. After `loginMaxFailures` wrong passwords in a row the account is locked for
 * `loginLockMinutes`; while locked even the right password is refused. Each try is counted before the password
 * is checked (`lockout.ts`), so parallel guesses get no more checks than sequential ones.
 */
export async function pwdLogin(
  ctx: AppContext,
  input: { phonenumber: string; password: string },
  now = Date.now(),
): Promise<string> {
  const password = decryptPassword(ctx.config.accounts.passwordCipherKey, input.password);
  const member = await q.findMemberByPhone(ctx.db, input.phonenumber);
  if (!member) throw refused(AuthMsg.LOGIN_FAILED);
  const limits = ctx.config.accounts;
  const tries = await reserveLoginTry(ctx.db, 'members', member.id, limits, now);
  if (!(await verifyPassword(member.passwordHash, password))) {
    return wrongPassword(ctx.db, 'members', member.id, tries, limits, now, AuthMsg.LOGIN_FAILED);
  }
  await rightPassword(ctx.db, 'members', member.id);
  return signIn(ctx, member.id, now);
}

/** Decrypts a new password and its confirmation and applies the §5 rules, in the spec's order. */
export function readNewPassword(ctx: AppContext, input: { password: string; confirmPassword: string }): string {
  const key = ctx.config.accounts.passwordCipherKey;
  const password = decryptPassword(key, input.password);
  const confirm = decryptPassword(key, input.confirmPassword);
  const problem = passwordProblem(password);
  if (problem) throw refused(problem);
  if (password !== confirm) throw refused(Msg.PASSWORD_MISMATCH);
  return password;
}

/** Resets a forgotten password with a code sent to the phone; every session of the member ends. */
export async function forgotPwd(
  ctx: AppContext,
  input: {
    phoneNumber: string;
    code: string;
    password: string;
    confirmPassword: string;
    checked?: boolean | undefined;
  },
): Promise<void> {
  const password = readNewPassword(ctx, input);
  if (input.checked !== true) throw refused(Msg.AGREEMENT_REQUIRED);
  const member = await q.findMemberByPhone(ctx.db, input.phoneNumber);
  if (!member) throw refused(AuthMsg.PHONE_NOT_REGISTERED);
  await consumeCode(ctx, { phone: input.phoneNumber, purpose: 'login', code: input.code });
  await q.setPassword(ctx.db, member.id, await hashPassword(password), Date.now());
  await closeSessionsOfMember(ctx, ctx.db, member.id);
}
