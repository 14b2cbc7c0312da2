import { randomBytes, randomInt } from 'node:crypto';
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { AuthMsg, type CaptchaPuzzle } from '@textbook/contracts';
import type { KvStore } from '../../adapters/kv/index.js';
import { refused } from '../../http/errors.js';

const WIDTH = 310;
const HEIGHT = 155;
/** Side of the piece's square body and radius of its bumps; the piece image is PIECE × PIECE. */
const SIDE = 42;
const BUMP = 9;
const PIECE = SIDE + BUMP * 2 + 3;
/** How far the dropped piece may be from the gap, in pixels. */
export const CAPTCHA_TOLERANCE = 5;
/** A drag shorter than this, or with fewer samples, is not a person's. */
const MIN_DRAG_MS = 200;
const MIN_SAMPLES = 5;
const PUZZLE_TTL_MS = 2 * 60_000;
/** The ticket /api/loginCode asks for: single use, short-lived. */
export const TICKET_TTL_MS = 2 * 60_000;

interface Answer {
  x: number;
  issuedAt: number;
}

function piecePath(ctx: SKRSContext2D, x: number, y: number): void {
  const PI = Math.PI;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.arc(x + SIDE / 2, y - BUMP + 2, BUMP, 0.72 * PI, 2.26 * PI);
  ctx.lineTo(x + SIDE, y);
  ctx.arc(x + SIDE + BUMP - 2, y + SIDE / 2, BUMP, 1.21 * PI, 2.78 * PI);
  ctx.lineTo(x + SIDE, y + SIDE);
  ctx.lineTo(x, y + SIDE);
  ctx.arc(x + BUMP - 2, y + SIDE / 2, BUMP + 0.4, 2.76 * PI, 1.24 * PI, true);
  ctx.lineTo(x, y);
  ctx.closePath();
}

function drawBackground(ctx: SKRSContext2D): void {
  const hue = randomInt(0, 360);
  const gradient = ctx.createLinearGradient(0, 0, WIDTH, HEIGHT);
  gradient.addColorStop(0, `hsl(${hue}, 55%, 62%)`);
  gradient.addColorStop(1, `hsl(${(hue + 120) % 360}, 55%, 48%)`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  for (let i = 0; i < 28; i += 1) {
    ctx.fillStyle = `hsla(${randomInt(0, 360)}, 70%, ${randomInt(35, 80)}%, 0.55)`;
    ctx.beginPath();
    ctx.arc(randomInt(0, WIDTH), randomInt(0, HEIGHT), randomInt(6, 34), 0, Math.PI * 2);
    ctx.fill();
  }
  for (let i = 0; i < 8; i += 1) {
    ctx.strokeStyle = `hsla(${randomInt(0, 360)}, 60%, 30%, 0.5)`;
    ctx.lineWidth = randomInt(1, 4);
    ctx.beginPath();
    ctx.moveTo(randomInt(0, WIDTH), randomInt(0, HEIGHT));
    ctx.lineTo(randomInt(0, WIDTH), randomInt(0, HEIGHT));
    ctx.stroke();
  }
}

function dataUrl(canvas: Canvas): string {
  return `data:image/png;base64,${canvas.toBuffer('image/png').toString('base64')}`;
}

/**
 * Draws a puzzle on the server: a background with a gap at a position only the server knows, and the piece
 * cut from it. The answer (the piece's left edge) stays in the KV store under the puzzle's id.
 */
export async function issuePuzzle(kv: KvStore, now = Date.now()): Promise<CaptchaPuzzle> {
  const gapX = randomInt(PIECE + 10, WIDTH - PIECE - 10);
  const gapY = randomInt(BUMP * 2 + 10, HEIGHT - PIECE - 5);
  const left = gapX - 3;
  const top = gapY - BUMP * 2 - 1;

  const background = createCanvas(WIDTH, HEIGHT);
  const bg = background.getContext('2d');
  drawBackground(bg);

  const pieceCanvas = createCanvas(PIECE, PIECE);
  const pc = pieceCanvas.getContext('2d');
  pc.translate(-left, -top);
  piecePath(pc, gapX, gapY);
  pc.save();
  pc.clip();
  pc.drawImage(background, 0, 0);
  pc.restore();
  pc.lineWidth = 2;
  pc.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  pc.stroke();

  piecePath(bg, gapX, gapY);
  bg.fillStyle = 'rgba(255, 255, 255, 0.75)';
  bg.fill();
  bg.lineWidth = 2;
  bg.strokeStyle = 'rgba(0, 0, 0, 0.35)';
  bg.stroke();

  const captchaId = randomBytes(16).toString('base64url');
  const answer: Answer = { x: left, issuedAt: now };
  await kv.set(`captcha:${captchaId}`, JSON.stringify(answer), PUZZLE_TTL_MS);
  return {
    captchaId,
    image: dataUrl(background),
    piece: dataUrl(pieceCanvas),
    width: WIDTH,
    height: HEIGHT,
    pieceSize: PIECE,
    y: top,
  };
}

/**
 * Checks a drop once (the answer is taken, so a puzzle allows one try): within the tolerance, dragged over
 * time by a hand (enough samples, not instantaneous, not longer than the puzzle has existed). Answers a
 * single-use ticket for /api/loginCode.
 */
export async function checkPuzzle(
  kv: KvStore,
  input: { captchaId: string; x: number; track: { x: number; t: number }[] },
  now = Date.now(),
): Promise<string> {
  const stored = await kv.take(`captcha:${input.captchaId}`);
  if (!stored) throw refused(AuthMsg.CAPTCHA_EXPIRED);
  const answer = JSON.parse(stored) as Answer;
  const { track } = input;
  const first = track[0];
  const last = track[track.length - 1];
  const duration = first && last ? last.t - first.t : 0;
  const human = track.length >= MIN_SAMPLES && duration >= MIN_DRAG_MS && duration <= now - answer.issuedAt;
  const placed = Math.abs(input.x - answer.x) <= CAPTCHA_TOLERANCE;
  if (!human || !placed) throw refused(AuthMsg.CAPTCHA_FAILED);
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
