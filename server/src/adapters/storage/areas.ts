import path from 'node:path';
import type { Config } from '../../config.js';
import { AREA_FOLDERS, type FileAreas } from './index.js';
import { LocalStorage } from './local.js';
import { parseS3Url, s3Client, S3Storage } from './s3.js';

export interface OpenedAreas {
  files: FileAreas;
  /** Releases the object-storage client (nothing for folders). */
  close(): void;
}

/**
 * The platform's file areas: folders under DATA_DIR (embedded profile), or key prefixes of the bucket named by
 * STORAGE_URL (scale profile: every instance reads what any instance wrote). A bad STORAGE_URL throws here, at
 * start-up.
 */
export function openFileAreas(config: Pick<Config, 'dataDir'> & { storage?: Config['storage'] }): OpenedAreas {
  const storage = config.storage;
  const areas = Object.keys(AREA_FOLDERS) as (keyof FileAreas)[];
  if (!storage?.url) {
    const files = Object.fromEntries(
      areas.map((area) => [area, new LocalStorage(path.join(config.dataDir, AREA_FOLDERS[area]))]),
    ) as unknown as FileAreas;
    return { files, close: () => undefined };
  }
  const location = parseS3Url(storage.url);
  const credentials =
    storage.accessKeyId && storage.secretAccessKey
      ? { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey }
      : undefined;
  const client = s3Client(location, credentials);
  const files = Object.fromEntries(
    areas.map((area) => [area, new S3Storage(client, location.bucket, `${location.prefix}${AREA_FOLDERS[area]}/`)]),
  ) as unknown as FileAreas;
  return { files, close: () => client.destroy() };
}
