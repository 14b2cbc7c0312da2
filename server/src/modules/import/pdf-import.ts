import { createHash, randomUUID } from 'node:crypto';
import { chapterLayout } from '@textbook/contracts';
import { AppError } from '../../http/errors.js';
import { TaskOverrun } from '../../adapters/workers/pool.js';
import { invalidate, tag } from '../../http/read-cache.js';
import { assetUrl } from '../books/index.js';
import { clearCatalogCache, coverSvg, reindexBook, titlePinyin, Words } from '../catalog/index.js';
import { refuse } from './errors.js';
import {
  DEFAULT_IMAGE_MAX_PIXELS,
  insertSections,
  saveBookRow,
  type BookFields,
  type ImportDeps,
  type ImportOptions,
  type ImportResult,
} from './importer.js';
import * as q from './queries.js';
import { countSections } from './sections.js';
import type { PdfBookRead } from './tasks.js';

/** A PDF file: its header (`%PDF-`) within the first 1024 bytes, as readers accept it. */
export function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024));
  return head.includes('%PDF-');
}

const READ_TIMEOUT_MS = 120_000;
const COVER_TIMEOUT_MS = 15_000;

/** The worker's reading of the PDF; a thread stopped past its limits, or a crash in it, is a refusal. */
async function readInWorker(deps: ImportDeps, bytes: Uint8Array, maxImagePixels: number) {
  if (!deps.workers) throw new Error('PDF import needs the worker threads (deps.workers)');
  let read: PdfBookRead;
  try {
    read = await deps.workers.run('pdfBook', { bytes, maxImagePixels }, READ_TIMEOUT_MS);
  } catch (err) {
    if (err instanceof TaskOverrun && err.reason === 'time') {
      throw refuse(
        '该PDF文件过于复杂，无法在限定时间内读取，请检查后重新上传',
        'The PDF could not be read within the time limit: it is damaged or too complex.',
      );
    }
    if (err instanceof TaskOverrun) {
      throw refuse(
        '该PDF文件过于复杂，读取时超出内存上限，请检查后重新上传',
        'Reading the PDF went past the memory limit: it is damaged or too complex.',
      );
    }
    if (err instanceof AppError && err.status === 503) {
      throw refuse(`${err.message}（导入未开始）`, 'The server is busy: try again later.');
    }
    const why = err instanceof Error ? err.message : String(err);
    throw refuse(
      `该PDF文件已损坏，无法读取（${why.slice(0, 120)}），请检查后重新上传`,
      `The PDF is damaged and cannot be read (${why.slice(0, 200)}).`,
    );
  }
  if (!read.ok) throw refuse(read.zh, read.en);
  return read;
}

/** An author from the info dictionary, unless it is a producing program's noise ("ARRAY(0x…)"). */
const authorOf = (author: string) => (/^(ARRAY|HASH)\(0x[0-9a-f]+\)$/i.test(author) ? '' : author.slice(0, 500));

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A section's plain text version: one `<section>` per page (its anchor and label), a paragraph per line. */
function chapterHtml(pages: { label: string; text: string }[]): string {
  return pages
    .map((p, i) => {
      const lines = p.text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .map((l) => `<p>${escapeHtml(l)}</p>`)
        .join('');
      return `<section class="pdf-page" id="pdf-page-${i}" data-label="${escapeHtml(p.label)}">${lines}</section>`;
    })
    .join('\n');
}

/**
 * Imports a PDF as one transaction (as importEpub does: a refused import leaves nothing behind). It is read and
 * split in a worker thread with time and memory limits; each chapter's pages are stored as a document of their
 * own, so a chapter's reader is sent only that chapter's pages ([0069](docs/decisions/0069-pdf-import.md)).
 */
export async function importPdf(
  deps: ImportDeps,
  bytes: Uint8Array,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const progress = async (p: number) => options.onProgress?.(p);
  const words = deps.words ?? new Words();
  const maxImagePixels = deps.imageMaxPixels ?? DEFAULT_IMAGE_MAX_PIXELS;
  await progress(5);
  const read = await readInWorker(deps, bytes, maxImagePixels);
  await progress(50);
  const title = (read.title || options.fileName?.replace(/\.pdf$/i, '') || '未命名图书').slice(0, 300);
  const authors = authorOf(read.author);
  const cover = await deps
    .workers!.run('pdfCover', { bytes: read.documents[0]!, maxImagePixels }, COVER_TIMEOUT_MS)
    .catch(() => null);

  const files: { path: string; name: string; mediaType: string; bytes: Uint8Array }[] = read.documents.map(
    (doc, seq) => ({
      path: `sections/${seq + 1}.pdf`,
      name: `${randomUUID()}.pdf`,
      mediaType: 'application/pdf',
      bytes: doc,
    }),
  );
  const coverFile = cover
    ? { path: 'cover.jpg', name: `${randomUUID()}.jpg`, mediaType: 'image/jpeg', bytes: new Uint8Array(cover) }
    : {
        path: '',
        name: `${randomUUID()}.svg`,
        mediaType: 'image/svg+xml',
        bytes: new TextEncoder().encode(coverSvg(title, authors)),
      };
  files.push(coverFile);

  const stored: string[] = [];
  try {
    for (const file of files) {
      await deps.storage.put(file.name, file.bytes);
      stored.push(file.name);
    }
    await progress(70);
    let oldNames: string[] = [];
    const result = await deps.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const identifier = `urn:sha256:${createHash('sha256').update(bytes).digest('hex')}`;
      const { full, initials } = titlePinyin(title);
      const fields: BookFields = {
        title,
        title_pinyin: full.slice(0, 2000),
        title_initials: initials.slice(0, 300),
        cover: coverFile.name,
        authors,
        publisher: '',
        isbn: '',
        language: '',
        pub_year: null,
        direction: '',
        title_dir: '',
        authors_dir: '',
        flow: '',
        format: 'pdf',
        layout: 'pre-paginated',
        spread: '',
        orientation: '',
        toc_source: read.plan.tocSource,
        updated_at: now,
      };
      const saved = await saveBookRow(
        trx,
        options,
        { fields, identifier, description: read.subject, now },
        files.map((f) => ({ path: f.path, name: f.name, mediaType: f.mediaType, size: f.bytes.length })),
      );
      const { bookId, edition } = saved;
      oldNames = saved.oldNames;

      const free = options.freeChapters ?? 1;
      const chapterIds: number[] = [];
      const pages: { label: string; chapterId: number; anchor: string; pageIndex: number }[] = [];
      for (const [seq, chapter] of read.plan.chapters.entries()) {
        const own = read.pages.slice(chapter.start, chapter.end + 1);
        let textStart = 0;
        const layoutPages = own.map((p) => {
          const page = { label: p.label, width: p.width, height: p.height, textStart };
          textStart += p.text.length + 1;
          return page;
        });
        const layout = chapterLayout.parse({ kind: 'pdf', file: assetUrl(files[seq]!.name), pages: layoutPages });
        const id = await q.insertChapter(trx, {
          book_id: bookId,
          seq,
          path: files[seq]!.path,
          title: chapter.title.slice(0, 300),
          html: chapterHtml(own),
          text: own.map((p) => p.text).join('\n'),
          styles: '[]',
          css: '',
          linear: 1,
          free: seq < free ? 1 : 0,
          layout: JSON.stringify(layout),
        });
        chapterIds.push(id);
        own.forEach((p, i) => pages.push({ label: p.label, chapterId: id, anchor: `pdf-page-${i}`, pageIndex: i }));
      }
      await q.insertPages(trx, bookId, pages);
      await insertSections(trx, bookId, read.plan.sections, chapterIds);
      await reindexBook(trx, deps.dialect, bookId, words);
      return {
        bookId,
        created: saved.created,
        edition,
        title,
        chapters: read.plan.chapters.length,
        sections: countSections(read.plan.sections),
        tocSource: read.plan.tocSource,
        assets: files.length,
        pages: pages.length,
      };
    });
    if (deps.caches) clearCatalogCache({ caches: deps.caches });
    if (deps.caches) invalidate({ caches: deps.caches }, tag.book(result.bookId));
    for (const name of oldNames) await deps.storage.delete(name).catch(() => undefined);
    await progress(100);
    return result;
  } catch (err) {
    for (const name of stored) await deps.storage.delete(name).catch(() => undefined);
    throw err;
  }
}
