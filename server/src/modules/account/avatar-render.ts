import { createCanvas, loadImage } from '@napi-rs/canvas';
import { AuthMsg } from '@textbook/contracts';
import { refused } from '../../http/errors.js';

const SIZE = 256;

/**
 * Decodes an avatar, crops it to a centred square and re-encodes it as 256×256 WebP (runs in a worker thread;
 * the caller has already refused a header declaring too many pixels).
 */
export async function renderAvatar(bytes: Uint8Array): Promise<Buffer> {
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw refused(AuthMsg.AVATAR_TYPE);
  }
  const side = Math.min(image.width, image.height);
  if (!side) throw refused(AuthMsg.AVATAR_TYPE);
  const canvas = createCanvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, (image.width - side) / 2, (image.height - side) / 2, side, side, 0, 0, SIZE, SIZE);
  return canvas.encode('webp', 85);
}
