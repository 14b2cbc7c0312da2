import path from 'node:path';
import type { Config } from '../../config.js';
import type { Storage } from '../../adapters/storage/index.js';
import { LocalStorage } from '../../adapters/storage/local.js';

/**
 * The place of the imported book files (covers, chapter images, stylesheets, fonts) and their addresses. A leaf:
 * it imports no other module, so catalog, import, shelf and reader all name files the same way without
 * importing each other. Inside the app the files are `ctx.files.books` (built once in buildApp); the route that
 * serves them, behind the read decision, is the reader's (`GET /api/book/asset/:name`).
 */

/** The book-file storage outside an app (the import CLI, the seed, benches): a folder under dataDir. */
export function bookStorage(config: Pick<Config, 'dataDir'>): Storage {
  return new LocalStorage(path.join(config.dataDir, 'files'));
}

export const ASSET_ROUTE = '/api/book/asset/';
export const assetUrl = (name: string): string => `${ASSET_ROUTE}${name}`;
export const coverUrl = (name: string): string => (name ? assetUrl(name) : '');
