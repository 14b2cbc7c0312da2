import { Code, Msg } from '@textbook/contracts';
import { AppError } from './errors.js';

export interface ImageSize {
  width: number;
  height: number;
}

function png(b: Buffer): ImageSize | null {
  // Signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageSize | null {
  if (b.length < 10) return null;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function webp(b: Buffer): ImageSize | null {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return null;
}

function jpeg(b: Buffer): ImageSize | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Start of frame (baseline, progressive, lossless, arithmetic): height then width, big-endian.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return null;
    at += 2 + b.readUInt16BE(at + 2);
  }
  return null;
}

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

/** An image's type by its first bytes (never by the name a browser sent); null when it is none of these. */
export function imageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x89 && bytes.toString('latin1', 1, 4) === 'PNG') return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  if (bytes.toString('latin1', 0, 4) === 'GIF8') return 'gif';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const READERS: Record<ImageKind, (b: Buffer) => ImageSize | null> = { png, jpeg, gif, webp };

/** An image's dimensions read from its header (PNG, JPEG, GIF, WebP), without decoding it; null when unreadable. */
export function imageSize(bytes: Buffer): ImageSize | null {
  const kind = imageKind(bytes);
  return kind ? READERS[kind](bytes) : null;
}

/**
 * Refuses an image whose header declares more than `maxPixels` pixels (413), before anything decodes it: a small
 * file can declare a huge canvas (a 1.5 MB PNG of 40000×40000 took 3.2 GB to decode). Answers the size, or null
 * when the header cannot be read (the caller then refuses the type).
 */
export function checkImagePixels(bytes: Buffer, maxPixels: number): ImageSize | null {
  const size = imageSize(bytes);
  if (size && size.width * size.height > maxPixels) {
    throw new AppError('too_many_pixels', Code.REFUSED, 413, Msg.IMAGE_TOO_MANY_PIXELS(Math.floor(maxPixels / 1e6)));
  }
  return size;
}
