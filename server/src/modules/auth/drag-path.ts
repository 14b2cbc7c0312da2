/**
 * Whether a slider drag moved like a hand (issue 30, item 25). A script that knows where the gap is still has to
 * move there; the cheap way, a straight line at constant speed, leaves marks a hand does not:
 * - equal steps: it moves the same distance per event, where a hand's events come at the screen's rate and the
 *   distance between them follows its speed (small, large, small);
 * - speed constant in time: its position grows in a straight line with time, where a hand speeds up and slows
 *   down to place the piece (an S-shaped curve, far from the chord between its ends).
 * Each is measured on the samples the slider recorded (`x` in puzzle pixels, `t` in ms since the first).
 */
export interface DragSample {
  x: number;
  t: number;
}

/** A drag shorter than this, or with fewer samples, is not a person's (screens sample at 60 Hz or more). */
export const MIN_DRAG_MS = 200;
export const MIN_SAMPLES = 8;
/** Below this spread of the steps (their standard deviation over their mean), the steps are equal. */
const MIN_STEP_SPREAD = 0.3;
/** The position must leave the chord between the drag's ends by this share of the distance at least once. */
const MIN_CURVE = 0.07;

export interface DragVerdict {
  human: boolean;
  /** Why not, for the log (never told to the caller). */
  why?: 'samples' | 'duration' | 'equal_steps' | 'constant_speed';
  stepSpread: number;
  curve: number;
}

/** Samples of one instant folded into the last (events of one frame), kept in time order. */
function distinctInTime(track: DragSample[]): DragSample[] {
  const out: DragSample[] = [];
  for (const s of track) {
    if (out.length && out[out.length - 1]!.t === s.t) out[out.length - 1] = s;
    else out.push(s);
  }
  return out;
}

/** Standard deviation over the mean of the sizes of the moves between samples (moves of 0 left out). */
function stepSpread(track: DragSample[]): number {
  const steps = track
    .slice(1)
    .map((s, i) => Math.abs(s.x - track[i]!.x))
    .filter((d) => d > 0);
  if (steps.length < 2) return 0;
  const mean = steps.reduce((a, b) => a + b, 0) / steps.length;
  const variance = steps.reduce((a, b) => a + (b - mean) ** 2, 0) / steps.length;
  return Math.sqrt(variance) / mean;
}

/** Largest distance of the position from the chord between the ends, as a share of the distance. */
function curve(track: DragSample[], distance: number, duration: number): number {
  const x0 = track[0]!.x;
  const t0 = track[0]!.t;
  let most = 0;
  for (const s of track) most = Math.max(most, Math.abs((s.x - x0) / distance - (s.t - t0) / duration));
  return most;
}

export function judgeDrag(rawTrack: DragSample[]): DragVerdict {
  const track = distinctInTime(rawTrack);
  const first = track[0];
  const last = track[track.length - 1];
  const duration = first && last ? last.t - first.t : 0;
  const distance = first && last ? Math.abs(last.x - first.x) : 0;
  const verdict = (why: DragVerdict['why'], values: Omit<DragVerdict, 'human' | 'why'>): DragVerdict =>
    why ? { human: false, why, ...values } : { human: true, ...values };
  if (track.length < MIN_SAMPLES || distance === 0) {
    return verdict('samples', { stepSpread: 0, curve: 0 });
  }
  if (duration < MIN_DRAG_MS) return verdict('duration', { stepSpread: 0, curve: 0 });
  const values = { stepSpread: stepSpread(track), curve: curve(track, distance, duration) };
  if (values.stepSpread < MIN_STEP_SPREAD) return verdict('equal_steps', values);
  if (values.curve < MIN_CURVE) return verdict('constant_speed', values);
  return verdict(undefined, values);
}
