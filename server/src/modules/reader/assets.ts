import { STORAGE_NAME } from '../../adapters/storage/index.js';
import type { Actor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { bookReadVerdict, type ReadGrant } from '../../policies/books.js';
import { explainRefusal, grantsOf } from '../shelf/index.js';
import * as q from './queries.js';

/** What the `book.asset` policy decides on: whether the file is public, else the book's read facts. */
export interface AssetFacts {
  name: string;
  mediaType: string;
  public: boolean;
  bookPublished: boolean;
  grants: ReadGrant[];
}

/**
 * The facts of a stored book file by its generated name (only names the importer recorded; 404 otherwise).
 * Public: a published book's cover; files referenced by a free-preview chapter; stylesheets and fonts of a book
 * with a free chapter. A refusal the spec answers with 404 (unpublished) or 502 (another college's entry) is
 * thrown here; the policy's own refusal is the corridor's 401/403.
 */
export async function assetFacts(ctx: AppContext, actor: Actor, name: string): Promise<AssetFacts> {
  if (!STORAGE_NAME.test(name)) throw notFound();
  const asset = await q.findAsset(ctx.db, name);
  const owner = asset && (await q.assetOwner(ctx.db, name));
  if (!asset || !owner) throw notFound();
  const published = Boolean(owner.published);
  let isPublic = false;
  if (published) {
    const presentation = asset.mediaType === 'text/css' || /font|opentype/.test(asset.mediaType);
    isPublic = owner.cover === name || (await q.freeChapterUses(ctx.db, owner.bookId, presentation ? null : name));
  }
  const facts = {
    name,
    mediaType: asset.mediaType,
    public: isPublic,
    bookPublished: published,
    grants: [] as ReadGrant[],
  };
  if (isPublic) return facts;
  facts.grants = await grantsOf(ctx, actor, owner.bookId);
  await explainRefusal(ctx, bookReadVerdict(actor, facts));
  return facts;
}
