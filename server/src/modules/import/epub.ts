import { refuse } from './errors.js';
import {
  documentText,
  imageOfChain,
  imagePageSource,
  imageViewport,
  itemLayout,
  svgViewport,
  xhtmlViewport,
  type PageOrientation,
  type PageSpread,
  type Viewport,
} from './fixed-pages.js';
import { deobfuscateFont, obfuscatedFonts } from './obfuscation.js';
import { parseContainer, parsePackage, type ManifestItem, type PackageDoc } from './package-doc.js';
import { countUseful, parseNav, parseNcx, type TocEntry } from './toc.js';
import { parseNavPageList, parseNcxPageList, type PageTarget } from './page-list.js';
import { assertWellFormed, decodeText } from './xml.js';
import { readZip, type Entries } from './zip.js';

export interface SpineDocument {
  path: string;
  mediaType: string;
  linear: boolean;
  source: string;
  /** A pre-paginated page (rendition:layout, or the item's override), its spread side and declared viewport. */
  fixed: boolean;
  spread: PageSpread;
  /** rendition:orientation, the item's or the book's: 'landscape', 'portrait' or '' (either). */
  orientation: PageOrientation;
  viewport: Viewport | null;
  /** Its media overlay: the SMIL document's path and manifest id (issue 33), null when it has none. */
  overlay: { path: string; id: string } | null;
}

export interface Resource {
  path: string;
  mediaType: string;
  bytes: Uint8Array;
}

export interface ParsedBook {
  pkg: PackageDoc;
  documents: SpineDocument[];
  /** Every manifest resource that exists in the container, except the spine documents. */
  resources: Resource[];
  toc: TocEntry[];
  tocSource: 'nav' | 'ncx' | 'none';
  coverPath: string | null;
  /** The book's page list: the nav's page-list, else the NCX's pageList (empty when it has neither). */
  pageList: PageTarget[];
  /** The nav document (path and text), for its page-list. */
  nav: { path: string; source: string } | null;
}

/** Images a browser shows: an image in the spine of a pre-paginated book becomes a page of its own. */
export const BROWSER_IMAGES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'image/avif',
]);

// OEBPS 1.2 documents (text/x-oeb1-document) are XHTML in all but name: read them as such.
const CONTENT_TYPES = new Set(['application/xhtml+xml', 'text/html', 'image/svg+xml', 'text/x-oeb1-document']);

/** Documents that must be well-formed XML (XHTML and SVG); text/html and OEBPS 1.2 ones are read as HTML. */
const XML_DOCUMENTS = new Set(['application/xhtml+xml', 'image/svg+xml']);

/** A raster image item (an SVG in the spine is a content document, read as one). */
const isPicture = (item: ManifestItem | undefined): item is ManifestItem =>
  Boolean(item?.mediaType.startsWith('image/') && item.mediaType !== 'image/svg+xml');

/** Follows an item's fallback chain to something a browser can show (a cycle or a dead end gives null). */
function displayable(item: ManifestItem, manifest: Map<string, ManifestItem>): ManifestItem | null {
  const seen = new Set<string>();
  let current: ManifestItem | undefined = item;
  while (current && !seen.has(current.id)) {
    if (CONTENT_TYPES.has(current.mediaType)) return current;
    seen.add(current.id);
    current = current.fallback ? manifest.get(current.fallback) : undefined;
  }
  return null;
}

function readTable(
  pkg: PackageDoc,
  entries: Entries,
  documents: Set<string>,
): { toc: TocEntry[]; source: ParsedBook['tocSource'] } {
  const items = [...pkg.manifest.values()];
  const nav = items.find((i) => i.properties.includes('nav') && i.path && entries.has(i.path));
  if (nav?.path) {
    const toc = parseNav(decodeText(entries.get(nav.path)!), nav.path);
    if (countUseful(toc, documents) > 0) return { toc, source: 'nav' };
  }
  const ncx =
    (pkg.tocId ? pkg.manifest.get(pkg.tocId) : undefined) ??
    items.find((i) => i.mediaType === 'application/x-dtbncx+xml');
  if (ncx?.path && entries.has(ncx.path)) {
    try {
      const toc = parseNcx(decodeText(entries.get(ncx.path)!), ncx.path);
      if (countUseful(toc, documents) > 0) return { toc, source: 'ncx' };
    } catch {
      // A malformed NCX is ignored: the headings of the documents make the table instead.
    }
  }
  return { toc: [], source: 'none' };
}

/** The print page list: the navigation document's page-list nav, else the NCX's pageList. */
function readPageList(pkg: PackageDoc, entries: Entries): PageTarget[] {
  const items = [...pkg.manifest.values()];
  const nav = items.find((i) => i.properties.includes('nav') && i.path && entries.has(i.path));
  const fromNav = nav?.path ? parseNavPageList(decodeText(entries.get(nav.path)!), nav.path) : [];
  if (fromNav.length) return fromNav;
  const ncx =
    (pkg.tocId ? pkg.manifest.get(pkg.tocId) : undefined) ??
    items.find((i) => i.mediaType === 'application/x-dtbncx+xml');
  return ncx?.path && entries.has(ncx.path) ? parseNcxPageList(decodeText(entries.get(ncx.path)!), ncx.path) : [];
}

function nothingToRead(spineLength: number, skipped: { outside: string; missing: string; foreign: string }) {
  if (spineLength === 0) {
    return refuse(
      '电子书的阅读顺序（spine）为空，没有可阅读的内容',
      'The spine is empty: the book has nothing to read.',
    );
  }
  if (skipped.outside) {
    return refuse(
      '电子书内容文件的路径是绝对路径或越出了压缩包，无法读取',
      'The content documents have absolute paths or paths that leave the container.',
    );
  }
  if (skipped.missing) {
    return refuse(
      `电子书阅读顺序中的文件在压缩包中找不到（${skipped.missing}）`,
      `The documents of the spine are missing from the archive (${skipped.missing}).`,
    );
  }
  if (skipped.foreign) {
    return refuse(
      '电子书阅读顺序中的文件不是可显示的网页格式，也没有可用的替代内容',
      'The spine documents are not XHTML or SVG and have no usable fallback.',
    );
  }
  return refuse('电子书阅读顺序中的条目都不在文件清单中', 'No spine entry refers to an item of the manifest.');
}

/** The SMIL document a media-overlay attribute names, when the manifest has it as application/smil+xml. */
function overlayOf(id: string | null, pkg: PackageDoc): SpineDocument['overlay'] {
  const item = id ? pkg.manifest.get(id) : undefined;
  return item?.path && item.mediaType === 'application/smil+xml' ? { path: item.path, id: item.id } : null;
}

/** Reads an EPUB (2 or 3) from its bytes: container, first rootfile, package, spine, table of contents. */
export function readEpub(bytes: Uint8Array): ParsedBook {
  const entries = readZip(bytes);
  const container = entries.get('META-INF/container.xml');
  if (!container) {
    throw refuse(
      '文件缺少 META-INF/container.xml，不是有效的 EPUB 电子书',
      'META-INF/container.xml is missing: the file is not an EPUB.',
    );
  }
  const opfPath = parseContainer(decodeText(container));
  const opf = entries.get(opfPath);
  if (!opf) {
    throw refuse(`找不到包文档（${opfPath}）`, `The package document ${opfPath} named by container.xml is missing.`);
  }
  const pkg = parsePackage(decodeText(opf), opfPath);

  const documents: SpineDocument[] = [];
  const inSpine = new Set<string>();
  /** Every path the reading order shows (documents and pages made of images), for the contents and page-list. */
  const docPaths = new Set<string>();
  const skipped = { outside: '', missing: '', foreign: '' };
  for (const ref of pkg.spine) {
    const item = pkg.manifest.get(ref.idref);
    const shown = item ? displayable(item, pkg.manifest) : null;
    const { fixed, spread, orientation } = itemLayout(pkg, ref);
    // A pre-paginated image in the spine is shown as itself (at its natural size), its fallback's text its
    // description (W3C lay-pp-images-in-spine); a reflowable one keeps its XHTML fallback as before.
    const image = fixed && isPicture(item) ? imageOfChain(item, pkg.manifest, BROWSER_IMAGES) : null;
    const imageBytes = image?.path ? entries.get(image.path) : undefined;
    if (image?.path && imageBytes) {
      const fallbackData = shown?.path && shown.path !== image.path ? entries.get(shown.path) : undefined;
      const alt = fallbackData ? documentText(decodeText(fallbackData)) : '';
      documents.push({
        path: image.path,
        mediaType: 'application/xhtml+xml',
        linear: ref.linear,
        source: imagePageSource(image.path, alt),
        fixed,
        spread,
        orientation,
        viewport: imageViewport(imageBytes, image.mediaType),
        overlay: null,
      });
      docPaths.add(image.path);
      continue;
    }
    // A spine entry that is unknown, missing or cannot be shown is skipped, as reading systems do.
    if (item && !shown) skipped.foreign ||= item.path ?? item.id;
    if (!shown) continue;
    if (!shown.path) {
      skipped.outside ||= shown.id;
      continue;
    }
    // The same document listed twice is read twice (W3C pkg-spine-duplicate-item-rendering): two chapters.
    const data = entries.get(shown.path);
    if (!data) {
      skipped.missing ||= shown.path;
      continue;
    }
    inSpine.add(shown.path);
    const source = decodeText(data);
    if (XML_DOCUMENTS.has(shown.mediaType)) assertWellFormed(source, shown.path);
    const viewport = !fixed ? null : shown.mediaType === 'image/svg+xml' ? svgViewport(source) : xhtmlViewport(source);
    docPaths.add(shown.path);
    documents.push({
      path: shown.path,
      mediaType: shown.mediaType,
      linear: ref.linear,
      source,
      fixed,
      spread,
      orientation,
      viewport,
      overlay: overlayOf(item?.mediaOverlay ?? shown.mediaOverlay, pkg),
    });
  }
  if (documents.length === 0) throw nothingToRead(pkg.spine.length, skipped);

  const fonts = new Set(
    entries.has('META-INF/encryption.xml') ? obfuscatedFonts(decodeText(entries.get('META-INF/encryption.xml')!)) : [],
  );
  const resources: Resource[] = [];
  const stored = new Set<string>();
  for (const item of pkg.manifest.values()) {
    if (!item.path || inSpine.has(item.path) || stored.has(item.path)) continue;
    const data = entries.get(item.path);
    if (!data) continue;
    stored.add(item.path);
    const plain = fonts.has(item.path) && pkg.identifier ? deobfuscateFont(data, pkg.identifier) : data;
    resources.push({ path: item.path, mediaType: item.mediaType || 'application/octet-stream', bytes: plain });
  }

  const { toc, source } = readTable(pkg, entries, docPaths);
  const cover = pkg.coverId ? pkg.manifest.get(pkg.coverId) : undefined;
  const coverPath = cover?.path && stored.has(cover.path) && cover.mediaType.startsWith('image/') ? cover.path : null;
  const navItem = [...pkg.manifest.values()].find((i) => i.properties.includes('nav') && i.path && entries.has(i.path));
  const nav = navItem?.path ? { path: navItem.path, source: decodeText(entries.get(navItem.path)!) } : null;
  return { pkg, documents, resources, toc, tocSource: source, coverPath, pageList: readPageList(pkg, entries), nav };
}
