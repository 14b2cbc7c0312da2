import { STORAGE_NAME } from '../../adapters/storage/index.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { bookStorage } from '../import/storage.js';
import * as q from './queries.js';

/** A stored book file by its generated name: only names the importer recorded are served. */
export async function loadAsset(ctx: AppContext, name: string): Promise<{ bytes: Buffer; mediaType: string }> {
  if (!STORAGE_NAME.test(name)) throw notFound();
  const asset = await q.findAsset(ctx.db, name);
  if (!asset) throw notFound();
  const bytes = await bookStorage(ctx.config).get(asset.name);
  if (!bytes) throw notFound();
  return { bytes, mediaType: asset.mediaType };
}
