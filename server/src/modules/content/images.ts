import { randomUUID } from 'node:crypto';
import { SiteMsg } from '@textbook/contracts';
import { STORAGE_NAME } from '../../adapters/storage/index.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { checkImagePixels } from '../../http/image-size.js';

/*
 * Site images (content pictures, feedback screenshots) live in the storage adapter's `site` area
 * (`ctx.files.site`: a folder under DATA_DIR in the embedded profile).
 */

export const IMAGE_ROUTE = '/api/site/image/';

const TYPES: { ext: string; mediaType: string; magic: (b: Uint8Array) => boolean }[] = [
  {
    ext: 'png',
    mediaType: 'image/png',
    magic: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  },
  { ext: 'jpg', mediaType: 'image/jpeg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: 'gif',
    mediaType: 'image/gif',
    magic: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38,
  },
  {
    ext: 'webp',
    mediaType: 'image/webp',
    magic: (b) =>
      b[0] === 0x52 &&
      b[1] === 0x49 &&
      b[2] === 0x46 &&
      b[3] === 0x46 &&
      b[8] === 0x57 &&
      b[9] === 0x45 &&
      b[10] === 0x42,
  },
];

/** Stores an uploaded image under a generated name; the type is read from its bytes, never from its name. */
export async function storeImage(ctx: Pick<AppContext, 'files' | 'config'>, bytes: Uint8Array): Promise<string> {
  const type = TYPES.find((t) => t.magic(bytes));
  if (!type) throw refused(SiteMsg.IMAGE_REQUIRED);
  // Browsers decode what is stored here: a header declaring a huge canvas is refused, an unreadable one too.
  if (!checkImagePixels(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), ctx.config.imageMaxPixels)) {
    throw refused(SiteMsg.IMAGE_REQUIRED);
  }
  const name = `${randomUUID()}.${type.ext}`;
  await ctx.files.site.put(name, bytes);
  return IMAGE_ROUTE + name;
}

/** The media type of a stored image's name (404 for a name no upload could have made). */
export function imageType(name: string): string {
  if (!STORAGE_NAME.test(name)) throw notFound();
  const type = TYPES.find((t) => name.endsWith(`.${t.ext}`));
  if (!type) throw notFound();
  return type.mediaType;
}
