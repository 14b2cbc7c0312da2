import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SiteMsg } from '@textbook/contracts';
import type { Config } from '../../config.js';
import { STORAGE_NAME, type Storage } from '../../adapters/storage/index.js';
import { LocalStorage } from '../../adapters/storage/local.js';
import { notFound, refused } from '../../http/errors.js';
import { checkImagePixels } from '../../http/image-size.js';

const byRoot = new Map<string, Storage>();

/** Site images (content pictures, feedback screenshots): a folder under dataDir in the embedded profile. */
export function siteStorage(config: Pick<Config, 'dataDir'>): Storage {
  const root = path.join(config.dataDir, 'site-files');
  let storage = byRoot.get(root);
  if (!storage) {
    storage = new LocalStorage(root);
    byRoot.set(root, storage);
  }
  return storage;
}

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
export async function storeImage(
  config: Pick<Config, 'dataDir' | 'imageMaxPixels'>,
  bytes: Uint8Array,
): Promise<string> {
  const type = TYPES.find((t) => t.magic(bytes));
  if (!type) throw refused(SiteMsg.IMAGE_REQUIRED);
  // Browsers decode what is stored here: a header declaring a huge canvas is refused, an unreadable one too.
  if (!checkImagePixels(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), config.imageMaxPixels)) {
    throw refused(SiteMsg.IMAGE_REQUIRED);
  }
  const name = `${randomUUID()}.${type.ext}`;
  await siteStorage(config).put(name, bytes);
  return IMAGE_ROUTE + name;
}

export async function loadImage(
  config: Pick<Config, 'dataDir'>,
  name: string,
): Promise<{ bytes: Buffer; mediaType: string }> {
  if (!STORAGE_NAME.test(name)) throw notFound();
  const type = TYPES.find((t) => name.endsWith(`.${t.ext}`));
  if (!type) throw notFound();
  const bytes = await siteStorage(config).get(name);
  if (!bytes) throw notFound();
  return { bytes, mediaType: type.mediaType };
}
