import { ImportRefusal, refuse } from './errors.js';
import { pageLabels, planPdf, type PdfPlan } from './pdf-plan.js';
import { openPdf, readContent, renderCover } from './pdf-read.js';
import { loadForSplit, splitChapters } from './pdf-split.js';

/** The largest cover drawn from a PDF's first page, in pixels. */
const COVER_MAX_PIXELS = 1_200_000;
/** Pages a PDF book may have. */
export const PDF_MAX_PAGES = 5000;

export interface PdfBookInput {
  bytes: Uint8Array;
  /** The largest image pdf.js decodes (IMAGE_MAX_PIXELS); a bigger one is skipped, never decoded. */
  maxImagePixels: number;
}

/** A PDF read and cut into chapters: plain data for the main thread, which stores it (pdf-import.ts). */
export type PdfBookRead =
  | {
      ok: true;
      title: string;
      author: string;
      subject: string;
      pages: { label: string; width: number; height: number; text: string }[];
      plan: PdfPlan;
      /** One PDF document per chapter of the plan, holding only its pages. */
      documents: Uint8Array[];
    }
  | { ok: false; zh: string; en: string };

/**
 * Reads a PDF book in a worker thread (the pool's document thread: time and memory limits): pdf.js for the
 * text, outline and labels; pdf-lib to split it into per-chapter documents. A refusal comes back as data.
 */
export async function readPdfBook(input: PdfBookInput): Promise<PdfBookRead> {
  let doc;
  try {
    doc = await openPdf(input.bytes, input.maxImagePixels);
  } catch (err) {
    if (err instanceof ImportRefusal) return { ok: false, zh: err.zh, en: err.en };
    throw err;
  }
  try {
    if (doc.numPages < 1) throw refuse('该PDF文件没有页面，无法导入', 'The PDF has no pages.');
    if (doc.numPages > PDF_MAX_PAGES) {
      throw refuse(
        `该PDF文件有 ${doc.numPages} 页，超过 ${PDF_MAX_PAGES} 页的上限`,
        `The PDF has ${doc.numPages} pages, above the limit of ${PDF_MAX_PAGES}.`,
      );
    }
    const source = await loadForSplit(input.bytes);
    if (source.getPageCount() !== doc.numPages) {
      throw refuse(
        '该PDF文件的页面目录已损坏，无法拆分为章节，请检查后重新上传',
        `The PDF's page tree is damaged (${source.getPageCount()} pages found, ${doc.numPages} stated).`,
      );
    }
    const content = await readContent(doc);
    const labels = pageLabels(content.labels, content.pages.length);
    const plan = planPdf(content.outline, labels);
    const documents = await splitChapters(source, plan.chapters);
    return {
      ok: true,
      title: content.title,
      author: content.author,
      subject: content.subject,
      pages: content.pages.map((p, i) => ({ ...p, label: labels[i]! })),
      plan,
      documents,
    };
  } catch (err) {
    if (err instanceof ImportRefusal) return { ok: false, zh: err.zh, en: err.en };
    throw err;
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/**
 * The first page of a PDF drawn as a JPEG cover (a task of its own, with a short time limit: a page whose drawing
 * never ends, as a content cycle, costs the book only its drawn cover). Null when it cannot be drawn.
 */
export async function drawPdfCover(input: PdfBookInput): Promise<Uint8Array | null> {
  const doc = await openPdf(input.bytes, input.maxImagePixels).catch(() => null);
  if (!doc) return null;
  try {
    return await renderCover(doc, COVER_MAX_PIXELS);
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/** The importer's work for the worker threads (modules/tasks.ts lists it). */
export const importTasks = { pdfBook: readPdfBook, pdfCover: drawPdfCover };
