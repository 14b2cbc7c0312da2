import { AuthMsg } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { refused, unauthorized } from '../../http/errors.js';
import { getMemberInfo } from '../member/index.js';
import { actorOfToken } from '../session/index.js';

/** A base no real address has: what resolves onto it was relative (the site's own). */
const OWN = 'http://own.invalid';

/** Where a return address leads: a path on this site, or an absolute address on an allowed origin. */
export type ReturnAddress = { own: true; path: string } | { own: false; url: URL };

/**
 * Where single sign-on may send a browser back, judged without request headers (no Host, no X-Forwarded-Host):
 * - a relative address is the site's own; it is answered as a path with its leading slashes collapsed, so
 *   `/.//evil.example/x` or `/%2F/evil.example` stay on the site (a path starting `//` would leave it);
 * - an absolute address on the configured public origin is the site's own too (answered as a path);
 * - an absolute http(s) address on an allowed origin is answered as it is;
 * - anything else (`//host`, `/\host`, `javascript:`, other origins) is refused.
 */
export function allowedReturn(
  redirect: string,
  publicOrigin: string | undefined,
  allowedOrigins: string[],
): ReturnAddress {
  let url: URL;
  try {
    url = new URL(redirect, OWN);
  } catch {
    throw refused(AuthMsg.REDIRECT_NOT_ALLOWED);
  }
  if (url.origin === OWN || (publicOrigin !== undefined && url.origin === publicOrigin)) {
    return { own: true, path: ownPath(url) };
  }
  const httpish = url.protocol === 'http:' || url.protocol === 'https:';
  if (!httpish || !allowedOrigins.includes(url.origin)) throw refused(AuthMsg.REDIRECT_NOT_ALLOWED);
  return { own: false, url };
}

/** The path, query and fragment of an address on this site, never starting with `//` or `/\`. */
export function ownPath(url: URL): string {
  return `/${url.pathname.replace(/^[/\\]+/, '')}${url.search}${url.hash}`;
}

/** The address the browser is sent to: a path of this site as it is, an allowed origin's with the session token. */
export function returnUrl(target: ReturnAddress, token: string | undefined): string {
  if (target.own) return target.path;
  const next = new URL(target.url);
  if (token) next.searchParams.set('token', token);
  return next.toString();
}

/** Who a single sign-on return's token logs in (a live member session), or 401. */
export async function adoptToken(ctx: AppContext, token: string): Promise<{ id: number; name: string }> {
  const actor = await actorOfToken(ctx, token);
  if (actor?.kind !== 'member') throw unauthorized();
  const member = await getMemberInfo(ctx, actor.memberId);
  return { id: member.id, name: member.realName || member.userName || member.phonenumber };
}
