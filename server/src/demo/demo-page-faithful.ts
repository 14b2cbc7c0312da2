import { importEpub, type ImportDeps } from '../modules/import/index.js';
import { writeFixedLayoutEpub } from './demo-fixed-layout.js';

/**
 * The demo's page-faithful books (issue 32), imported through the real pipeline like the others: 微积分图解, a
 * fixed-layout EPUB (demo-fixed-layout.ts).
 */
export async function seedPageFaithfulBooks(
  deps: ImportDeps,
  ids: { subjectIds: Map<string, number>; collectionIds: Map<string, number> },
): Promise<Map<string, number>> {
  const bookIds = new Map<string, number>();
  const fixed = await importEpub(deps, writeFixedLayoutEpub(), {
    subjectId: ids.subjectIds.get('数学') ?? null,
    collectionId: ids.collectionIds.get('普通高等教育规划教材') ?? null,
    published: true,
    price: 2800,
    freeChapters: 3,
    fileName: 'gdsx-tujie.epub',
  });
  bookIds.set('gdsx-tujie', fixed.bookId);
  return bookIds;
}
