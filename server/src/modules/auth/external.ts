import { randomBytes } from 'node:crypto';
import { AuthMsg, Msg } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { bindPhone as bindPhoneError, notFound, refused } from '../../http/errors.js';
import { createMember } from '../member/index.js';
import { signIn } from './sign-in.js';
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

/** The providers this app knows, by name (none by default; test mode adds a stand-in, `testing/auth.ts`). */
function providers(ctx: AppContext): Map<string, ExternalProvider> {
  return ctx.local('auth:externalProviders', () => new Map<string, ExternalProvider>());
}

/** Makes a provider known to this app's `/api/external/callback`. */
export function addExternalProvider(ctx: AppContext, provider: ExternalProvider): void {
  providers(ctx).set(provider.name, provider);
}

/** The provider of that name, or 404. */
export function externalProvider(ctx: AppContext, name: string): ExternalProvider {
  const provider = providers(ctx).get(name);
  if (!provider) throw notFound();
  return provider;
}

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
export async function externalLogin(ctx: AppContext, identity: ExternalIdentity): Promise<string> {
  const linked = await q.findIdentity(ctx.db, identity.provider, identity.subject);
  if (linked) return signIn(ctx, linked.memberId);
  if (identity.phone && /^1[3-9]\d{9}$/.test(identity.phone)) {
    const memberId = await memberForPhone(ctx, identity.phone);
    await link(ctx, identity, memberId);
    return signIn(ctx, memberId);
  }
  const bindToken = randomBytes(18).toString('base64url');
  await ctx.kv.set(`bind:${bindToken}`, JSON.stringify(identity), BIND_TTL_MS);
  throw bindPhoneError(AuthMsg.BIND_REQUIRED, { bindToken });
}

/** Binding mode: the pending identity gets the phone proven by a code; the member of that phone logs in. */
export async function bindPhone(
  ctx: AppContext,
  input: { bindToken: string; phoneNumber: string; code: string; checked?: boolean | undefined },
): Promise<string> {
  if (input.checked !== true) throw refused(Msg.AGREEMENT_REQUIRED);
  const pending = await ctx.kv.get(`bind:${input.bindToken}`);
  if (!pending) throw refused(AuthMsg.BIND_EXPIRED);
  const identity = JSON.parse(pending) as ExternalIdentity;
  await consumeCode(ctx, { phone: input.phoneNumber, purpose: 'login', code: input.code });
  if (!(await ctx.kv.take(`bind:${input.bindToken}`))) throw refused(AuthMsg.BIND_EXPIRED);
  const memberId = await memberForPhone(ctx, input.phoneNumber);
  if (!(await q.findIdentity(ctx.db, identity.provider, identity.subject))) await link(ctx, identity, memberId);
  return signIn(ctx, memberId);
}
