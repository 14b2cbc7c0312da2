import { AuthMsg } from '@textbook/contracts';
import { refused } from '../../http/errors.js';

/**
 * Where single sign-on may send a browser back: the site's own origin and the configured allowed origins,
 * over http(s) only. Relative addresses resolve against the site; `//host` and `javascript:` are refused.
 * Answers the absolute address.
 */
export function allowedReturn(redirect: string, ownOrigin: string, allowedOrigins: string[]): URL {
  let url: URL;
  try {
    url = new URL(redirect, ownOrigin);
  } catch {
    throw refused(AuthMsg.REDIRECT_NOT_ALLOWED);
  }
  const httpish = url.protocol === 'http:' || url.protocol === 'https:';
  if (!httpish || (url.origin !== ownOrigin && !allowedOrigins.includes(url.origin))) {
    throw refused(AuthMsg.REDIRECT_NOT_ALLOWED);
  }
  return url;
}

/** The return address carrying the session token (the guard there stores it). */
export function withToken(url: URL, token: string): string {
  const next = new URL(url);
  next.searchParams.set('token', token);
  return next.toString();
}
