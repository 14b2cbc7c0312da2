import { randomBytes } from 'node:crypto';
import { AuthMsg } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { refused } from '../../http/errors.js';
import { checkImagePixels } from '../../http/image-size.js';

export const AVATAR_ROUTE = '/api/avatar/';

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

/**
 * Checks the type by content and the declared size from the header (before anything decodes it), then decodes,
 * crops and re-encodes in a worker thread (`avatar-render.ts`).
 */
export async function normalizeAvatar(
  workers: AppContext['workers'],
  bytes: Buffer,
  maxPixels: number,
): Promise<{ name: string; bytes: Buffer }> {
  if (!imageType(bytes)) throw refused(AuthMsg.AVATAR_TYPE);
  if (!checkImagePixels(bytes, maxPixels)) throw refused(AuthMsg.AVATAR_TYPE);
  const webp = await workers.run('avatar', bytes);
  return { name: `${randomBytes(16).toString('hex')}.webp`, bytes: webp };
}

export function avatarName(url: string): string | null {
  return url.startsWith(AVATAR_ROUTE) ? url.slice(AVATAR_ROUTE.length) : null;
}
