import type { Config } from '../../config.js';
import type { Storage } from '../../adapters/storage/index.js';
import { openFileAreas } from '../../adapters/storage/areas.js';

/**
 * The place of the imported book files (covers, chapter images, stylesheets, fonts) and their addresses. A leaf:
 * it imports no other module, so catalog, import, shelf and reader all name files the same way without
 * importing each other. Inside the app the files are `ctx.files.books` (built once in buildApp); the route that
 * serves them, behind the read decision, is the reader's (`GET /api/book/asset/:name`).
 */

/**
 * The book-file storage outside an app (the import CLI, the seed, benches): the folder under dataDir, or the
 * bucket's book area with STORAGE_URL. Its client's idle connections do not keep a process alive.
 */
export function bookStorage(config: Pick<Config, 'dataDir'> & { storage?: Config['storage'] }): Storage {
  return openFileAreas(config).files.books;
}

export const ASSET_ROUTE = '/api/book/asset/';
export const assetUrl = (name: string): string => `${ASSET_ROUTE}${name}`;
export const coverUrl = (name: string): string => (name ? assetUrl(name) : '');
