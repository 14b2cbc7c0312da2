import { LOGIN_MARK_COOKIE, STAFF_MARK_COOKIE } from '@textbook/contracts';

/**
 * The session tokens live in HttpOnly cookies the server sets (`Book-Token`, `Staff-Token`): page scripts never
 * see them. Beside each the server sets a readable marker (`Book-Login=1`, `Staff-Login=1`) that tells the app a
 * session is there; the server checks the real cookie on every call.
 */
let cookieText: string | undefined;

/**
 * The page's cookies, read once per run of script: reading `document.cookie` asks the browser's network process
 * each time, and a render asks whether there is a session once per component that shows it (a profile of a
 * teacher's page load found a tenth of its script time there). The next task reads them afresh, so a cookie the
 * server set or cleared, or another tab's logout, is seen as before.
 */
function cookies(): string {
  if (cookieText === undefined) {
    cookieText = document.cookie;
    queueMicrotask(() => {
      cookieText = undefined;
    });
  }
  return cookieText;
}

function hasMark(name: string): boolean {
  return cookies().split('; ').includes(`${name}=1`);
}

function clearMark(name: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  cookieText = undefined;
}

/** Whether the member's session cookie is there (spec §2 guard: "with a token"). */
export const hasSession = (): boolean => hasMark(LOGIN_MARK_COOKIE);

/** Forgets the member's marker (the server clears the HttpOnly cookie itself on logout or when it has ended). */
export const clearSession = (): void => clearMark(LOGIN_MARK_COOKIE);

export const hasStaffSession = (): boolean => hasMark(STAFF_MARK_COOKIE);
export const clearStaffSession = (): void => clearMark(STAFF_MARK_COOKIE);
