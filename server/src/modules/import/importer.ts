import { createHash, randomUUID } from 'node:crypto';
import { Msg } from '@textbook/contracts';
import type { Storage } from '../../adapters/storage/index.js';
import type { Insertable } from 'kysely';
import type { Db, Dialect } from '../../db/connection.js';
import type { BooksTable } from '../../db/tables/books.js';
import { clearCatalogCache, coverSvg, reindexBook, titlePinyin, Words } from '../catalog/index.js';
import { assetUrl } from '../books/index.js';
import { sanitizeCss } from './css.js';
import { BROWSER_IMAGES, readEpub, type ParsedBook } from './epub.js';
import { extensionFor } from './media-types.js';
import * as q from './queries.js';
import { sanitizeChapter, type SanitizedChapter } from './sanitize.js';
import { countSections, fromHeadings, fromToc, type SectionDraft } from './sections.js';
import { invalidate, tag, type CacheOwner } from '../../http/read-cache.js';
import { imageSize } from '../../http/image-size.js';
import { refuse } from './errors.js';
import { printPages } from './page-list.js';
import type { Workers } from '../../workers.js';
import { DEFAULT_VIEWPORT, fixedLayout, pageListOf, type Viewport } from './fixed-pages.js';
import { chapterOverlays } from './overlays.js';

export interface ImportOptions {
  subjectId?: number | null;
  collectionId?: number | null;
  published?: boolean;
  /** How many linear chapters from the start are free to preview (default 1). */
  freeChapters?: number;
  /** Fields the EPUB does not carry (demo content, CLI flags). */
  price?: number;
  description?: string;
  recommended?: boolean;
  fileName?: string;
  /**
   * Import as a new edition of this book (the console's "new edition", the CLI's `--edition-of`): its content is
   * replaced and its package identifier becomes the file's. Without it the file is always a new book.
   */
  bookId?: number;
  onProgress?: (percent: number) => Promise<void> | void;
}

export interface ImportResult {
  bookId: number;
  created: boolean;
  edition: number;
  title: string;
  chapters: number;
  sections: number;
  tocSource: string;
  assets: number;
  /** Print pages found (page list or page-break markers). */
  pages: number;
}

export const DEFAULT_IMAGE_MAX_PIXELS = 25_000_000;

export interface ImportDeps {
  db: Db;
  dialect: Dialect;
  /** Where the book's files go: the importer only writes and removes them. */
  storage: Pick<Storage, 'put' | 'delete'>;
  /** The word segmenter for the search index: the app's (`wordsOf(ctx)`); a command-line run makes one. */
  words?: Words;
  /** The largest image a book may hold, in pixels (`IMAGE_MAX_PIXELS`); browsers decode every one of them. */
  imageMaxPixels?: number;
  /** The worker threads a PDF is read in (ctx.workers; the CLI starts its own); EPUB import does not use them. */
  workers?: Pick<Workers, 'run'>;
  /**
   * The app's read caches, told about the new edition (and, through the cache bus, the other instances'); null
   * where no app runs (a command-line import, the seed before the server starts): the caches' time limit bounds
   * what a running instance misses then.
   */
  caches: CacheOwner['caches'] | null;
}

/** Images (covers included) whose header declares more pixels than a reader's browser should decode. */
function refuseHugeImages(
  files: Iterable<[string, { mediaType: string; bytes: Uint8Array }]>,
  maxPixels: number,
): void {
  for (const [path, file] of files) {
    if (!file.mediaType.startsWith('image/')) continue;
    const size = imageSize(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    if (size && size.width * size.height > maxPixels) {
      const millions = Math.floor(maxPixels / 1e6);
      throw refuse(
        `图片 ${path} 为 ${size.width}×${size.height} 像素，超过 ${millions} 百万像素的上限`,
        `The image ${path} is ${size.width}×${size.height} pixels, above the limit of ${millions} million pixels.`,
      );
    }
  }
}

/** Image formats every browser shows; any other image is replaced by its manifest fallback when it has one. */

/**
 * Paths of images in a format browsers cannot show (a PSD, a TIFF) → the path of the first image of their
 * manifest fallback chain that browsers can show (EPUB's manifest fallbacks for resources outside the spine).
 */
function shownResources(book: ParsedBook): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of book.pkg.manifest.values()) {
    if (!item.path || !item.fallback || BROWSER_IMAGES.has(item.mediaType)) continue;
    const seen = new Set([item.id]);
    let next = book.pkg.manifest.get(item.fallback);
    while (next && !seen.has(next.id)) {
      if (next.path && BROWSER_IMAGES.has(next.mediaType)) {
        out.set(item.path, next.path);
        break;
      }
      seen.add(next.id);
      next = next.fallback ? book.pkg.manifest.get(next.fallback) : undefined;
    }
  }
  return out;
}

/** Resources worth serving to the reader; book scripts and other documents are never stored. */
function storable(mediaType: string): boolean {
  return /^(image|audio|video|font)\//.test(mediaType) || mediaType === 'text/css' || /font|opentype/.test(mediaType);
}

function isbnOf(identifiers: string[]): string {
  for (const id of identifiers) {
    const digits = id.replace(/[^0-9Xx]/g, '');
    if (/^97[89]\d{10}$/.test(digits)) return digits;
    if (/isbn/i.test(id) && /^\d{9}[\dXx]$/.test(digits)) return digits.toUpperCase();
  }
  return '';
}

function joinAuthors(creators: string[]): string {
  const sep = creators.every((c) => /^[\x20-\x7e]*$/.test(c)) ? ', ' : '、';
  return creators.join(sep).slice(0, 500);
}

const CHAPTER_TOKEN = /\{\{chapter:(\d+)\}\}/g;

/** Writes a book's table of contents (drafts in order; chapter seq → id through `chapterIds`). */
export async function insertSections(
  db: Db,
  bookId: number,
  drafts: SectionDraft[],
  chapterIds: number[],
): Promise<void> {
  let seq = 0;
  const walk = async (list: SectionDraft[], parentId: number, level: number): Promise<void> => {
    for (const d of list) {
      const id = await q.insertSection(db, {
        book_id: bookId,
        parent_id: parentId,
        seq: seq++,
        level,
        title: d.title.slice(0, 300),
        chapter_id: d.chapterSeq !== null ? (chapterIds[d.chapterSeq] ?? null) : null,
        anchor: d.anchor.slice(0, 300),
      });
      await walk(d.children, id, level + 1);
    }
  };
  await walk(drafts, 0, 1);
}

/**
 * Each chapter's layout: a pre-paginated page at its declared viewport (an SVG's size, an image's natural size);
 * a page that declares none takes the size most of the book's pages declare, else a default.
 */
function chapterLayouts(book: ParsedBook) {
  const counts = new Map<string, { viewport: Viewport; n: number }>();
  for (const d of book.documents) {
    if (!d.fixed || !d.viewport || d.viewport.device) continue;
    const key = `${d.viewport.width}x${d.viewport.height}`;
    const seen = counts.get(key) ?? { viewport: d.viewport, n: 0 };
    seen.n += 1;
    counts.set(key, seen);
  }
  const usual = [...counts.values()].sort((a, b) => b.n - a.n)[0]?.viewport ?? DEFAULT_VIEWPORT;
  return book.documents.map((d) =>
    d.fixed ? fixedLayout(d.viewport ?? usual, d.spread, d.orientation) : ({ kind: 'reflow' } as const),
  );
}

/** A page's first stored image (its thumbnail), '' when none. */
function firstImage(html: string): string {
  return /<(?:img|image)\b[^>]*?\s(?:src|href|xlink:href)="(\/api\/book\/asset\/[^"]+)"/.exec(html)?.[1] ?? '';
}

/**
 * Print pages of a fixed-layout book: one per pre-paginated page, named by the nav's page-list where it names
 * the page, else by its position among the pages (1, 2, 3…).
 */
/**
 * The book's print pages in reading order: a pre-paginated page is one page (labelled by the nav's page-list where
 * it names the page, else by its place); a reflowable chapter has the pages its page list or page-break markers give.
 */
function bookPages(
  book: ParsedBook,
  chapters: Parameters<typeof printPages>[1],
  seqOfPath: Parameters<typeof printPages>[2],
  chapterIds: number[],
) {
  const named = book.nav ? pageListOf(book.nav.source, book.nav.path) : new Map<string, string>();
  const flowing = printPages(book.pageList, chapters, seqOfPath);
  const pages: { label: string; chapterId: number; anchor: string; pageIndex: number }[] = [];
  book.documents.forEach((d, seq) => {
    if (d.fixed) {
      pages.push({
        label: named.get(d.path) ?? String(pages.length + 1),
        chapterId: chapterIds[seq]!,
        anchor: '',
        pageIndex: 0,
      });
      return;
    }
    for (const p of flowing) {
      if (p.chapterSeq === seq)
        pages.push({ label: p.label, chapterId: chapterIds[seq]!, anchor: p.anchor, pageIndex: 0 });
    }
  });
  return pages;
}

/**
 * The book a file updates: only the one the staff member chose (a new edition); without a choice the file is a new
 * book, whatever its identifier (two different books may share one: W3C `pkg-unique-id`).
 */
export async function editionTarget(db: Db, bookId: number | undefined) {
  if (bookId === undefined) return undefined;
  const chosen = await q.findBookById(db, bookId);
  if (!chosen) throw refuse(Msg.NOT_FOUND, `No book ${bookId}`);
  return chosen;
}

/** What an import knows of its book: every column but those of the catalogue's own choosing. */
export type BookFields = Omit<
  Insertable<BooksTable>,
  | 'identifier'
  | 'subject_id'
  | 'collection_id'
  | 'description'
  | 'price'
  | 'published'
  | 'recommended'
  | 'published_at'
  | 'created_at'
>;

/**
 * The book row of an import and its files' rows: a new book, or the next edition of `options.bookId` (its content
 * cleared; the names of its old files answered, to be removed once the import is committed).
 */
export async function saveBookRow(
  trx: Db,
  options: ImportOptions,
  book: { fields: BookFields; identifier: string; description: string; now: number },
  assets: { path: string; name: string; mediaType: string; size: number }[],
): Promise<{ bookId: number; edition: number; created: boolean; oldNames: string[] }> {
  const { fields, identifier, now } = book;
  const existing = await editionTarget(trx, options.bookId);
  let bookId: number;
  let edition = 1;
  let oldNames: string[] = [];
  if (existing) {
    bookId = existing.id;
    edition = existing.edition + 1;
    oldNames = await q.assetNamesOf(trx, bookId);
    await q.clearBookContent(trx, bookId);
    await q.updateBook(trx, bookId, {
      ...fields,
      identifier,
      edition,
      ...(options.published ? { published: 1, published_at: existing.published_at ?? now } : {}),
      ...(options.subjectId !== undefined ? { subject_id: options.subjectId } : {}),
      ...(options.collectionId !== undefined ? { collection_id: options.collectionId } : {}),
    });
  } else {
    bookId = await q.insertBook(trx, {
      ...fields,
      identifier,
      subject_id: options.subjectId ?? null,
      collection_id: options.collectionId ?? null,
      description: (options.description ?? book.description).slice(0, 5000),
      price: options.price ?? 0,
      published: options.published ? 1 : 0,
      recommended: options.recommended ? 1 : 0,
      published_at: options.published ? now : null,
      created_at: now,
    });
  }
  await q.insertAssets(
    trx,
    assets.map((a) => ({ book_id: bookId, path: a.path, name: a.name, media_type: a.mediaType, size: a.size })),
  );
  return { bookId, edition, created: !existing, oldNames };
}

/**
 * Imports an EPUB as one transaction: a refused or failing import leaves no book, no chapter and no
 * stored file behind. It makes a new book unless `options.bookId` names the book it is a new edition of (same id).
 */
export async function importEpub(
  deps: ImportDeps,
  bytes: Uint8Array,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const progress = async (p: number) => options.onProgress?.(p);
  const words = deps.words ?? new Words();
  const book: ParsedBook = readEpub(bytes);
  await progress(20);
  const { pkg } = book;
  const identifier = (pkg.identifier ?? `urn:sha256:${createHash('sha256').update(bytes).digest('hex')}`).slice(0, 255);
  const title = (pkg.title || options.fileName?.replace(/\.epub$/i, '') || '未命名图书').slice(0, 300);
  const authors = joinAuthors(pkg.creators);

  // Generated names for every stored file, decided before any content is rewritten to point at them.
  const names = new Map<string, { name: string; mediaType: string; bytes: Uint8Array }>();
  for (const r of book.resources) {
    if (!storable(r.mediaType)) continue;
    names.set(r.path, { name: `${randomUUID()}${extensionFor(r.mediaType)}`, mediaType: r.mediaType, bytes: r.bytes });
  }
  const shown = shownResources(book);
  const urlOf = (path: string): string | null => {
    const entry = names.get(shown.get(path) ?? path);
    return entry ? assetUrl(entry.name) : null;
  };
  for (const [path, entry] of names) {
    if (entry.mediaType === 'text/css') {
      entry.bytes = new TextEncoder().encode(sanitizeCss(new TextDecoder().decode(entry.bytes), path, urlOf));
    }
  }
  let coverName = book.coverPath ? (names.get(book.coverPath)?.name ?? '') : '';
  if (!coverName) {
    coverName = `${randomUUID()}.svg`;
    names.set('\u0000generated-cover', {
      name: coverName,
      mediaType: 'image/svg+xml',
      bytes: new TextEncoder().encode(coverSvg(title, authors)),
    });
  }

  // A document the spine lists twice: links and the contents go to its first place in the reading order.
  const seqOfPath = new Map<string, number>();
  book.documents.forEach((d, i) => {
    if (!seqOfPath.has(d.path)) seqOfPath.set(d.path, i);
  });
  const chapters: SanitizedChapter[] = book.documents.map((doc) =>
    sanitizeChapter(
      doc.source,
      doc.path,
      {
        chapterUrl: (path, fragment) => {
          const seq = seqOfPath.get(path);
          if (seq === undefined) return null;
          return `{{chapter:${seq}}}${fragment ? `#${encodeURIComponent(fragment)}` : ''}`;
        },
        assetUrl: urlOf,
      },
      { page: doc.fixed },
    ),
  );
  await progress(40);
  const layouts = chapterLayouts(book).map((layout, seq) =>
    layout.kind === 'fixed' ? { ...layout, thumb: firstImage(chapters[seq]!.html) } : layout,
  );

  const overlays = chapterOverlays(book, (path) => {
    const entry = names.get(path);
    return entry?.mediaType.startsWith('audio/') ? assetUrl(entry.name) : null;
  });

  refuseHugeImages(names, deps.imageMaxPixels ?? DEFAULT_IMAGE_MAX_PIXELS);
  const stored: string[] = [];
  try {
    for (const entry of names.values()) {
      await deps.storage.put(entry.name, entry.bytes);
      stored.push(entry.name);
    }
    await progress(60);

    let oldNames: string[] = [];
    const result = await deps.db.transaction().execute(async (trx) => {
      const now = Date.now();
      const { full, initials } = titlePinyin(title);
      const fields: BookFields = {
        title,
        title_pinyin: full.slice(0, 2000),
        title_initials: initials.slice(0, 300),
        cover: coverName,
        authors,
        publisher: pkg.publisher.slice(0, 200),
        isbn: isbnOf(pkg.identifiers),
        language: pkg.language.slice(0, 35),
        pub_year: /^\d{4}/.test(pkg.date) ? Number(pkg.date.slice(0, 4)) : null,
        direction: pkg.direction,
        title_dir: pkg.titleDir,
        authors_dir: pkg.creatorsDir,
        flow: pkg.flow,
        format: 'epub',
        layout: pkg.rendition.layout,
        spread: pkg.rendition.spread,
        orientation: pkg.rendition.orientation,
        updated_at: now,
      };
      const saved = await saveBookRow(
        trx,
        options,
        { fields, identifier, description: pkg.description, now },
        [...names.entries()].map(([path, e]) => ({
          path: path.startsWith('\u0000') ? '' : path.slice(0, 500),
          name: e.name,
          mediaType: e.mediaType,
          size: e.bytes.length,
        })),
      );
      const { bookId, edition } = saved;
      oldNames = saved.oldNames;

      const free = options.freeChapters ?? 1;
      // Non-linear chapters (notes, answers) are free when every linear chapter is: the whole book is.
      const wholeBookFree = book.documents.filter((d) => d.linear).length <= free;
      let linearSeen = 0;
      const chapterIds: number[] = [];
      for (const [seq, ch] of chapters.entries()) {
        const doc = book.documents[seq]!;
        const isFree = (doc.linear ? linearSeen < free : wholeBookFree) ? 1 : 0;
        if (doc.linear) linearSeen += 1;
        chapterIds.push(
          await q.insertChapter(trx, {
            book_id: bookId,
            seq,
            path: doc.path.slice(0, 500),
            title: (ch.title || ch.headings[0]?.title || '').slice(0, 300),
            html: ch.html,
            text: ch.text,
            styles: JSON.stringify(ch.styles),
            css: ch.css,
            linear: doc.linear ? 1 : 0,
            free: isFree,
            layout: JSON.stringify(layouts[seq]),
            overlay: overlays[seq] ? JSON.stringify(overlays[seq]) : '',
          }),
        );
      }
      for (const [seq, ch] of chapters.entries()) {
        if (!ch.html.includes('{{chapter:')) continue;
        const html = ch.html.replace(
          CHAPTER_TOKEN,
          (_m, s: string) => `/bookPreview?bookId=${bookId}&chapterId=${chapterIds[Number(s)]}`,
        );
        await q.setChapterHtml(trx, chapterIds[seq]!, html);
      }

      const titleOf = (seq: number) => chapters[seq]?.title || chapters[seq]?.headings[0]?.title || '';
      let tocSource: string = book.tocSource;
      let drafts = book.toc.length ? fromToc(book.toc, seqOfPath, titleOf) : [];
      if (!drafts.length) {
        tocSource = 'headings';
        drafts = fromHeadings(
          chapters.map((ch, seq) => ({
            seq,
            title: ch.title,
            headings: ch.headings,
            linear: book.documents[seq]!.linear,
          })),
        );
      }
      await insertSections(trx, bookId, drafts, chapterIds);
      const pages = bookPages(book, chapters, seqOfPath, chapterIds);
      await q.insertPages(trx, bookId, pages);
      await q.updateBook(trx, bookId, { toc_source: tocSource });
      await reindexBook(trx, deps.dialect, bookId, words);
      return {
        bookId,
        created: saved.created,
        edition,
        title,
        chapters: chapters.length,
        sections: countSections(drafts),
        tocSource,
        assets: names.size,
        pages: pages.length,
      };
    });
    if (deps.caches) clearCatalogCache({ caches: deps.caches });
    // A new edition replaced the chapters and their flags: the reader forgets the old ones.
    if (deps.caches) invalidate({ caches: deps.caches }, tag.book(result.bookId));
    // The old edition's files go only once the new edition is committed.
    for (const name of oldNames) await deps.storage.delete(name).catch(() => undefined);
    await progress(100);
    return result;
  } catch (err) {
    for (const name of stored) await deps.storage.delete(name).catch(() => undefined);
    throw err;
  }
}
