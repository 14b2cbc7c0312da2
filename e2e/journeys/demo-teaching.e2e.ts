import { expect, test } from 'vitest';
import { consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';

const journey = useJourney('demo-teaching');

/** Seeded demo members (server/src/demo/demo-site.ts) and their class (demo-teaching.ts). */
const TEACHER = 3;
const STUDENT = 4;
const CLASS = '高数一班';
const BOOK = '高等数学（上册）';

/** The machine is shared and slow at times: a screen gets 15 s to show what it should. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

for (const device of DEVICES) {
  test(`the demo teacher's teaching space shows the authorized books and his class (${device})`, async () => {
    const page = await journey.page(device);
    await loginAs(page, TEACHER);
    await page.goto('/my/teachingSpace');
    const tabs = page.getByRole('tablist', { name: '教材' });
    await poll(() => tabs.getByRole('tab').allInnerTexts()).toEqual(
      expect.arrayContaining([
        expect.stringContaining(BOOK),
        expect.stringContaining('线性代数'),
        expect.stringContaining('概率论与数理统计'),
      ]),
    );
    const selected = tabs.getByRole('tab', { selected: true });
    expect(await selected.innerText()).toContain(BOOK);
    // The book's cover loads (an address of the asset route, not a bare file name).
    await poll(() => selected.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const card = page.locator('.class-card').filter({ hasText: CLASS });
    await poll(() => card.count()).toBe(1);
    expect((await card.getByTestId('class-code').innerText()).trim()).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    await poll(() => card.getByText('1 人待审核').count()).toBe(1);
    await shot(page, 'teacher-teaching-space');
    expect(consoleErrors(page)).toEqual([]);
  });
}

test("the demo student has the class's book on the shelf and the class in his classes", async () => {
  const page = await journey.page('phone');
  await loginAs(page, STUDENT);
  await page.goto('/my/joinClass');
  const joined = page.locator('.my-classes .ant-card').filter({ hasText: CLASS });
  await poll(() => joined.innerText()).toContain('已加入');
  await shot(page, 'student-classes');
  await page.goto('/list');
  await poll(() => page.getByTestId('shelf-card').filter({ hasText: BOOK }).count()).toBe(1);
  await shot(page, 'student-shelf');
  expect(consoleErrors(page)).toEqual([]);
});
