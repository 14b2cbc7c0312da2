import { cleanTitle, findAll, localName, parseHtml, textContent } from './html-dom.js';
import { resolveInBook, splitFragment } from './paths.js';
import { attr, childElements, descendants, firstChild, parseXml, textOf } from './xml.js';

/** A print page the book lists: its label and the place it starts (a container path and a fragment). */
export interface PageTarget {
  label: string;
  path: string | null;
  fragment: string;
}

/** A page-break marker in a sanitized chapter: the marker's id and its label. */
export interface PageBreak {
  id: string;
  label: string;
}

/** A print page of the imported book, placed in a chapter (by its spine position) at an element id. */
export interface PageDraft {
  label: string;
  chapterSeq: number;
  anchor: string;
}

const target = (fromFile: string, href: string | null) =>
  href ? { path: resolveInBook(fromFile, href), fragment: splitFragment(href).fragment } : { path: null, fragment: '' };

/** The EPUB 3 navigation document's `<nav epub:type="page-list">` (empty when it has none). */
export function parseNavPageList(text: string, navPath: string): PageTarget[] {
  const doc = parseHtml(text);
  const nav = findAll(doc, (el) => localName(el) === 'nav').find((n) =>
    (n.attribs['epub:type'] ?? '').split(/\s+/).includes('page-list'),
  );
  if (!nav) return [];
  return findAll(nav, (el) => localName(el) === 'a').map((a) => ({
    label: cleanTitle(textContent(a)),
    ...target(navPath, a.attribs.href ?? null),
  }));
}

/** The EPUB 2 NCX's `<pageList>` (empty when it has none or the NCX is malformed). */
export function parseNcxPageList(text: string, ncxPath: string): PageTarget[] {
  try {
    const doc = parseXml(text, { zh: '目录文件（NCX）', en: 'NCX table of contents' });
    const list = descendants(doc, 'pageList')[0];
    if (!list) return [];
    return childElements(list, 'pageTarget').map((t) => {
      const label = firstChild(t, 'navLabel');
      const content = firstChild(t, 'content');
      return {
        label: cleanTitle(textOf(label ? firstChild(label, 'text') : undefined)) || (attr(t, 'value') ?? ''),
        ...target(ncxPath, content ? attr(content, 'src') : null),
      };
    });
  } catch {
    return [];
  }
}

/** Whether an element marks a print page's start: `epub:type="pagebreak"` or `role="doc-pagebreak"`. */
export function isPageBreak(attribs: Record<string, string>): boolean {
  const types = (attribs['epub:type'] ?? '').split(/\s+/);
  return types.includes('pagebreak') || (attribs.role ?? '').split(/\s+/).includes('doc-pagebreak');
}

/** A marker's label: its title, else its aria-label, else its text. */
export function pageBreakLabel(el: Parameters<typeof textContent>[0] & { attribs: Record<string, string> }): string {
  return (
    cleanTitle(el.attribs.title ?? '') || cleanTitle(el.attribs['aria-label'] ?? '') || cleanTitle(textContent(el))
  );
}

/**
 * The book's print pages in reading order. The page list (nav, else NCX) is the publisher's own word and wins;
 * an entry whose document is not in the spine is skipped, one whose fragment is not an element there starts at
 * its chapter's start. A book without a page list gets its pages from the page-break markers of its chapters.
 */
export function printPages(
  list: PageTarget[],
  chapters: { ids: Set<string>; pageBreaks: PageBreak[] }[],
  seqOfPath: Map<string, number>,
): PageDraft[] {
  const listed: PageDraft[] = [];
  for (const t of list) {
    const seq = t.path ? seqOfPath.get(t.path) : undefined;
    if (seq === undefined || !t.label) continue;
    listed.push({ label: t.label, chapterSeq: seq, anchor: chapters[seq]?.ids.has(t.fragment) ? t.fragment : '' });
  }
  if (listed.length) return listed;
  return chapters.flatMap((ch, seq) =>
    ch.pageBreaks.filter((b) => b.label).map((b) => ({ label: b.label, chapterSeq: seq, anchor: b.id })),
  );
}
