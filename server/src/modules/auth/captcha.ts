import { randomBytes, randomInt } from 'node:crypto';
import { AuthMsg, type CaptchaPuzzle } from '@textbook/contracts';
import type { KvStore } from '../../adapters/kv/index.js';
import type { AppContext } from '../../http/context.js';
import { rateLimited, refused } from '../../http/errors.js';
import { BUMP, HEIGHT, PIECE, WIDTH } from './captcha-draw.js';
import { judgeDrag } from './drag-path.js';

/** How far the dropped piece may be from the gap, in pixels (a blind guess passes about 4% of the time). */
export const CAPTCHA_TOLERANCE = 3;
/** Failed checks one address may make per hour; then every check is refused until the hour is over. */
export const CAPTCHA_FAILURES_PER_HOUR = 20;
const HOUR_MS = 3600_000;
const PUZZLE_TTL_MS = 2 * 60_000;
/** The ticket /api/loginCode asks for: single use, short-lived. */
export const TICKET_TTL_MS = 2 * 60_000;

interface Answer {
  x: number;
  issuedAt: number;
}

/**
 * Issues a puzzle: the drawing (a background with a gap at a position only the server knows, and the piece cut
 * from it) is made in a worker thread; the answer (the piece's left edge) stays in the KV store under its id.
 */
export async function issuePuzzle(
  kv: KvStore,
  workers: AppContext['workers'],
  now = Date.now(),
): Promise<CaptchaPuzzle> {
  const gapX = randomInt(PIECE + 10, WIDTH - PIECE - 10);
  const gapY = randomInt(BUMP * 2 + 10, HEIGHT - PIECE - 5);
  const left = gapX - 3;
  const top = gapY - BUMP * 2 - 1;
  const { image, piece } = await workers.run('captcha', { gapX, gapY, left, top });
  const captchaId = randomBytes(16).toString('base64url');
  const answer: Answer = { x: left, issuedAt: now };
  await kv.set(`captcha:${captchaId}`, JSON.stringify(answer), PUZZLE_TTL_MS);
  return {
    captchaId,
    image,
    piece,
    width: WIDTH,
    height: HEIGHT,
    pieceSize: PIECE,
    y: top,
  };
}

/**
 * Checks a drop once (the answer is taken, so a puzzle allows one try): within the tolerance, dragged over
 * time by a hand (enough samples, not instantaneous, not longer than the puzzle has existed, and moving as a
 * hand moves: unequal steps, speeding up and slowing down; drag-path.ts). Answers a
 * single-use ticket for /api/loginCode.
 */
export async function checkPuzzle(
  { kv, limits }: { kv: KvStore; limits: KvStore },
  input: { captchaId: string; x: number; track: { x: number; t: number }[] },
  address: string,
  now = Date.now(),
): Promise<string> {
  const failures = `captcha:fail:${address}`;
  if (Number(await limits.get(failures)) >= CAPTCHA_FAILURES_PER_HOUR) throw rateLimited(AuthMsg.CAPTCHA_TOO_MANY);
  const stored = await kv.take(`captcha:${input.captchaId}`);
  if (!stored) throw refused(AuthMsg.CAPTCHA_EXPIRED);
  const answer = JSON.parse(stored) as Answer;
  const { track } = input;
  const first = track[0];
  const last = track[track.length - 1];
  const duration = first && last ? last.t - first.t : 0;
  // The path as well as the place: a script that knows the answer still has to move like a hand (drag-path.ts).
  const human = judgeDrag(track).human && duration <= now - answer.issuedAt;
  // Second signal: the drag ends where the piece was dropped, and its samples move forward in time.
  const consistent =
    last !== undefined && Math.abs(last.x - input.x) <= 1 && track.every((p, i) => i === 0 || p.t >= track[i - 1]!.t);
  const placed = Math.abs(input.x - answer.x) <= CAPTCHA_TOLERANCE;
  if (!human || !consistent || !placed) {
    await limits.incr(failures, HOUR_MS);
    throw refused(AuthMsg.CAPTCHA_FAILED);
  }
  const ticket = randomBytes(18).toString('base64url');
  await kv.set(`ticket:${ticket}`, '1', TICKET_TTL_MS);
  return ticket;
}

/** Uses a ticket once. */
export async function takeTicket(kv: KvStore, ticket: string | undefined): Promise<void> {
  if (!ticket || !(await kv.take(`ticket:${ticket}`))) throw refused(AuthMsg.CAPTCHA_REQUIRED);
}

/** The answer of a puzzle still open (test mode and tests only: a journey drags the piece there). */
export async function puzzleAnswer(kv: KvStore, captchaId: string): Promise<number | null> {
  const stored = await kv.get(`captcha:${captchaId}`);
  return stored ? (JSON.parse(stored) as Answer).x : null;
}
