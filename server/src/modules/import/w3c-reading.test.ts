// What the W3C EPUB 3 reading-system tests ask of the importer (e2e/journeys/w3c-conformance.e2e.ts checks them
// in the reader): URLs parsed as URLs, SVG's own CSS kept, -epub- properties translated, manifest fallbacks of
// images, duplicate spine items, non-linear chapters of a free book. Small books built in memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { bookStorage } from '../books/index.js';
import { wordsOf } from '../catalog/index.js';
import { sanitizeCss } from './css.js';
import { importEpub } from './importer.js';
import { resolveInBook } from './paths.js';
import { parsePackage } from './package-doc.js';
import { sanitizeChapter } from './sanitize.js';
import { ImportRefusal } from './errors.js';

const links = { chapterUrl: () => null, assetUrl: (p: string) => `/api/book/asset/${p.replace(/\W/g, '_')}` };

describe('URLs resolved as URL parsing does, with the container root as the root', () => {
  it('reads a path-absolute reference from the root and stops ../ at the root', () => {
    expect(resolveInBook('EPUB/c.xhtml', '/media/imgs/a.jpg')).toBe('media/imgs/a.jpg');
    expect(resolveInBook('EPUB/c.xhtml', '../../../media/a.jpg')).toBe('media/a.jpg');
    expect(resolveInBook('EPUB/c.xhtml', '%2e%2e/%2e%2e/x.png')).toBe('x.png');
  });
  it('still refuses what leaves the book: schemes, network paths, an encoded ../ inside a name', () => {
    for (const href of ['http://x/y.png', '//x/y.png', 'file:///etc/passwd', 'C:/Windows/x', 'a/..%2f..%2fetc'])
      expect(resolveInBook('EPUB/c.xhtml', href), href).toBeNull();
  });
});

describe('book CSS', () => {
  const css = (text: string) => sanitizeCss(text, 'EPUB/s.css', () => '/api/book/asset/x.png');
  it('keeps a reference to an element of the same document (an SVG pattern) and refuses remote loads', () => {
    expect(css('.a{fill:url(#star)}')).toBe('.a{fill:url("#star")}');
    expect(css('a{background:url("http://evil/a\\"b")}')).toBe('a{background:none}');
    expect(css('a{background:\\75 rl(http://evil/x)}')).toBe('a{background:none}');
    expect(css('a{background:u\\rl(http://evil/x)}')).toBe('a{background:none}');
    expect(css('a{background-image:image-set("http://evil/x.png" 1x)}')).not.toMatch(/image-set/);
    expect(css('@import "http://evil/x.css";')).toBe('');
  });
  it('translates every -epub- property, in style attributes as in stylesheets', () => {
    expect(css('margin: 1em; -epub-hyphens: auto')).toBe('margin: 1em; hyphens: auto');
    expect(css('p{-epub-text-align-last: end}')).toBe('p{text-align-last: end}');
    expect(css('.a{-epub-text-combine-horizontal: all}.b{-epub-text-combine: horizontal}')).toBe(
      '.a{text-combine-upright: all}.b{text-combine-upright: all}',
    );
    expect(css('p{text-transform: -epub-fullwidth}')).toBe('p{text-transform: full-width}');
    expect(css('p{-epub-text-orientation: vertical-right}')).toBe('p{text-orientation: mixed}');
    expect(css('html{-epub-writing-mode: vertical-lr}')).toBe('html{writing-mode: vertical-lr}');
  });
  it('translates a style attribute of the content', () => {
    const ch = sanitizeChapter('<html><body><p style="-epub-hyphens: none">x</p></body></html>', 'EPUB/c.xhtml', links);
    expect(ch.html).toContain('style="hyphens: none"');
  });
  it('writes the text of a -epub-fullwidth element in full-width forms (Chromium has no full-width transform)', () => {
    const ch = sanitizeChapter(
      '<html><body><p style="text-transform: -epub-fullwidth">これ<br/>12 ab<b>C!</b></p><p>12 ab</p></body></html>',
      'EPUB/c.xhtml',
      links,
    );
    expect(ch.html).toContain('style="text-transform: full-width">これ<br />１２\u3000ａｂ<b>Ｃ！</b></p><p>12 ab</p>');
  });
});

describe('SVG', () => {
  it("keeps an SVG content document's own <style> (in CDATA), scoped with the chapter's CSS", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><defs><style type="text/css"><![CDATA[ .fil0 {fill:red} ]]></style></defs><path class="fil0" d="M0 0h10v10z"/></svg>';
    const ch = sanitizeChapter(svg, 'EPUB/c.svg', links);
    expect(ch.css).toContain('.fil0 {fill:red}');
    expect(ch.css).not.toContain('CDATA');
    expect(ch.html).toContain('class="fil0"');
    expect(ch.html).not.toContain('<style');
  });
  it('refuses script and event handlers in SVG still', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><style>.a{background:url(http://evil/x)}</style><a href="javascript:alert(3)"><text>x</text></a></svg>';
    const ch = sanitizeChapter(svg, 'EPUB/c.svg', links);
    expect(ch.html).not.toMatch(/onload|script|javascript/);
    expect(ch.css).not.toContain('evil');
  });
});

/** A book whose package is given in parts (manifest items, spine itemrefs) and files. */
function book(manifest: string, spine: string, files: Record<string, string | Uint8Array>): Uint8Array {
  const opf = `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:x:${Math.random()}</dc:identifier><dc:title>W3C</dc:title><dc:language>en</dc:language></metadata><manifest>${manifest}</manifest><spine>${spine}</spine></package>`;
  const all: Record<string, Uint8Array> = {
    mimetype: strToU8('application/epub+zip'),
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'EPUB/package.opf': strToU8(opf),
  };
  for (const [name, data] of Object.entries(files)) all[name] = typeof data === 'string' ? strToU8(data) : data;
  return zipSync(all);
}
const page = (body: string) =>
  `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>${body}</body></html>`;
const xhtml = (id: string) => `<item id="${id}" href="${id}.xhtml" media-type="application/xhtml+xml"/>`;
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

describe('importing what the W3C tests ask', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'w3c-import-'));
  const t = useTestApp({ dataDir });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const deps = () => ({
    db: t.ctx.db,
    dialect: t.ctx.dialect,
    storage: bookStorage(t.ctx.config),
    caches: t.ctx.caches,
    words: wordsOf(t.ctx),
  });
  const chapters = (bookId: number) =>
    t.ctx.db
      .selectFrom('book_chapters')
      .select(['id', 'path', 'html', 'free', 'linear'])
      .where('book_id', '=', bookId)
      .orderBy('seq')
      .execute();
  const assetName = async (bookId: number, p: string) =>
    (
      await t.ctx.db
        .selectFrom('book_assets')
        .select('name')
        .where('book_id', '=', bookId)
        .where('path', '=', p)
        .executeTakeFirst()
    )?.name;

  it('shows the manifest fallback of an image browsers cannot show, and a path-absolute image', async () => {
    const bytes = book(
      `${xhtml('c1')}<item id="psd" href="star.psd" media-type="image/psd" fallback="png"/><item id="png" href="star.png" media-type="image/png"/><item id="abs" href="../media/a.png" media-type="image/png"/>`,
      '<itemref idref="c1"/>',
      {
        'EPUB/c1.xhtml': page('<img src="star.psd" alt="a"/><img src="/media/a.png" alt="b"/>'),
        'EPUB/star.psd': new Uint8Array([56, 66, 80, 83]),
        'EPUB/star.png': PNG,
        'media/a.png': PNG,
      },
    );
    const r = await importEpub(deps(), bytes);
    const [c] = await chapters(r.bookId);
    expect(c!.html).toContain(`/api/book/asset/${await assetName(r.bookId, 'EPUB/star.png')}`);
    expect(c!.html).toContain(`/api/book/asset/${await assetName(r.bookId, 'media/a.png')}`);
  });

  it('reads a document listed twice in the spine twice; a link to it goes to its first place', async () => {
    const bytes = book(
      `${xhtml('c1')}${xhtml('c2')}`,
      '<itemref idref="c1"/><itemref idref="c2"/><itemref idref="c2"/>',
      {
        'EPUB/c1.xhtml': page('<p><a href="c2.xhtml">next</a></p>'),
        'EPUB/c2.xhtml': page('<p>again</p>'),
      },
    );
    const r = await importEpub(deps(), bytes);
    const rows = await chapters(r.bookId);
    expect(rows.map((c) => c.path)).toEqual(['EPUB/c1.xhtml', 'EPUB/c2.xhtml', 'EPUB/c2.xhtml']);
    expect(rows[0]!.html).toContain(`chapterId=${rows[1]!.id}"`);
  });

  it('refuses a content document that is not well-formed XML, naming the file and the line', async () => {
    for (const [body, cause] of [
      ['<p>unclosed\n</body>', 'tag mismatch'],
      ['<p::p>x</p::p>', 'invalid characters'],
    ] as const) {
      const bytes = book(xhtml('c1'), '<itemref idref="c1"/>', {
        'EPUB/c1.xhtml': `<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head>\n<body>\n${body}</body></html>`,
      });
      const err = await importEpub(deps(), bytes).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ImportRefusal);
      expect((err as ImportRefusal).zh).toMatch(/^EPUB\/c1\.xhtml 第 \d+ 行不是格式正确的 XML/);
      expect((err as ImportRefusal).en).toContain(cause);
    }
  });

  it('makes the non-linear chapters of a book free when all its linear chapters are', async () => {
    const bytes = book(`${xhtml('c1')}${xhtml('c2')}`, '<itemref idref="c1"/><itemref idref="c2" linear="no"/>', {
      'EPUB/c1.xhtml': page('<p>one</p>'),
      'EPUB/c2.xhtml': page('<p>notes</p>'),
    });
    const all = await chapters((await importEpub(deps(), bytes, { freeChapters: 999 })).bookId);
    expect(all.map((c) => c.free)).toEqual([1, 1]);
    const some = await chapters(
      (
        await importEpub(
          deps(),
          book(
            `${xhtml('c1')}${xhtml('c2')}${xhtml('c3')}`,
            '<itemref idref="c1"/><itemref idref="c2"/><itemref idref="c3" linear="no"/>',
            {
              'EPUB/c1.xhtml': page('<p>one</p>'),
              'EPUB/c2.xhtml': page('<p>two</p>'),
              'EPUB/c3.xhtml': page('<p>notes</p>'),
            },
          ),
          { freeChapters: 1 },
        )
      ).bookId,
    );
    expect(some.map((c) => c.free)).toEqual([1, 0, 0]);
  });
});

describe('what the package says about showing the book', () => {
  const opf = (pkgAttrs: string, meta: string) =>
    `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" ${pkgAttrs}><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier>${meta}</metadata><manifest/><spine/></package>`;
  it('keeps the direction of the title and creator: their own dir, else the package dir', () => {
    const a = parsePackage(opf('dir="ltr"', '<dc:title dir="rtl">t</dc:title><dc:creator>c</dc:creator>'), 'p.opf');
    expect([a.titleDir, a.creatorsDir]).toEqual(['rtl', 'ltr']);
    const b = parsePackage(
      opf('dir="rtl"', '<dc:title dir="auto">t</dc:title><dc:creator dir="rtl">c</dc:creator>'),
      'p.opf',
    );
    expect([b.titleDir, b.creatorsDir]).toEqual(['auto', 'rtl']);
    const c = parsePackage(opf('', '<dc:title>t</dc:title>'), 'p.opf');
    expect([c.titleDir, c.creatorsDir]).toEqual(['', '']);
  });
  it('reads rendition:flow', () => {
    const p = parsePackage(opf('', '<dc:title>t</dc:title><meta property="rendition:flow">paginated</meta>'), 'p.opf');
    expect(p.flow).toBe('paginated');
  });
});
