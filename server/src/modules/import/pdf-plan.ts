import type { SectionDraft } from './sections.js';

/** An outline entry of a PDF with the page (from 0) its destination resolves to; null when it points nowhere. */
export interface PdfOutlineNode {
  title: string;
  page: number | null;
  children: PdfOutlineNode[];
}

/** A chapter of a PDF book: the pages [start, end] (from 0, inclusive) that its own split document holds. */
export interface PdfChapterPlan {
  title: string;
  start: number;
  end: number;
}

export interface PdfPlan {
  chapters: PdfChapterPlan[];
  sections: SectionDraft[];
  /** books.toc_source (varchar(10)): the PDF's outline, or sections of ten pages named by their labels. */
  tocSource: 'outline' | 'pages';
}

/** Pages per chapter when the PDF has no usable outline. */
export const PAGES_PER_CHAPTER = 10;

/** A page range named by its labels: 第 1–10 页 for numbers, "i–x" for other labels. */
export function rangeName(labels: string[], start: number, end: number): string {
  const a = labels[start] ?? String(start + 1);
  const b = labels[end] ?? String(end + 1);
  const numeric = /^\d+$/.test(a) && /^\d+$/.test(b);
  if (start === end) return numeric ? `第 ${a} 页` : a;
  return numeric ? `第 ${a}–${b} 页` : `${a}–${b}`;
}

/**
 * The print labels of a PDF's pages: pdf.js's page labels when there is one per page (a broken PageLabels tree
 * gives none or too few), else "1", "2", … Empty labels become the page's number.
 */
export function pageLabels(labels: unknown, pageCount: number): string[] {
  const usable = Array.isArray(labels) && labels.length === pageCount;
  return Array.from({ length: pageCount }, (_v, i) => {
    const label = usable ? labels[i] : null;
    return typeof label === 'string' && label.trim() ? label.trim().slice(0, 40) : String(i + 1);
  });
}

/**
 * The outline level whose entries become chapters: the top level, or, when the top level is one entry that
 * holds the whole book (a root named after the book, with the chapters below it), the first level with more
 * than one entry that points somewhere.
 */
function chapterLevel(outline: PdfOutlineNode[]): PdfOutlineNode[] {
  let level = outline;
  while (level.length === 1 && level[0]!.children.some((c) => c.page !== null)) level = level[0]!.children;
  return level;
}

/**
 * How a PDF book is cut into chapters and what its table of contents says. Each entry of the chapter level (see
 * `chapterLevel`) starts a chapter that runs to the next one's page; pages before the first entry form a chapter
 * of their own named by their labels. Without a usable outline, one chapter per PAGES_PER_CHAPTER pages. Every
 * page belongs to exactly one chapter. Deeper entries become sections pointing into their chapter at
 * `pdf-page-<index in the chapter's document>`.
 */
export function planPdf(outline: PdfOutlineNode[], labels: string[]): PdfPlan {
  const pageCount = labels.length;
  const level = chapterLevel(outline);
  const starts = [
    ...new Set(level.map((e) => e.page).filter((p): p is number => p !== null && p >= 0 && p < pageCount)),
  ].sort((a, b) => a - b);
  if (!starts.length || pageCount === 0) return byPages(labels);

  const titleAt = new Map<number, string>();
  for (const e of level) if (e.page !== null && !titleAt.has(e.page)) titleAt.set(e.page, e.title);
  let chapters: PdfChapterPlan[] = [];
  if (starts[0]! > 0) chapters.push({ title: rangeName(labels, 0, starts[0]! - 1), start: 0, end: starts[0]! - 1 });
  starts.forEach((start, i) => {
    const end = (starts[i + 1] ?? pageCount) - 1;
    chapters.push({ title: titleAt.get(start) || rangeName(labels, start, end), start, end });
  });
  // An outline of one entry for a whole long book would make the free preview the whole book: pages instead, the
  // outline's entries pointing into them.
  const chunked = chapters.length === 1 && pageCount > PAGES_PER_CHAPTER;
  if (chunked) chapters = byPages(labels).chapters;

  const chapterOf = (page: number) => chapters.findIndex((c) => page >= c.start && page <= c.end);
  const chapterEntries = new Set(level);
  const toDraft = (e: PdfOutlineNode): SectionDraft => {
    const seq = e.page !== null && e.page >= 0 && e.page < pageCount ? chapterOf(e.page) : -1;
    const startsChapter = seq >= 0 && (chunked || chapterEntries.has(e)) && chapters[seq]!.start === e.page;
    return {
      title: e.title.trim() || (seq >= 0 ? chapters[seq]!.title : '') || '（无标题）',
      chapterSeq: seq >= 0 ? seq : null,
      anchor: seq < 0 || startsChapter ? '' : `pdf-page-${e.page! - chapters[seq]!.start}`,
      children: e.children.map(toDraft),
    };
  };
  const sections = outline.map(toDraft);
  if (chunked) {
    // The contents name the page ranges; the outline's entries go under the range they point into.
    const ranges: SectionDraft[] = chapters.map((c, seq) => ({
      title: c.title,
      chapterSeq: seq,
      anchor: '',
      children: sections.filter((d) => d.chapterSeq === seq),
    }));
    return {
      chapters,
      sections: [...ranges, ...sections.filter((d) => d.chapterSeq === null)],
      tocSource: 'pages',
    };
  }
  if (!chunked && starts[0]! > 0) {
    sections.unshift({ title: chapters[0]!.title, chapterSeq: 0, anchor: '', children: [] });
  }
  return { chapters, sections, tocSource: 'outline' };
}

function byPages(labels: string[]): PdfPlan {
  const chapters: PdfChapterPlan[] = [];
  for (let start = 0; start < labels.length; start += PAGES_PER_CHAPTER) {
    const end = Math.min(start + PAGES_PER_CHAPTER, labels.length) - 1;
    chapters.push({ title: rangeName(labels, start, end), start, end });
  }
  return {
    chapters,
    sections: chapters.map((c, seq) => ({ title: c.title, chapterSeq: seq, anchor: '', children: [] })),
    tocSource: 'pages',
  };
}
