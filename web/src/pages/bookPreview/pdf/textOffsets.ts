/**
 * The text of a PDF section as the server counts it (contracts `pdfPage`): each page's text is pdf.js's text
 * items' `str` joined, with '\n' after an item that has `hasEOL`; the section's text is its pages' texts joined by
 * '\n'. Note offsets, reading positions and search occurrences count in that text. DOM-free: the page's text layer
 * (`TextLayer.textDivs`, one per item with a `str`, in order) is tied to it by `itemStarts`.
 */

/** What a pdf.js text content item holds that the text is made of (marked-content items have no `str`). */
export interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
  type?: string;
}

export interface PageText {
  text: string;
  /** Where each item with a `str` starts in the page's text (the text layer's divs, in order). */
  itemStarts: number[];
}

export function pageText(items: readonly TextItemLike[]): PageText {
  let text = '';
  const itemStarts: number[] = [];
  for (const item of items) {
    if (item.str === undefined) continue;
    itemStarts.push(text.length);
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return { text, itemStarts };
}

export interface SectionText {
  text: string;
  /** Where each page's text starts in the section's text. */
  pageStarts: number[];
}

export function sectionText(pages: readonly string[]): SectionText {
  const pageStarts: number[] = [];
  let at = 0;
  for (const page of pages) {
    pageStarts.push(at);
    at += page.length + 1;
  }
  return { text: pages.join('\n'), pageStarts };
}

/** The page (from 0) whose text holds `offset`: the last one starting at or before it. */
export function pageOfOffset(pageStarts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = pageStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pageStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

/** The end of a page's text in the section's text (before the '\n' that joins it to the next page). */
export function pageEnd(section: SectionText, page: number): number {
  const next = section.pageStarts[page + 1];
  return next === undefined ? section.text.length : next - 1;
}

/**
 * The text nodes of a page's text layer with their offsets in the section's text: each item's div holds its `str`
 * (split into several text nodes where highlights wrap parts of it). `divTexts[i]` are the text nodes of the i-th
 * div, in order; a div with no text has none.
 */
export function layerIndexParts<N extends { data: string }>(
  pageStart: number,
  itemStarts: readonly number[],
  divTexts: readonly (readonly N[])[],
): { nodes: N[]; starts: number[] } {
  const nodes: N[] = [];
  const starts: number[] = [];
  divTexts.forEach((texts, i) => {
    let at = pageStart + (itemStarts[i] ?? 0);
    for (const node of texts) {
      nodes.push(node);
      starts.push(at);
      at += node.data.length;
    }
  });
  return { nodes, starts };
}

/** How the pages are fitted to the screen: the whole width, the whole page, or a zoom the reader chose. */
export type PdfFit = 'width' | 'page';

/**
 * CSS pixels per PDF point for a row of `perRow` pages of `width`×`height` points in a box of `boxWidth`×
 * `boxHeight` pixels, `gap` pixels around and between them.
 */
export function fitScale(
  fit: PdfFit,
  box: { width: number; height: number },
  page: { width: number; height: number },
  perRow = 1,
  gap = 16,
): number {
  const across = (box.width - gap * (perRow + 1)) / (page.width * perRow);
  if (fit === 'width') return Math.max(0.1, across);
  const down = (box.height - gap * 2) / page.height;
  return Math.max(0.1, Math.min(across, down));
}

/** The rows the pages are shown in: one page each, or two side by side (the section's pages paired from its first). */
export function rowsOf(count: number, spread: boolean): number[][] {
  const rows: number[][] = [];
  for (let i = 0; i < count; i += spread ? 2 : 1) rows.push(spread && i + 1 < count ? [i, i + 1] : [i]);
  return rows;
}

/** The zoom steps the buttons (and a pinch) move between: a fitted scale is rounded to the next step. */
export function nextZoom(scale: number, direction: 1 | -1): number {
  const next = direction > 0 ? scale * 1.25 : scale / 1.25;
  return Math.min(6, Math.max(0.25, Math.round(next * 100) / 100));
}
