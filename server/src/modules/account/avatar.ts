import { randomBytes } from 'node:crypto';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { AuthMsg } from '@textbook/contracts';
import { refused } from '../../http/errors.js';

export const AVATAR_ROUTE = '/api/avatar/';
const SIZE = 256;

/** The image type by its first bytes (the name and the declared type are not trusted). */
export function imageType(bytes: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** Checks the type by content, decodes, crops to a centred square and re-encodes as 256×256 WebP. */
export async function normalizeAvatar(bytes: Buffer): Promise<{ name: string; bytes: Buffer }> {
  if (!imageType(bytes)) throw refused(AuthMsg.AVATAR_TYPE);
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(bytes);
  } catch {
    throw refused(AuthMsg.AVATAR_TYPE);
  }
  const side = Math.min(image.width, image.height);
  if (!side) throw refused(AuthMsg.AVATAR_TYPE);
  const canvas = createCanvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, (image.width - side) / 2, (image.height - side) / 2, side, side, 0, 0, SIZE, SIZE);
  return { name: `${randomBytes(16).toString('hex')}.webp`, bytes: await canvas.encode('webp', 85) };
}

export function avatarName(url: string): string | null {
  return url.startsWith(AVATAR_ROUTE) ? url.slice(AVATAR_ROUTE.length) : null;
}
