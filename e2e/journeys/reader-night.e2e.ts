/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { consoleErrors, DEVICES, shot, useJourney } from '../support/browser.js';
import { importBook, spineOf, openReader } from '../support/reader.js';

// Night mode (issue 13): the footer's buttons are dark and readable, also disabled; the settings read on one
// line each; a phone's settings do not list keyboard shortcuts.
const journey = useJourney('reader-night');

let bookId = 0;
let last = 0;

beforeAll(async () => {
  bookId = await importBook('cjk/lu-xun-fen-zh-epub3.epub', 3);
  last = (await spineOf(bookId)).at(-1)!.id;
});

type Rgb = [number, number, number];

/** Relative luminance (WCAG) of a colour. */
const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: Rgb, b: Rgb) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

/** A button's text colour and background as painted (translucent colours laid over the footer). */
const colours = (page: Page, testId: string) =>
  page.evaluate((testId) => {
    const parse = (css: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return { rgb: [r, g, b] as [number, number, number], a };
    };
    const over = (top: string, under: [number, number, number]) => {
      const { rgb, a } = parse(top);
      return rgb.map((v, i) => v * a + under[i]! * (1 - a)) as [number, number, number];
    };
    const foot = parse(getComputedStyle(document.querySelector('.reader-foot')!).backgroundColor).rgb;
    const style = getComputedStyle(document.querySelector(`[data-testid=${testId}]`)!);
    const background = over(style.backgroundColor, foot);
    return { color: over(style.color, background), background };
  }, testId);

for (const device of DEVICES) {
  test(`night mode on the locked last chapter: dark, readable buttons; the settings on one line (${device})`, async () => {
    const page = await journey.page(device);
    await page.addInitScript(() => localStorage.setItem('reader-settings', JSON.stringify({ theme: 'dark' })));
    // A visitor on the last chapter: locked, 上一章 enabled, 下一章 disabled.
    await openReader(page, `/bookPreview?bookId=${bookId}&chapterId=${last}&trial=1`);
    await page.getByText('登录后继续阅读').waitFor();
    await expect.poll(() => page.getByTestId('prev-chapter').isEnabled()).toBe(true);
    expect(await page.getByTestId('next-chapter').isDisabled()).toBe(true);

    // Colours are read until they settle: the buttons fade into the night theme (a CSS transition), and a busy
    // machine can paint a frame in between.
    // 上一章 is not a white button on the night page, and its text stands out.
    await expect.poll(async () => luminance((await colours(page, 'prev-chapter')).background)).toBeLessThan(0.2);
    await expect
      .poll(async () => {
        const prev = await colours(page, 'prev-chapter');
        return contrast(prev.color, prev.background);
      })
      .toBeGreaterThan(4.5);
    // The disabled 下一章 is dim but visible.
    await expect
      .poll(async () => {
        const next = await colours(page, 'next-chapter');
        return contrast(next.color, next.background);
      })
      .toBeGreaterThan(2.5);
    await shot(page, 'locked', { fullPage: false });

    await page.getByTestId('settings-button').click();
    const settings = page.getByRole('region', { name: '阅读设置' });
    await settings.waitFor();
    const label = await page.evaluate(() => {
      const el = document.getElementById('reader-continuous-label')!;
      return { height: el.getBoundingClientRect().height, font: parseFloat(getComputedStyle(el).fontSize) };
    });
    expect(label.height).toBeLessThan(label.font * 2);
    // Keyboard shortcuts on a keyboard's screen only.
    await expect.poll(() => settings.getByText('键盘', { exact: false }).isVisible()).toBe(device === 'desktop');
    await shot(page, 'settings', { fullPage: false });
    expect(consoleErrors(page).filter((e) => !e.includes('401'))).toEqual([]);
  });
}
