import { randomInt } from 'node:crypto';
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

export const WIDTH = 310;
export const HEIGHT = 155;
/** Side of the piece's square body and radius of its bumps; the piece image is PIECE × PIECE. */
const SIDE = 42;
export const BUMP = 9;
export const PIECE = SIDE + BUMP * 2 + 3;

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
 * Draws the puzzle (runs in a worker thread): a background with a gap at (gapX, gapY), and the piece cut from it
 * whose top-left corner is (left, top).
 */
export async function drawPuzzle(input: { gapX: number; gapY: number; left: number; top: number }) {
  const { gapX, gapY, left, top } = input;
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
  return { image: dataUrl(background), piece: dataUrl(pieceCanvas) };
}
