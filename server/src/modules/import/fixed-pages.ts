import type { ChapterLayout } from '@textbook/contracts';
import { imageSize } from '../../http/image-size.js';
import { findAll, localName, parseHtml, textContent } from './html-dom.js';
import type { ManifestItem, PackageDoc, SpineItem } from './package-doc.js';
import { resolveInBook, splitFragment } from './paths.js';

/**
 * Fixed layout (EPUB 3.3 §8.2, issue 32): which spine items are pre-paginated pages, their spread side, their
 * viewport (the initial containing block), and images in the spine made into pages of their own.
 */

export type PageSpread = 'left' | 'right' | 'center' | '';
export type PageOrientation = 'landscape' | 'portrait' | '';

export interface Viewport {
  width: number;
  height: number;
  /** Said as device-width / device-height: the page takes the reading area's size. */
  device?: boolean;
}

/** A page of unknown size (no viewport, no viewBox, and no other page of the book says one). */
export const DEFAULT_VIEWPORT: Viewport = { width: 768, height: 1024 };

/** The first of the listed properties the itemref carries ('' none): a repeated override keeps its first value. */
function firstOf(props: string[], names: Record<string, string>): string {
  for (const p of props) if (names[p] !== undefined) return names[p]!;
  return '';
}

/**
 * Whether a spine item is a pre-paginated page, its page-spread side and the orientation it wants to be read in
 * ('' either), from the package and its overrides.
 */
export function itemLayout(
  pkg: PackageDoc,
  ref: SpineItem,
): { fixed: boolean; spread: PageSpread; orientation: PageOrientation } {
  const override = firstOf(ref.properties, {
    'rendition:layout-pre-paginated': 'pre-paginated',
    'rendition:layout-reflowable': 'reflowable',
  });
  const fixed = (override || pkg.rendition.layout) === 'pre-paginated';
  let spread = firstOf(ref.properties, {
    'page-spread-left': 'left',
    'rendition:page-spread-left': 'left',
    'page-spread-right': 'right',
    'rendition:page-spread-right': 'right',
    'rendition:page-spread-center': 'center',
    'page-spread-center': 'center',
  }) as PageSpread;
  // An item that must not be in a spread (rendition:spread-none) is shown alone, as a centred page is.
  if (!spread && ref.properties.includes('rendition:spread-none')) spread = 'center';
  const wanted =
    firstOf(ref.properties, {
      'rendition:orientation-landscape': 'landscape',
      'rendition:orientation-portrait': 'portrait',
      'rendition:orientation-auto': 'auto',
    }) || pkg.rendition.orientation;
  const orientation = wanted === 'landscape' || wanted === 'portrait' ? wanted : '';
  return { fixed, spread, orientation };
}

const number = (v: string | undefined): number | null => {
  const n = v === undefined ? NaN : parseFloat(v);
  return Number.isFinite(n) && n > 0 && n < 100_000 ? n : null;
};

/**
 * The page size an XHTML page declares: its first `<meta name="viewport">`, the first width and height in it
 * (a repeated one is ignored; units are ignored, values are CSS pixels; a malformed list is read as far as it goes).
 */
export function xhtmlViewport(source: string): Viewport | null {
  const doc = parseHtml(source);
  const meta = findAll(doc, (el) => localName(el) === 'meta' && (el.attribs.name ?? '').trim() === 'viewport')[0];
  if (!meta) return null;
  const found: Record<string, string> = {};
  for (const part of (meta.attribs.content ?? '').split(/[,;]/)) {
    const [key, value] = part.split('=').map((s) => s.trim().toLowerCase());
    if (key && value !== undefined && found[key] === undefined) found[key] = value;
  }
  if (found.width === 'device-width' || found.height === 'device-height') return { ...DEFAULT_VIEWPORT, device: true };
  const width = number(found.width);
  const height = number(found.height);
  return width && height ? { width, height } : null;
}

/** The page size of an SVG page: its root's width and height, else its viewBox. */
export function svgViewport(source: string): Viewport | null {
  const doc = parseHtml(source);
  const svg = findAll(doc, (el) => localName(el) === 'svg')[0];
  if (!svg) return null;
  const width = number(svg.attribs.width);
  const height = number(svg.attribs.height);
  if (width && height && !/%/.test(svg.attribs.width! + svg.attribs.height!)) return { width, height };
  const box = (svg.attribs.viewBox ?? svg.attribs.viewbox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length === 4 && box[2]! > 0 && box[3]! > 0) return { width: box[2]!, height: box[3]! };
  return null;
}

/** The size of the image bytes (PNG, JPEG, GIF, WebP), or of an SVG image's own size. */
export function imageViewport(bytes: Uint8Array, mediaType: string): Viewport | null {
  if (mediaType === 'image/svg+xml') return svgViewport(new TextDecoder().decode(bytes));
  return imageSize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page made for an image in the spine: the image at its natural size filling the page, its manifest
 * fallback's text as the image's description (what a screen reader and the search read).
 */
export function imagePageSource(imagePath: string, fallbackText: string): string {
  const name = imagePath.split('/').pop() ?? imagePath;
  return (
    `<html xmlns="http://www.w3.org/1999/xhtml"><head><title></title></head>` +
    `<body style="margin:0"><img src="${escapeAttr(name)}" alt="${escapeAttr(fallbackText.slice(0, 2000))}" ` +
    `style="display:block;width:100%;height:100%" /></body></html>`
  );
}

/** The text of an XHTML fallback (tags gone, spaces joined). */
export function documentText(source: string): string {
  const doc = parseHtml(source);
  const body = findAll(doc, (el) => localName(el) === 'body')[0];
  return textContent(body ?? doc)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first image of a manifest item's fallback chain (the item itself first), or null. */
export function imageOfChain(item: ManifestItem, manifest: Map<string, ManifestItem>, shown: Set<string>) {
  const seen = new Set<string>();
  let current: ManifestItem | undefined = item;
  while (current && !seen.has(current.id)) {
    if (shown.has(current.mediaType) && current.path) return current;
    seen.add(current.id);
    current = current.fallback ? manifest.get(current.fallback) : undefined;
  }
  return null;
}

/** The layout stored with a chapter. */
export function fixedLayout(viewport: Viewport, spread: PageSpread, orientation: PageOrientation = ''): ChapterLayout {
  return {
    kind: 'fixed',
    width: Math.round(viewport.width),
    height: Math.round(viewport.height),
    spread,
    thumb: '',
    device: Boolean(viewport.device),
    orientation,
  };
}

/**
 * The nav document's page-list (`nav epub:type="page-list"`): each entry's label by the spine path (and
 * fragment) it points at. Used to name fixed-layout pages; a page it does not name gets its position.
 */
export function pageListOf(navSource: string, navPath: string): Map<string, string> {
  const out = new Map<string, string>();
  const doc = parseHtml(navSource);
  const nav = findAll(
    doc,
    (el) => localName(el) === 'nav' && /(^|\s)page-list(\s|$)/.test(el.attribs['epub:type'] ?? ''),
  )[0];
  if (!nav) return out;
  for (const a of findAll(nav, (el) => localName(el) === 'a' && Boolean(el.attribs.href))) {
    const href = a.attribs.href!;
    const path = resolveInBook(navPath, href);
    const label = textContent(a).replace(/\s+/g, ' ').trim();
    if (!path || !label) continue;
    const key = splitFragment(href).fragment ? `${path}#${splitFragment(href).fragment}` : path;
    if (!out.has(key)) out.set(key, label);
    if (!out.has(path)) out.set(path, label);
  }
  return out;
}
