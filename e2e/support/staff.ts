// The publisher's staff in the journeys: a staff member made through the test-only route, and console pages
// signed in as them (the cookies the staff sign-in sets).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, baseURL, type Device, type Journey } from './browser.js';

export interface Staff {
  userName: string;
  token: string;
}

let made = 0;

/** A new staff member with these console roles (`isAdmin`: a super administrator), signed in. */
export async function makeStaff(roles: string[], isAdmin = false): Promise<Staff> {
  made += 1;
  const userName = `${roles[0] ?? 'super'}_${process.pid}_${Date.now() % 1_000_000}_${made}`;
  const answer = await api<{ id: number; token: string }>('/api/test/staff', {
    body: { userName, password: 'Console-Pass-2026!', isAdmin, roles },
  });
  expect(answer.code).toBe(200);
  return { userName, token: answer.data.token };
}

/** Gives a page's context the staff session's cookies. */
export async function staffCookies(page: Page, token: string): Promise<void> {
  await page.context().addCookies([
    { name: 'Staff-Token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    { name: 'Staff-Login', value: '1', url: baseURL, sameSite: 'Lax' },
  ]);
}

/** A new page of the journey at the device's size, signed in as the staff member. */
export async function staffPage(journey: Journey, token: string, device: Device = 'desktop'): Promise<Page> {
  const page = await journey.page(device);
  await staffCookies(page, token);
  return page;
}
