import type { DragSample } from './drag-path.js';

/**
 * Drags made up for the tests of the slider check (drag-path.ts): a hand's, and a script's that knows the
 * answer. Both are recorded the way the web's slider records them (SliderCheck.tsx): an integer position each time
 * it changes, with the milliseconds since the first change. Seeded, so a failing case can be replayed.
 */
export type Random = () => number;

/** A small seeded generator (mulberry32). */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (r: Random, lo: number, hi: number) => lo + (hi - lo) * r();
/** Normal noise (Box–Muller). */
const gauss = (r: Random) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
/** The minimum-jerk curve from 0 to 1: how a hand's reach speeds up and slows down. */
const minJerk = (u: number) => (u <= 0 ? 0 : u >= 1 ? 1 : u * u * u * (10 - 15 * u + 6 * u * u));

/** What the slider records of a pointer's positions (puzzle pixels) at times (ms): the changes of the value. */
export function recorded(moves: { pos: number; at: number }[], max: number): DragSample[] {
  const out: DragSample[] = [];
  let value = 0;
  let start = 0;
  for (const m of moves) {
    const next = Math.min(max, Math.max(0, Math.round(m.pos)));
    if (next === value) continue;
    if (!out.length) start = m.at;
    value = next;
    out.push({ x: next, t: Math.round(m.at - start) });
  }
  return out;
}

/**
 * A person's drag to `target`: a reach that speeds up and slows down (its peak early or late), sampled at the
 * screen's rate with jitter, a hand's tremor, sometimes a pause on the way, sometimes past the gap and back.
 */
export function handDrag(r: Random, target: number, max = 247): DragSample[] {
  const frame = between(r, 7, 17);
  const reach = between(r, 300, 1500);
  const skew = between(r, 0.6, 1.5);
  const overshoot = r() < 0.35 ? between(r, 2, 9) : 0;
  const pauseAt = r() < 0.2 ? between(r, 0.3, 0.8) : -1;
  const pause = between(r, 40, 200);
  const back = overshoot ? between(r, 150, 450) : 0;
  const tremor = between(r, 0.2, 0.9);
  const moves: { pos: number; at: number }[] = [];
  let at = 0;
  let paused = false;
  const end = target + overshoot;
  while (at <= reach + back + (pauseAt >= 0 ? pause : 0)) {
    let local = at;
    if (pauseAt >= 0 && at > pauseAt * reach) local = at < pauseAt * reach + pause ? pauseAt * reach : at - pause;
    paused = paused || local !== at;
    let pos: number;
    if (local <= reach) pos = end * minJerk((local / reach) ** skew);
    else pos = end - overshoot * minJerk((local - reach) / back);
    moves.push({ pos: pos + gauss(r) * tremor * Math.min(1, local / 60), at });
    at += frame + gauss(r) * 1.5;
  }
  moves.push({ pos: target, at: at + frame });
  return recorded(moves, max);
}

/**
 * One plain hand-like drag for the API tests: a minimum-jerk reach to `target` over `durationMs`, a frame every
 * 16 ms, no randomness (the tests sleep about as long as the drag claims to have taken).
 */
export function smoothDrag(target: number, durationMs = 400): DragSample[] {
  const moves: { pos: number; at: number }[] = [];
  for (let at = 0; at <= durationMs; at += 16) moves.push({ pos: target * minJerk(at / durationMs), at });
  moves.push({ pos: target, at: durationMs });
  return recorded(moves, Math.max(target, 1));
}

/**
 * A script's drag to `target`: a straight line at constant speed, in `steps` equal moves of the mouse a fixed
 * wait apart, the waits as uneven as a busy machine makes them; the rail as wide as a page lays it out.
 */
export function scriptedDrag(r: Random, target: number, max = 247): DragSample[] {
  const steps = Math.round(between(r, 5, 60));
  const wait = between(r, 8, 80);
  const unevenness = between(r, 0, 0.35);
  const rail = between(r, 250, 420);
  const toValue = max / rail;
  const targetPx = target / toValue;
  const moves: { pos: number; at: number }[] = [];
  let at = 0;
  for (let i = 1; i <= steps; i++) {
    moves.push({ pos: ((targetPx * i) / steps) * toValue, at });
    at += Math.max(1, wait * (1 + unevenness * (2 * r() - 1)));
  }
  return recorded(moves, max);
}
