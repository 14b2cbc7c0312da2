// Staff for the console journeys: a new staff account through the test-only route, and its session in a browser.
import type { BrowserContext } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { api, baseURL } from './browser.js';

/** The password every journey's staff account has (the sign-in journeys type it). */
export const STAFF_PASSWORD = 'Console-Pass-2026!';

/**
 * A new staff account with these roles (a super administrator with `isAdmin`), named for its first role, the
 * journey's `tag` and 32 random bits, so journeys sharing one server never meet (a millisecond stamp and three
 * random digits once gave two of one file's administrators the same name); answers its name and session token.
 */
export async function makeStaff(
  roles: string[],
  options: { isAdmin?: boolean; tag?: string } = {},
): Promise<{ userName: string; token: string }> {
  const userName = `${roles[0] ?? 'super'}_${options.tag ?? ''}${randomBytes(4).toString('hex')}`;
  const made = await api<{ id: number; token: string }>('/api/test/staff', {
    body: { userName, password: STAFF_PASSWORD, isAdmin: options.isAdmin ?? false, roles },
  });
  expect(made.code).toBe(200);
  return { userName, token: made.data.token };
}

/** The staff session's cookies, as the staff sign-in sets them: the HttpOnly token and the readable marker. */
export async function setStaffCookies(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([
    { name: 'Staff-Token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    { name: 'Staff-Login', value: '1', url: baseURL, sameSite: 'Lax' },
  ]);
}
