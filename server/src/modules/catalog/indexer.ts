import type { Db, Dialect } from '../../db/connection.js';
import { loadIndexSource, writeSearchDocument } from './index-queries.js';
import { searchDocument } from './search-text.js';
import type { Words } from './words.js';

/** Rebuilds one book's entry in the search index (after import or a metadata edit). */
export async function reindexBook(db: Db, dialect: Dialect, bookId: number, words: Words): Promise<void> {
  const source = await loadIndexSource(db, bookId);
  if (source) await writeSearchDocument(db, dialect, bookId, searchDocument(source, words));
}
