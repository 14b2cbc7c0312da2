import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterLayout } from '@textbook/contracts';
import { corpusAvailable, REPO_ROOT } from '../../../test/epub-corpus.js';
import { useTestApp } from '../../../test/helpers.js';
import { ASSET_ROUTE } from '../books/index.js';
import { wordsOf } from '../catalog/index.js';
import { ImportRefusal } from './errors.js';
import type { ImportResult } from './importer.js';
import { importPdf } from './pdf-import.js';

const PDF_CORPUS = path.resolve(REPO_ROOT, '..', 'shared', 'data', 'pdf');

/** Every .pdf of ../shared/data/pdf, relative to it, sorted. */
function pdfFiles(): string[] {
  return (fs.readdirSync(PDF_CORPUS, { recursive: true }) as string[]).filter((f) => f.endsWith('.pdf')).sort();
}

/** Files refused on purpose (MANIFEST.md's "../pdf/": encrypted), with the start of the plain-Chinese reason. */
const REFUSED: Record<string, string> = {
  'protected/empty_protected.pdf': '该PDF文件已加密',
  'protected/issue19484_1.pdf': '该PDF文件已加密',
};

/** Files whose outline is the table of contents (the others have none, or one entry for a long paper). */
const FROM_OUTLINE = new Set([
  'books/freeculture.pdf',
  'broken/empty.pdf',
  'structure/labelled_pages.pdf',
  'structure/nested_outline.pdf',
  'structure/outlines_se.pdf',
]);

/**
 * MANIFEST.md's "../pdf/" section: a valid PDF imports with its outline as the table of contents and its page
 * labels as page numbers, its text searchable; an encrypted or broken one is refused in plain words or imported
 * with what is recoverable, never crashing or stalling the importer. Every imported book is checked whole: each
 * page in one chapter, each chapter's stored document holding exactly its pages.
 */
const available = corpusAvailable() && (fs.existsSync(PDF_CORPUS) || process.env.CI === 'true');
describe.runIf(available)('PDF import over the shared corpus', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-corpus-'));
  const t = useTestApp({ dataDir });
  const files = available ? pdfFiles() : [];
  beforeAll(() => expect(files.length).toBeGreaterThanOrEqual(22));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const count = async (table: 'books' | 'book_chapters' | 'book_assets') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  it.each(files)(
    '%s: imports whole, or is refused in plain words',
    async (file) => {
      const before = [await count('books'), await count('book_chapters'), await count('book_assets')];
      let result: ImportResult | ImportRefusal;
      try {
        result = await importPdf(
          {
            db: t.ctx.db,
            dialect: t.ctx.dialect,
            storage: t.ctx.files.books,
            words: wordsOf(t.ctx),
            caches: t.ctx.caches,
            workers: t.ctx.workers,
          },
          new Uint8Array(fs.readFileSync(path.join(PDF_CORPUS, file))),
          { published: true, fileName: path.basename(file) },
        );
      } catch (err) {
        if (!(err instanceof ImportRefusal)) throw new Error(`${file} crashed the importer`, { cause: err });
        result = err;
      }
      if (file in REFUSED) {
        expect(result).toBeInstanceOf(ImportRefusal);
        expect((result as ImportRefusal).zh).toContain(REFUSED[file]);
        expect((result as ImportRefusal).en).toMatch(/^[\x20-\x7e]+$/);
        expect([await count('books'), await count('book_chapters'), await count('book_assets')]).toEqual(before);
        return;
      }
      expect(result, (result as Error).message).not.toBeInstanceOf(ImportRefusal);
      const r = result as ImportResult;
      expect(r.tocSource).toBe(FROM_OUTLINE.has(file) ? 'outline' : 'pages');

      const chapters = await t.ctx.db
        .selectFrom('book_chapters')
        .select(['id', 'text', 'html', 'layout'])
        .where('book_id', '=', r.bookId)
        .orderBy('seq')
        .execute();
      const pages = await t.ctx.db
        .selectFrom('book_pages')
        .select(['chapter_id', 'page_index', 'anchor', 'label'])
        .where('book_id', '=', r.bookId)
        .orderBy('seq')
        .execute();
      let total = 0;
      for (const ch of chapters) {
        const layout = chapterLayout.parse(JSON.parse(ch.layout));
        if (layout.kind !== 'pdf') throw new Error(`${file}: chapter ${ch.id} is not a PDF section`);
        const own = pages.filter((p) => p.chapter_id === ch.id);
        expect(own.map((p) => [p.page_index, p.anchor, p.label])).toEqual(
          layout.pages.map((p, i) => [i, `pdf-page-${i}`, p.label]),
        );
        // Offsets: each page's text starts after the previous page's and a '\n'.
        layout.pages.forEach((p, i) => {
          if (i === 0) expect(p.textStart).toBe(0);
          else expect(ch.text[p.textStart - 1]).toBe('\n');
          expect(ch.html).toContain(`<section class="pdf-page" id="pdf-page-${i}"`);
        });
        expect(layout.file.startsWith(ASSET_ROUTE)).toBe(true);
        const stored = await t.ctx.files.books.get(layout.file.slice(ASSET_ROUTE.length));
        expect(stored).not.toBeNull();
        expect((await PDFDocument.load(stored!)).getPageCount()).toBe(layout.pages.length);
        total += layout.pages.length;
      }
      expect(total).toBe(pages.length);
      const sections = await t.ctx.db
        .selectFrom('book_sections')
        .select(['chapter_id', 'anchor'])
        .where('book_id', '=', r.bookId)
        .execute();
      expect(sections.length).toBeGreaterThan(0);
      for (const s of sections) {
        if (s.chapter_id === null) continue;
        const size = pages.filter((p) => p.chapter_id === s.chapter_id).length;
        expect(size).toBeGreaterThan(0);
        const at = /^pdf-page-(\d+)$/.exec(s.anchor);
        if (at) expect(Number(at[1])).toBeLessThan(size);
        else expect(s.anchor).toBe('');
      }
    },
    180_000,
  );
});
