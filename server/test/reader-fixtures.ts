import { wordsOf } from '../src/modules/catalog/index.js';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { AppContext } from '../src/http/context.js';
import { importEpub, type ImportOptions } from '../src/modules/import/importer.js';

/** A data folder of its own for a test file's stored book files. */
export function tempDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'reader-test-'));
}

/** The shared corpus of real EPUBs (never copied into the project). */
export function corpusPath(...parts: string[]): string {
  const root = path.resolve(import.meta.dirname, '..', '..');
  return path.resolve(root, '..', 'shared', 'data', 'epub', ...parts);
}

export interface DraftChapter {
  title: string;
  /** Body XHTML; `<img src="images/NAME"/>` refers to a generated PNG of that name. */
  body: string;
}

const PNG_1PX = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** A small valid EPUB 3 with the given chapters, images named in them, and a stylesheet. */
export function buildEpub(identifier: string, title: string, chapters: DraftChapter[]): Uint8Array {
  const images = new Set<string>();
  for (const c of chapters) for (const m of c.body.matchAll(/images\/([\w.-]+\.png)/g)) images.add(m[1]!);
  const files: Record<string, Uint8Array> = {
    mimetype: strToU8('application/epub+zip'),
    'META-INF/container.xml': strToU8(
      `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    ),
    'OEBPS/style.css': strToU8('p { line-height: 1.6; } .note { color: #333; }'),
  };
  const manifest = [
    `<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`,
    `<item id="css" href="style.css" media-type="text/css"/>`,
  ];
  const spine: string[] = [];
  const navItems: string[] = [];
  chapters.forEach((c, i) => {
    const href = `ch${i + 1}.xhtml`;
    files[`OEBPS/${href}`] = strToU8(
      `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" lang="zh"><head><title>${c.title}</title><link rel="stylesheet" href="style.css"/></head><body><h1>${c.title}</h1>${c.body}</body></html>`,
    );
    manifest.push(`<item id="c${i + 1}" href="${href}" media-type="application/xhtml+xml"/>`);
    spine.push(`<itemref idref="c${i + 1}"/>`);
    navItems.push(`<li><a href="${href}">${c.title}</a></li>`);
  });
  for (const name of images) {
    files[`OEBPS/images/${name}`] = PNG_1PX;
    manifest.push(`<item id="img-${name.replace(/\W/g, '_')}" href="images/${name}" media-type="image/png"/>`);
  }
  files['OEBPS/nav.xhtml'] = strToU8(
    `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>目录</title></head><body><nav epub:type="toc"><ol>${navItems.join('')}</ol></nav></body></html>`,
  );
  files['OEBPS/content.opf'] = strToU8(
    `<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">${identifier}</dc:identifier><dc:title>${title}</dc:title><dc:language>zh</dc:language><meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata><manifest>${manifest.join('')}</manifest><spine>${spine.join('')}</spine></package>`,
  );
  return zipSync(files);
}

/** Imports EPUB bytes into the test app's database and storage. */
export async function importBook(ctx: AppContext, bytes: Uint8Array, options: ImportOptions = {}) {
  return importEpub(
    { db: ctx.db, dialect: ctx.dialect, storage: ctx.files.books, words: wordsOf(ctx), caches: ctx.caches },
    bytes,
    {
      published: true,
      freeChapters: 1,
      ...options,
    },
  );
}
