import type { Element } from '@xmldom/xmldom';
import { parseClock } from '@textbook/contracts';
import { refuse } from './errors.js';
import { resolveInBook } from './paths.js';
import { attr, childElements, descendants, firstChild, parseXml, textOf } from './xml.js';

export interface ManifestItem {
  id: string;
  /** Path inside the container, or null when the href is external or climbs out. */
  path: string | null;
  mediaType: string;
  properties: string[];
  fallback: string | null;
  /** The manifest id of the item's media overlay (its `media-overlay` attribute), null when none. */
  mediaOverlay: string | null;
}

export interface SpineItem {
  idref: string;
  linear: boolean;
  /** The itemref's properties (rendition:layout-*, page-spread-*, rendition:spread-*…). */
  properties: string[];
}

/** The package's rendition properties for fixed layout (issue 32); '' when unsaid. */
export interface Rendition {
  layout: 'reflowable' | 'pre-paginated';
  spread: string;
  orientation: string;
}

export interface PackageDoc {
  version: string;
  opfPath: string;
  title: string;
  creators: string[];
  language: string;
  identifier: string | null;
  identifiers: string[];
  publisher: string;
  description: string;
  date: string;
  manifest: Map<string, ManifestItem>;
  spine: SpineItem[];
  /** The NCX manifest id named by spine@toc, if any. */
  tocId: string | null;
  direction: 'ltr' | 'rtl' | 'default';
  coverId: string | null;
  /** Base direction of the first title and of the first creator: their `dir`, else the package's ('' unsaid). */
  titleDir: TextDir;
  creatorsDir: TextDir;
  /** rendition:flow of the package ('' when unsaid). */
  flow: string;
  rendition: Rendition;
  /** The package's media overlay metadata (issue 33). */
  media: MediaMeta;
}

/** media:active-class, media:playback-active-class ('' unsaid) and media:duration per overlay item id. */
export interface MediaMeta {
  activeClass: string;
  playbackActiveClass: string;
  /** Durations in seconds: '' the whole publication's, else the refined overlay's manifest id. */
  durations: Map<string, number>;
}

export type TextDir = 'ltr' | 'rtl' | 'auto' | '';

const asDir = (value: string | null | undefined): TextDir => {
  const v = (value ?? '').trim().toLowerCase();
  return v === 'ltr' || v === 'rtl' || v === 'auto' ? v : '';
};

const OPF = { zh: '包文档（OPF）', en: 'package document (OPF)' };

function dcValues(metadata: Element | undefined, name: string): string[] {
  if (!metadata) return [];
  // Metadata is sometimes wrapped in an EPUB 2 <dc-metadata> element: search the whole subtree.
  // OEBPS 1.2 packages spell the elements dc:Title, dc:Creator…: names are matched case-insensitively.
  return descendantsCi(metadata, name)
    .map((el) => textOf(el))
    .filter(Boolean);
}

function descendantsCi(parent: Element, name: string): Element[] {
  const out: Element[] = [];
  const walk = (el: Element) => {
    for (const child of childElements(el)) {
      if (child.localName?.toLowerCase() === name) out.push(child);
      walk(child);
    }
  };
  walk(parent);
  return out;
}

/** Reads the package document: metadata, manifest, spine. Only what the spec of EPUB 2 and 3 requires to read. */
export function parsePackage(text: string, opfPath: string): PackageDoc {
  const doc = parseXml(text, OPF);
  const root = doc.documentElement;
  if (!root || root.localName !== 'package') {
    throw refuse('包文档（OPF）的根元素不是 package', 'The package document has no <package> root element.');
  }
  const metadata = firstChild(root, 'metadata');
  const manifestEl = firstChild(root, 'manifest');
  const spineEl = firstChild(root, 'spine');
  if (!manifestEl) throw refuse('包文档（OPF）缺少文件清单（manifest）', 'The package document has no <manifest>.');
  if (!spineEl) throw refuse('包文档（OPF）缺少阅读顺序（spine）', 'The package document has no <spine>.');

  const manifest = new Map<string, ManifestItem>();
  for (const item of descendants(manifestEl, 'item')) {
    const id = attr(item, 'id');
    const href = attr(item, 'href');
    // A duplicate id keeps the first item, as reading systems do.
    if (!id || !href || manifest.has(id)) continue;
    manifest.set(id, {
      id,
      path: resolveInBook(opfPath, href),
      mediaType: (attr(item, 'media-type') ?? '').trim().toLowerCase(),
      properties: (attr(item, 'properties') ?? '').split(/\s+/).filter(Boolean),
      fallback: attr(item, 'fallback'),
      mediaOverlay: attr(item, 'media-overlay')?.trim() || null,
    });
  }

  const spine: SpineItem[] = childElements(spineEl, 'itemref')
    .map((ref) => ({
      idref: attr(ref, 'idref') ?? '',
      linear: attr(ref, 'linear') !== 'no',
      properties: (attr(ref, 'properties') ?? '').split(/\s+/).filter(Boolean),
    }))
    .filter((ref) => ref.idref);

  const uniqueId = attr(root, 'unique-identifier');
  const idEls = metadata ? descendantsCi(metadata, 'identifier') : [];
  const identifiers = idEls.map((el) => textOf(el)).filter(Boolean);
  const unique = idEls.find((el) => uniqueId && el.getAttribute('id') === uniqueId);
  const coverMeta = metadata ? descendants(metadata, 'meta').find((m) => attr(m, 'name') === 'cover') : undefined;
  const coverItem = [...manifest.values()].find((i) => i.properties.includes('cover-image'));
  const dir = (attr(spineEl, 'page-progression-direction') ?? '').trim();
  const rootDir = asDir(attr(root, 'dir'));
  const firstOf = (name: string) => (metadata ? descendantsCi(metadata, name).find((el) => textOf(el)) : undefined);
  const dirOf = (el: Element | undefined) => asDir(el && attr(el, 'dir')) || rootDir;
  // A property said twice keeps its first value, as reading systems do (W3C lay-pp-layout-duplication).
  const renditionMeta = (name: string) =>
    metadata
      ? descendants(metadata, 'meta').find((m) => attr(m, 'property')?.trim() === name && !attr(m, 'refines'))
      : undefined;
  const flowMeta = renditionMeta('rendition:flow');
  const known = (name: string, values: string[]) => {
    const v = textOf(renditionMeta(name)).trim().toLowerCase();
    return values.includes(v) ? v : '';
  };

  return {
    media: mediaMeta(metadata),
    version: (attr(root, 'version') ?? '').trim(),
    opfPath,
    title: dcValues(metadata, 'title')[0] ?? '',
    creators: dcValues(metadata, 'creator'),
    language: dcValues(metadata, 'language')[0] ?? '',
    identifier: (unique ? textOf(unique) : identifiers[0]) || null,
    identifiers,
    publisher: dcValues(metadata, 'publisher')[0] ?? '',
    description: dcValues(metadata, 'description')[0] ?? '',
    date: dcValues(metadata, 'date')[0] ?? '',
    manifest,
    spine,
    tocId: attr(spineEl, 'toc'),
    direction: dir === 'rtl' || dir === 'ltr' ? dir : 'default',
    coverId: coverItem?.id ?? coverMeta?.getAttribute('content') ?? null,
    titleDir: dirOf(firstOf('title')),
    creatorsDir: dirOf(firstOf('creator')),
    flow: textOf(flowMeta).slice(0, 24),
    rendition: {
      layout: known('rendition:layout', ['pre-paginated']) ? 'pre-paginated' : 'reflowable',
      spread: known('rendition:spread', ['none', 'landscape', 'portrait', 'both', 'auto']),
      orientation: known('rendition:orientation', ['landscape', 'portrait', 'auto']),
    },
  };
}

function mediaMeta(metadata: Element | undefined): MediaMeta {
  const metas = metadata ? descendants(metadata, 'meta') : [];
  const first = (name: string) =>
    textOf(metas.find((m) => attr(m, 'property')?.trim() === name && !attr(m, 'refines')))
      .trim()
      .slice(0, 100);
  const durations = new Map<string, number>();
  for (const m of metas) {
    if (attr(m, 'property')?.trim() !== 'media:duration') continue;
    const seconds = parseClock(textOf(m));
    const key = (attr(m, 'refines') ?? '').trim().replace(/^#/, '');
    if (seconds !== null && !durations.has(key)) durations.set(key, seconds);
  }
  // A class name is one token: anything else could not be put on an element.
  const token = (v: string) => (/^[A-Za-z_-][\w-]*$/.test(v) ? v : '');
  return {
    activeClass: token(first('media:active-class')),
    playbackActiveClass: token(first('media:playback-active-class')),
    durations,
  };
}

/** The first rootfile of META-INF/container.xml (a book may list several renditions; we read the first). */
export function parseContainer(text: string): string {
  const doc = parseXml(text, {
    zh: '容器文件（META-INF/container.xml）',
    en: 'container file (META-INF/container.xml)',
  });
  const rootfile = descendants(doc, 'rootfile')[0];
  const fullPath = rootfile ? attr(rootfile, 'full-path') : null;
  if (!fullPath?.trim()) {
    throw refuse(
      '容器文件（META-INF/container.xml）没有指明包文档的位置',
      'META-INF/container.xml does not say where the package document is (rootfile full-path is missing).',
    );
  }
  const resolved = resolveInBook('', fullPath.trim());
  if (!resolved) {
    throw refuse('包文档的路径越出了压缩包', 'The package document path is absolute or leaves the container.');
  }
  return resolved;
}

export function isXhtml(item: ManifestItem): boolean {
  return item.mediaType === 'application/xhtml+xml' || item.mediaType === 'text/html';
}
