import path from 'node:path';
import type { Config } from '../../config.js';
import type { Storage } from '../../adapters/storage/index.js';
import { LocalStorage } from '../../adapters/storage/local.js';

const byRoot = new Map<string, Storage>();

/** The book-file storage of this configuration (a folder under dataDir in the embedded profile). */
export function bookStorage(config: Pick<Config, 'dataDir'>): Storage {
  const root = path.join(config.dataDir, 'files');
  let storage = byRoot.get(root);
  if (!storage) {
    storage = new LocalStorage(root);
    byRoot.set(root, storage);
  }
  return storage;
}

export const ASSET_ROUTE = '/api/book/asset/';
export const assetUrl = (name: string): string => `${ASSET_ROUTE}${name}`;
export const coverUrl = (name: string): string => (name ? assetUrl(name) : '');
