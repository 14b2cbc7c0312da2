import {
  CLIENT_HEADER,
  ClientKind,
  LOGIN_MARK_COOKIE,
  STAFF_MARK_COOKIE,
  STAFF_TOKEN_COOKIE,
  TOKEN_COOKIE,
} from '@textbook/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The browser's session lives in an HttpOnly cookie the server sets (page scripts never see the token), beside a
 * readable marker (`1`) that tells the web app a session is there. API clients keep using `Authorization:
 * Bearer`; they get the token in the login answer and no cookie.
 */
export type SessionKind = ClientKind;

const MEMBER_TTL_S = 7 * 24 * 3600;
const STAFF_TTL_S = 12 * 3600;

const COOKIES: Record<SessionKind, { token: string; mark: string; maxAge: number }> = {
  member: { token: TOKEN_COOKIE, mark: LOGIN_MARK_COOKIE, maxAge: MEMBER_TTL_S },
  staff: { token: STAFF_TOKEN_COOKIE, mark: STAFF_MARK_COOKIE, maxAge: STAFF_TTL_S },
};

/** The value of one cookie of the request, or undefined. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const prefix = `${name}=`;
  for (const part of header.split(/;\s*/)) {
    if (!part.startsWith(prefix)) continue;
    try {
      return decodeURIComponent(part.slice(prefix.length)) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Which session the web client means (its request header); undefined for anything else (API clients, forms). */
export function webClient(request: FastifyRequest): SessionKind | undefined {
  const value = request.headers[CLIENT_HEADER];
  return value === ClientKind.MEMBER || value === ClientKind.STAFF ? value : undefined;
}

/** Whether either session cookie came with the request. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  return Boolean(header && (header.includes(`${TOKEN_COOKIE}=`) || header.includes(`${STAFF_TOKEN_COOKIE}=`)));
}

/** The token of the session cookie of this kind. */
export function sessionCookieToken(request: FastifyRequest, kind: SessionKind): string | undefined {
  return readCookie(request, COOKIES[kind].token);
}

/** Served over https: TLS here, https from a trusted proxy, or a configured https public origin. */
export function overHttps(request: FastifyRequest, config: Pick<Config, 'publicOrigin'>): boolean {
  return request.protocol === 'https' || Boolean(config.publicOrigin?.startsWith('https:'));
}

function cookie(name: string, value: string, maxAge: number, httpOnly: boolean, secure: boolean): string {
  return (
    `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax` +
    (httpOnly ? '; HttpOnly' : '') +
    (secure ? '; Secure' : '')
  );
}

/**
 * Sets the session cookie and its marker after a login, for the web client only (its header proves the
 * request came from the site's own pages, so a cross-site form cannot log a browser into someone's account).
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'publicOrigin'>,
  kind: SessionKind,
  token: string,
): void {
  if (!webClient(request)) return;
  const { token: name, mark, maxAge } = COOKIES[kind];
  const secure = overHttps(request, config);
  void reply.header('set-cookie', cookie(name, token, maxAge, true, secure));
  void reply.header('set-cookie', cookie(mark, '1', maxAge, false, secure));
}

/** A login's answer: the token (for API clients), with the session cookies set for the web client. */
export function signedIn(
  input: { request: FastifyRequest; reply: FastifyReply; ctx: { config: Pick<Config, 'publicOrigin'> } },
  kind: SessionKind,
  token: string,
): { token: string } {
  setSessionCookies(input.request, input.reply, input.ctx.config, kind, token);
  return { token };
}

/** Removes the session cookie and its marker of this kind (logout, or a cookie whose session has ended). */
export function clearSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'publicOrigin'>,
  kind: SessionKind,
): void {
  const { token: name, mark } = COOKIES[kind];
  const secure = overHttps(request, config);
  void reply.header('set-cookie', cookie(name, '', 0, true, secure));
  void reply.header('set-cookie', cookie(mark, '', 0, false, secure));
}

/** The token the caller came with: the bearer token, else the session cookie the auth hook read. */
export function callerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return sessionCookieToken(request, webClient(request) ?? 'member');
}
