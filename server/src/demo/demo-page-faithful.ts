import { importBook, type ImportDeps } from '../modules/import/index.js';
import { cjkFont } from '../modules/reader/index.js';
import { demoBooks, demoSource } from './demo-books.js';
import { writeFixedLayoutEpub } from './demo-fixed-layout.js';
import { demoPdf } from './demo-pdf.js';
import { startWorkers } from '../workers.js';

/**
 * The demo's page-faithful books (issue 32), imported through the real pipeline like the others: 微积分图解, a
 * fixed-layout EPUB (demo-fixed-layout.ts), and 大学语文's print edition as a PDF (demo-pdf.ts; set with the
 * machine's CJK font — without one, `npm run` says so and the catalogue has no PDF book).
 */
export async function seedPageFaithfulBooks(
  deps: ImportDeps,
  ids: { subjectIds: Map<string, number>; collectionIds: Map<string, number> },
): Promise<Map<string, number>> {
  // A PDF is read in a worker thread: the app's when the seed runs in one, else a thread of the seed's own.
  const own = deps.workers ? null : startWorkers({ threads: 1, queue: 4, dictionaryAtStart: false });
  try {
    const bookIds = await seedBooks({ ...deps, workers: deps.workers ?? own! }, ids);
    await publishedEarlier(deps, bookIds, Date.now());
    return bookIds;
  } finally {
    await own?.close();
  }
}

async function seedBooks(
  deps: ImportDeps,
  ids: { subjectIds: Map<string, number>; collectionIds: Map<string, number> },
): Promise<Map<string, number>> {
  const bookIds = new Map<string, number>();
  const fixed = await importBook(deps, writeFixedLayoutEpub(), {
    subjectId: ids.subjectIds.get('数学') ?? null,
    collectionId: ids.collectionIds.get('普通高等教育规划教材') ?? null,
    published: true,
    price: 2800,
    freeChapters: 3,
    fileName: 'wjf-tujie.epub',
  });
  bookIds.set('wjf-tujie', fixed.bookId);

  const font = cjkFont();
  const source = demoBooks.find((b) => b.key === 'dxyw')!;
  if (!font) {
    console.warn('[demo] no CJK font (fonts-noto-cjk): the demo PDF textbook is left out');
    return bookIds;
  }
  const pdf = await importBook(
    deps,
    await demoPdf({ ...demoSource(source), title: `${source.title}（印刷版 PDF）`, year: source.year }, font),
    {
      subjectId: ids.subjectIds.get(source.subject) ?? null,
      collectionId: ids.collectionIds.get(source.collection) ?? null,
      published: true,
      price: source.price,
      freeChapters: 1,
      description: `${source.description}（印刷版式，保留原书页码）`,
      fileName: 'dxyw-print.pdf',
    },
  );
  bookIds.set('dxyw-pdf', pdf.bookId);
  return bookIds;
}

/** Published before the other demo books (which are spread over the last weeks), so the newest stay theirs. */
async function publishedEarlier(deps: ImportDeps, bookIds: Map<string, number>, now: number): Promise<void> {
  for (const [i, id] of [...bookIds.values()].entries()) {
    await deps.db
      .updateTable('books')
      .set({ published_at: now - (60 + i) * 86_400_000 })
      .where('id', '=', id)
      .execute();
  }
}
