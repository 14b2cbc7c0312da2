import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { axeScan, countByImpact, type AxeFinding, type Impact } from '../support/axe.js';
import { api, DEVICES, loginAs, shot, useJourney, type Device } from '../support/browser.js';
import { makeStaff, setStaffCookies } from '../support/staff.js';

// Issue 34: axe-core (WCAG 2.0–2.2 A and AA rules) over the pages of every role at both sizes. The table of what it
// finds is written to e2e/a11y-axe.json; a page may not find more critical or serious nodes than its entry in
// e2e/a11y-budget.json (a ratchet towards 0: lower the entry when a fix lowers the count).
const journey = useJourney('a11y-axe');
const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT = path.join(ROOT, 'a11y-axe.json');
const BUDGET: Record<string, number> = JSON.parse(fs.readFileSync(path.join(ROOT, 'a11y-budget.json'), 'utf8'));

/** Seeded demo members (server/src/demo/demo-site.ts). */
const TEACHER = 3;
const STUDENT = 4;

interface Row {
  page: string;
  device: Device;
  counts: Record<Impact, number>;
  findings: AxeFinding[];
}
/** By page and device: a retried test's scan replaces its first try's. */
const rows = new Map<string, Row>();

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
}

async function scan(page: Page, name: string, device: Device): Promise<void> {
  await settle(page);
  const findings = await axeScan(page);
  const counts = countByImpact(findings);
  rows.set(`${name} (${device})`, { page: name, device, counts, findings });
  await shot(page, name.replace(/[^a-z0-9]+/gi, '-'));
}

async function firstBook(): Promise<number> {
  const found = await api<{ rows: { id: number }[] }>('/api/book/list?pageSize=1');
  return found.data.rows[0]!.id;
}

for (const device of DEVICES) {
  test(`axe: visitor pages (${device})`, async () => {
    const page = await journey.page(device);
    const book = await firstBook();
    for (const [name, url] of [
      ['home', '/'],
      ['textbook', '/textbook'],
      ['book-detail', `/book-detail?id=${book}`],
      ['faq', '/faq'],
      ['search', '/search'],
    ] as const) {
      await page.goto(url);
      await scan(page, `visitor ${name}`, device);
    }
    await page.goto('/login');
    await page.getByRole('dialog').waitFor();
    await scan(page, 'visitor login dialog', device);
  });

  test(`axe: student and teacher pages (${device})`, async () => {
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    const book = await firstBook();
    for (const [name, url] of [
      ['shelf', '/list'],
      ['person', '/my/person'],
      ['join class', '/my/joinClass'],
    ] as const) {
      await page.goto(url);
      await scan(page, `student ${name}`, device);
    }
    await page.goto(`/bookPreview?bookId=${book}`);
    await page.locator('.reader-bar').waitFor();
    await scan(page, 'student reader', device);

    const teacher = await journey.page(device);
    await loginAs(teacher, TEACHER);
    await teacher.goto('/my/teachingSpace');
    await scan(teacher, 'teacher teaching space', device);
  });

  test(`axe: console (${device})`, async () => {
    const { token } = await makeStaff(['editor'], { tag: 'axe' });
    const page = await journey.page(device);
    await setStaffCookies(page.context(), token);
    await page.goto('/admin/books');
    await scan(page, 'staff books', device);
  });
}

test('axe: no page finds more critical or serious nodes than its budget', () => {
  const table = [...rows].map(([key, r]) => ({ key, ...r })).sort((a, b) => a.key.localeCompare(b.key));
  fs.writeFileSync(REPORT, JSON.stringify(table, null, 2) + '\n');
  const over = table
    .map((r) => ({ key: r.key, found: r.counts.critical + r.counts.serious, budget: BUDGET[r.key] ?? 0 }))
    .filter((r) => r.found > r.budget);
  expect(over).toEqual([]);
});
