import { STORAGE_NAME } from '../../adapters/storage/index.js';
import type { Actor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { bookStorage } from '../import/storage.js';
import { assertAssetReadable } from '../shelf/access.js';
import * as q from './queries.js';

/** A stored book file by its generated name: only names the importer recorded, to those who may read them. */
export async function loadAsset(
  ctx: AppContext,
  actor: Actor,
  name: string,
): Promise<{ bytes: Buffer; mediaType: string; shared: boolean }> {
  if (!STORAGE_NAME.test(name)) throw notFound();
  const asset = await q.findAsset(ctx.db, name);
  if (!asset) throw notFound();
  const { shared } = await assertAssetReadable(ctx, actor, name, asset.mediaType);
  const bytes = await bookStorage(ctx.config).get(asset.name);
  if (!bytes) throw notFound();
  return { bytes, mediaType: asset.mediaType, shared };
}
