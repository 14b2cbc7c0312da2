// Helpers for the login journeys: the slider is dragged like a hand would (speeding up and slowing down), to
// where the test route says the gap is; codes are read from the development SMS outbox.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './browser.js';

/** Waits up to 15 s (the machine is shared; vitest's default is 1 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

let sequence = 0;

/** A phone number no other journey uses. */
export function freshPhone(): string {
  sequence += 1;
  const tail = `${Date.now() % 100_000}`.padStart(5, '0') + String(sequence % 100).padStart(2, '0');
  return `1370${tail}`.slice(0, 11);
}

/** Remembers the id of the latest puzzle the page loaded. */
export function watchPuzzles(page: Page): () => string | undefined {
  let latest: string | undefined;
  page.on('response', async (response) => {
    if (!response.url().endsWith('/api/captcha')) return;
    try {
      const body = (await response.json()) as { data?: { captchaId?: string } };
      latest = body.data?.captchaId;
    } catch {
      // a navigation dropped the body
    }
  });
  return () => latest;
}

/** The minimum-jerk curve from 0 to 1: a hand's reach speeds up, then slows down to place the piece. */
const reach = (u: number) => u * u * u * (10 - 15 * u + 6 * u * u);

/**
 * Drags the slider of the visible check to the gap the way a hand does, not in a straight line at constant speed
 * (which the server refuses as a script's: server/src/modules/auth/drag-path.ts): a frame's move at a time,
 * speeding up and slowing down, with a hand's wobble off the line. About 0.6 s.
 */
export async function solveSlider(page: Page, latestPuzzle: () => string | undefined): Promise<void> {
  const check = page.getByTestId('slider-check');
  await check.locator('.slider-piece').waitFor();
  await poll(latestPuzzle).toBeTruthy();
  const answer = await api<{ x: number }>(`/api/test/captcha/${latestPuzzle()}`);
  expect(answer.code).toBe(200);
  const puzzleWidth = 310;
  const pieceSize = 63;
  const max = puzzleWidth - pieceSize;
  const rail = await check.locator('.ant-slider').boundingBox();
  const handle = await check.locator('.ant-slider-handle').boundingBox();
  if (!rail || !handle) throw new Error('slider not laid out');
  const y = handle.y + handle.height / 2;
  const startX = handle.x + handle.width / 2;
  const targetX = rail.x + (rail.width * answer.data.x) / max;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  const frames = 30;
  for (let i = 1; i <= frames; i += 1) {
    const wobble = i < frames ? Math.sin(i * 1.7) * 1.5 : 0;
    await page.mouse.move(startX + (targetX - startX) * reach(i / frames), y + wobble);
    await page.waitForTimeout(16); // a screen's frame: the slider records its samples over time
  }
  await page.mouse.up();
  await page.getByTestId('slider-passed').waitFor();
}

/** The latest code sent to `phone`, from the development outbox. */
export async function codeFromOutbox(phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const rows = await api<{ content: string }[]>(`/api/dev/sms?phone=${phone}`);
      code = /验证码为(\d{6})/.exec(rows.data[0]?.content ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}
