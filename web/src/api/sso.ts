/** Single sign-on endpoints (served by the platform itself unless VITE_SSO_URL points elsewhere). */
const SSO_BASE = (import.meta.env.VITE_SSO_URL as string | undefined) ?? '/sso';
/** The embedded single sign-on lives on this site: return addresses are paths and no token comes back. */
const EMBEDDED = SSO_BASE.startsWith('/') && !SSO_BASE.startsWith('//');
/** Set in this tab when it leaves for an external single sign-on; the one return that may carry `?token=`. */
const RETURN_KEY = 'sso-return-pending';

/** A return address for the single sign-on: a path of this site for the embedded one, absolute otherwise. */
function returnAddress(path: string): string {
  const url = new URL(path, window.location.origin);
  return EMBEDDED ? url.pathname + url.search + url.hash : url.toString();
}

/** Log in again, then come back to `returnTo` (the current page by default). */
export function ssoLoginUrl(returnTo = window.location.href): string {
  return `${SSO_BASE}/authorize?redirect=${encodeURIComponent(returnAddress(returnTo))}`;
}

/** End the session at the single sign-on, then return to `returnTo`. */
export function ssoLogoutUrl(returnTo = '/index'): string {
  return `${SSO_BASE}/logout?redirect=${encodeURIComponent(returnAddress(returnTo))}`;
}

/** Leaves for the single sign-on's login; an external one's return with `?token=` is then expected, once. */
export function goToSsoLogin(returnTo?: string): void {
  if (!EMBEDDED) sessionStorage.setItem(RETURN_KEY, String(Date.now()));
  window.location.assign(ssoLoginUrl(returnTo));
}

/** How long an external single sign-on may take to send the browser back. */
const RETURN_WINDOW_MS = 30 * 60 * 1000;

/**
 * Whether this tab is coming back from a single sign-on it was sent to (and forgets it: once). A `?token=` in
 * any other address (a link someone made) is never taken.
 */
export function takeSsoReturn(now = Date.now()): boolean {
  const at = Number(sessionStorage.getItem(RETURN_KEY));
  sessionStorage.removeItem(RETURN_KEY);
  return at > 0 && now - at >= 0 && now - at < RETURN_WINDOW_MS;
}
