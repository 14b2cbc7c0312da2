import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api.js';
import { refuse } from './errors.js';
import type { PdfOutlineNode } from './pdf-plan.js';

/** What pdf.js reads of a PDF (in a worker thread: tasks.ts): its info, pages with their text, outline, labels. */
export interface PdfContent {
  title: string;
  author: string;
  subject: string;
  pages: { width: number; height: number; text: string }[];
  labels: unknown;
  outline: PdfOutlineNode[];
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let loaded: Promise<PdfJs> | null = null;
/** pdf.js's Node build (legacy: no browser-only features), loaded on a thread's first PDF. */
export const pdfjs = (): Promise<PdfJs> => (loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** Where pdf.js finds its CMaps (CJK fonts), standard fonts and image decoders, as file paths with a slash. */
function dataDirs() {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const dir = (name: string) => `${path.join(root, name)}${path.sep}`;
  return {
    cMapUrl: dir('cmaps'),
    standardFontDataUrl: dir('standard_fonts'),
    wasmUrl: dir('wasm'),
    iccUrl: dir('iccs'),
  };
}

/**
 * Text a database keeps as it is: NUL and lone surrogates (which PostgreSQL refuses) become U+FFFD, one UTF-16
 * unit for one, so offsets into the text stay those the reader's pdf.js counts.
 */
export function storableText(text: string): string {
  // eslint-disable-next-line no-control-regex -- NUL is what is replaced
  return text.replace(/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** A page's text as the contract says (`pdfPage`): the items' `str` joined, '\n' after an item with `hasEOL`. */
export function pageText(items: readonly object[]): string {
  let out = '';
  for (const item of items) {
    if (!('str' in item) || typeof item.str !== 'string') continue;
    out += item.str;
    if ('hasEOL' in item && item.hasEOL) out += '\n';
  }
  return storableText(out);
}

const infoString = (value: unknown): string =>
  typeof value === 'string' ? storableText(value.replace(/\s+/g, ' ').trim()) : '';

/** Opens a PDF with pdf.js; a password or an unreadable file is refused in plain words. */
export async function openPdf(bytes: Uint8Array, maxImagePixels: number): Promise<PDFDocumentProxy> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given: a copy, so the caller keeps its bytes.
    data: bytes.slice(),
    ...dataDirs(),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    maxImageSize: maxImagePixels,
    canvasMaxAreaInBytes: maxImagePixels * 4,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') {
      throw refuse(
        '该PDF文件已加密，需要密码才能打开，请上传未加密的文件',
        'The PDF is encrypted and needs a password to open: upload an unencrypted file.',
      );
    }
    const why = err instanceof Error ? err.message : String(err);
    throw refuse(
      `该PDF文件已损坏，无法读取（${why.slice(0, 120)}），请检查后重新上传`,
      `The PDF is damaged and cannot be read (${why.slice(0, 200)}).`,
    );
  }
}

type RawOutline = Awaited<ReturnType<PDFDocumentProxy['getOutline']>>;

/** The outline with each entry's page; an entry whose destination cannot be resolved keeps page null. */
async function resolveOutline(doc: PDFDocumentProxy, items: RawOutline | null, depth = 0): Promise<PdfOutlineNode[]> {
  if (!items || depth > 20) return [];
  const out: PdfOutlineNode[] = [];
  for (const item of items.slice(0, 2000)) {
    let page: number | null = null;
    try {
      const dest = typeof item.dest === 'string' ? await doc.getDestination(item.dest) : item.dest;
      const target: unknown = Array.isArray(dest) ? dest[0] : null;
      if (typeof target === 'number' && Number.isInteger(target)) page = target;
      else if (target && typeof target === 'object' && 'num' in target) {
        page = await doc.getPageIndex(target as { num: number; gen: number });
      }
    } catch {
      page = null;
    }
    if (page !== null && !(page >= 0 && page < doc.numPages)) page = null;
    out.push({
      title: infoString(item.title).slice(0, 300),
      page,
      children: await resolveOutline(doc, item.items, depth + 1),
    });
  }
  return out;
}

/** A PDF's info, pages (size in points, text), labels and outline; parts that fail to read are left out. */
export async function readContent(doc: PDFDocumentProxy): Promise<PdfContent> {
  const meta = await doc.getMetadata().catch(() => null);
  const info = (meta?.info ?? {}) as Record<string, unknown>;
  const pages: PdfContent['pages'] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    try {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent().catch(() => ({ items: [] }));
      pages.push({
        width: Math.round(Math.abs(viewport.width) * 100) / 100 || 612,
        height: Math.round(Math.abs(viewport.height) * 100) / 100 || 792,
        text: pageText(content.items),
      });
      page.cleanup();
    } catch {
      pages.push({ width: 612, height: 792, text: '' });
    }
  }
  const outline = await resolveOutline(doc, await doc.getOutline().catch(() => null));
  // The info dictionary, else the XMP metadata's Dublin Core title and creator.
  const xmp = (name: string): unknown => {
    try {
      return meta?.metadata?.get(name);
    } catch {
      return null;
    }
  };
  const creator = xmp('dc:creator');
  return {
    title: infoString(info.Title) || infoString(xmp('dc:title')),
    author: infoString(info.Author) || infoString(Array.isArray(creator) ? creator.join(', ') : creator),
    subject: infoString(info.Subject),
    pages,
    labels: await doc.getPageLabels().catch(() => null),
    outline,
  };
}

/**
 * Page 1 drawn as a JPEG cover at most `maxPixels` pixels (about 600 px wide); null when it cannot be drawn
 * (the generated cover stays). Images above the document's pixel limit are skipped by pdf.js, not decoded.
 */
export async function renderCover(doc: PDFDocumentProxy, maxPixels: number): Promise<Uint8Array | null> {
  try {
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    if (!(base.width > 0 && base.height > 0)) return null;
    let scale = 600 / base.width;
    if (base.width * base.height * scale * scale > maxPixels) scale = Math.sqrt(maxPixels / (base.width * base.height));
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const factory = doc.canvasFactory as { create: (w: number, h: number) => { canvas: unknown; context: unknown } };
    const { canvas, context } = factory.create(width, height) as {
      canvas: { encode: (format: 'jpeg', quality: number) => Promise<Uint8Array> };
      context: { fillStyle: string; fillRect: (x: number, y: number, w: number, h: number) => void };
    };
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    type RenderParams = Parameters<typeof page.render>[0];
    const task = page.render({ canvas, canvasContext: context, viewport } as unknown as RenderParams);
    const timer = setTimeout(() => task.cancel(), 10_000);
    try {
      await task.promise;
    } finally {
      clearTimeout(timer);
    }
    const jpeg = await canvas.encode('jpeg', 82);
    page.cleanup();
    return new Uint8Array(jpeg);
  } catch {
    return null;
  }
}
