/** Single sign-on endpoints (served by the platform itself unless VITE_SSO_URL points elsewhere). */
const SSO_BASE = (import.meta.env.VITE_SSO_URL as string | undefined) ?? '/sso';

function absolute(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/** Log in again, then come back to `returnTo` (the current page by default). */
export function ssoLoginUrl(returnTo = window.location.href): string {
  return `${SSO_BASE}/authorize?redirect=${encodeURIComponent(absolute(returnTo))}`;
}

/** End the session at the single sign-on, then return to `returnTo`. */
export function ssoLogoutUrl(returnTo = '/index'): string {
  return `${SSO_BASE}/logout?redirect=${encodeURIComponent(absolute(returnTo))}`;
}
