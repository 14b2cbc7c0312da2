import { describe, expect, it } from 'vitest';
import { judgeDrag } from './drag-path.js';
import { handDrag, recorded, scriptedDrag, seeded, smoothDrag } from './drag-samples.js';

const TRIES = 2000;
/** Where the gap's left edge can be (captcha.ts: PIECE + 10 − 3 … WIDTH − PIECE − 10 − 3). */
const target = (r: () => number) => Math.round(70 + r() * 164);

function passRate(make: (r: () => number, x: number) => { x: number; t: number }[], seed: number): number {
  const r = seeded(seed);
  let passed = 0;
  for (let i = 0; i < TRIES; i++) if (judgeDrag(make(r, target(r))).human) passed += 1;
  return passed / TRIES;
}

describe('the slider’s drag path', () => {
  it('lets people through: hand-like drags (uneven speed, tremor, pauses, overshoot) pass at least 95%', () => {
    for (const seed of [1, 2, 3]) expect(passRate(handDrag, seed)).toBeGreaterThanOrEqual(0.95);
    expect(judgeDrag(smoothDrag(120)).human).toBe(true);
  });

  it('stops scripts that know the answer: straight-line constant-speed drags fail at least 90%', () => {
    for (const seed of [1, 2, 3]) expect(passRate(scriptedDrag, seed)).toBeLessThanOrEqual(0.1);
  });

  it('refuses the drag of issue 30 every time: 12 equal moves 40 ms apart (with a busy machine’s jitter)', () => {
    const r = seeded(30);
    for (let i = 0; i < 132; i++) {
      const x = target(r);
      const moves = Array.from({ length: 12 }, (_, k) => ({ pos: (x * (k + 1)) / 12, at: k * (40 + r() * 25) }));
      const verdict = judgeDrag(recorded(moves, 247));
      expect(verdict.human, JSON.stringify(verdict)).toBe(false);
    }
  });

  it('refuses too few samples, an instant drag and one that does not move', () => {
    expect(judgeDrag([]).why).toBe('samples');
    expect(judgeDrag([{ x: 100, t: 0 }]).why).toBe('samples');
    const instant = Array.from({ length: 20 }, (_, i) => ({ x: Math.round(120 * (i / 19) ** 2), t: i * 8 }));
    expect(judgeDrag(instant).why).toBe('duration');
    expect(judgeDrag(Array.from({ length: 20 }, (_, i) => ({ x: 50, t: i * 16 }))).why).toBe('samples');
  });
});
