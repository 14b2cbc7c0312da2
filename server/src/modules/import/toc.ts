import type { Element } from 'domhandler';
import { cleanTitle, findAll, findElement, isElement, localName, parseHtml, textContent } from './html-dom.js';
import { resolveInBook, splitFragment } from './paths.js';
import { attr, childElements, descendants, firstChild, parseXml, textOf } from './xml.js';

/** One entry of a table of contents, pointing at a container path and an optional fragment. */
export interface TocEntry {
  title: string;
  path: string | null;
  fragment: string;
  children: TocEntry[];
}

function target(fromFile: string, href: string | null): { path: string | null; fragment: string } {
  if (!href) return { path: null, fragment: '' };
  return { path: resolveInBook(fromFile, href), fragment: splitFragment(href).fragment };
}

/** The EPUB 3 navigation document's toc nav (or its first nav when none says toc). */
export function parseNav(text: string, navPath: string): TocEntry[] {
  const doc = parseHtml(text);
  const navs = findAll(doc, (el) => localName(el) === 'nav');
  const toc = navs.find((n) => (n.attribs['epub:type'] ?? '').split(/\s+/).includes('toc')) ?? navs[0];
  if (!toc) return [];
  const list = findElement(toc, (el) => localName(el) === 'ol' || localName(el) === 'ul');
  return list ? readList(list, navPath) : [];
}

function readList(list: Element, navPath: string): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const li of list.children) {
    if (!isElement(li) || localName(li) !== 'li') continue;
    let label: Element | undefined;
    let sub: Element | undefined;
    for (const child of li.children) {
      if (!isElement(child)) continue;
      const name = localName(child);
      if (!label && (name === 'a' || name === 'span')) label = child;
      else if (!sub && (name === 'ol' || name === 'ul')) sub = child;
    }
    if (!label) continue;
    // A label may be an image only: its alt text (or title) names the entry.
    const img = findElement(label, (el) => localName(el) === 'img');
    const title =
      cleanTitle(textContent(label)) || cleanTitle(label.attribs.title ?? img?.attribs.alt ?? img?.attribs.title ?? '');
    entries.push({
      title,
      ...target(navPath, localName(label) === 'a' ? (label.attribs.href ?? null) : null),
      children: sub ? readList(sub, navPath) : [],
    });
  }
  return entries;
}

/** The EPUB 2 NCX navMap. */
export function parseNcx(text: string, ncxPath: string): TocEntry[] {
  const doc = parseXml(text, { zh: '目录文件（NCX）', en: 'NCX table of contents' });
  const navMap = descendants(doc, 'navMap')[0];
  if (!navMap) return [];
  const read = (parent: import('@xmldom/xmldom').Element): TocEntry[] =>
    childElements(parent, 'navPoint').map((point) => {
      const label = firstChild(point, 'navLabel');
      const content = firstChild(point, 'content');
      return {
        title: cleanTitle(textOf(label ? firstChild(label, 'text') : undefined)),
        ...target(ncxPath, content ? attr(content, 'src') : null),
        children: read(point),
      };
    });
  return read(navMap);
}

/** Counts entries (all levels) that point at one of the given documents. */
export function countUseful(entries: TocEntry[], documents: Set<string>): number {
  let n = 0;
  for (const e of entries) {
    if (e.path && documents.has(e.path) && e.title) n += 1;
    n += countUseful(e.children, documents);
  }
  return n;
}
