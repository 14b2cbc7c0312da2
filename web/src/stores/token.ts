import { LOGIN_MARK_COOKIE, STAFF_MARK_COOKIE } from '@textbook/contracts';

/**
 * The session tokens live in HttpOnly cookies the server sets (`Book-Token`, `Staff-Token`): page scripts never
 * see them. Beside each the server sets a readable marker (`Book-Login=1`, `Staff-Login=1`) that tells the app a
 * session is there; the server checks the real cookie on every call.
 */
function hasMark(name: string): boolean {
  return document.cookie.split('; ').includes(`${name}=1`);
}

function clearMark(name: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** Whether the member's session cookie is there (spec §2 guard: "with a token"). */
export const hasSession = (): boolean => hasMark(LOGIN_MARK_COOKIE);

/** Forgets the member's marker (the server clears the HttpOnly cookie itself on logout or when it has ended). */
export const clearSession = (): void => clearMark(LOGIN_MARK_COOKIE);

export const hasStaffSession = (): boolean => hasMark(STAFF_MARK_COOKIE);
export const clearStaffSession = (): void => clearMark(STAFF_MARK_COOKIE);
