import { randomBytes } from 'node:crypto';
import { AuthMsg, Msg } from '@textbook/contracts';
import type { KvStore } from '../../adapters/kv/index.js';
import type { AppContext } from '../../http/context.js';
import { bindPhone as bindPhoneError, refused } from '../../http/errors.js';
import { createMember } from '../member/service.js';
import { openSession } from '../session/service.js';
import { consumeCode } from './codes.js';
import * as q from './queries.js';

/** A user as an external single sign-on provider describes them. */
export interface ExternalIdentity {
  provider: string;
  subject: string;
  /** The provider's phone, when it gives one (11 digits); members are matched by phone. */
  phone: string | null;
}

/** Turns a provider's authorization code into an identity (OpenID Connect; a stand-in in test mode). */
export interface ExternalProvider {
  readonly name: string;
  exchange(code: string): Promise<ExternalIdentity>;
}

const BIND_TTL_MS = 10 * 60_000;

async function memberForPhone(ctx: AppContext, phone: string): Promise<number> {
  const member = await q.findMemberByPhone(ctx.db, phone);
  return member?.id ?? createMember(ctx, { phone, userName: `用户${phone.slice(-4)}` });
}

async function link(ctx: AppContext, identity: ExternalIdentity, memberId: number): Promise<void> {
  await q.linkIdentity(ctx.db, {
    provider: identity.provider,
    subject: identity.subject,
    member_id: memberId,
    created_at: Date.now(),
  });
}

/**
 * Logs in an external identity: a linked one directly; one with a phone is mapped to (or registered as) the
 * member of that phone; one without a phone is kept pending and answered with code 501 and a bind token, so
 * the login dialog opens in binding mode.
 */
export async function externalLogin(ctx: AppContext, kv: KvStore, identity: ExternalIdentity): Promise<string> {
  const linked = await q.findIdentity(ctx.db, identity.provider, identity.subject);
  if (linked) return openSession(ctx.db, linked.memberId);
  if (identity.phone && /^1[3-9]\d{9}$/.test(identity.phone)) {
    const memberId = await memberForPhone(ctx, identity.phone);
    await link(ctx, identity, memberId);
    return openSession(ctx.db, memberId);
  }
  const bindToken = randomBytes(18).toString('base64url');
  await kv.set(`bind:${bindToken}`, JSON.stringify(identity), BIND_TTL_MS);
  throw bindPhoneError(AuthMsg.BIND_REQUIRED, { bindToken });
}

/** Binding mode: the pending identity gets the phone proven by a code; the member of that phone logs in. */
export async function bindPhone(
  ctx: AppContext,
  kv: KvStore,
  input: { bindToken: string; phoneNumber: string; code: string; checked?: boolean | undefined },
): Promise<string> {
  if (input.checked !== true) throw refused(Msg.AGREEMENT_REQUIRED);
  const pending = await kv.get(`bind:${input.bindToken}`);
  if (!pending) throw refused(AuthMsg.BIND_EXPIRED);
  const identity = JSON.parse(pending) as ExternalIdentity;
  await consumeCode(ctx, { phone: input.phoneNumber, purpose: 'login', code: input.code });
  if (!(await kv.take(`bind:${input.bindToken}`))) throw refused(AuthMsg.BIND_EXPIRED);
  const memberId = await memberForPhone(ctx, input.phoneNumber);
  if (!(await q.findIdentity(ctx.db, identity.provider, identity.subject))) await link(ctx, identity, memberId);
  return openSession(ctx.db, memberId);
}

/**
 * The test-mode provider (TEST_ROUTES only, never in production): the "authorization code" is
 * `subject` or `subject:phone`, standing in for what an OpenID Connect provider would answer.
 */
export const testProvider: ExternalProvider = {
  name: 'test',
  async exchange(code) {
    const [subject, phone] = code.split(':');
    if (!subject) throw refused(AuthMsg.EXTERNAL_FAILED);
    return { provider: 'test', subject, phone: phone ?? null };
  },
};
