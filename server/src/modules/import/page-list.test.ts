import fs from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { corpusPath, importBook } from '../../../test/reader-fixtures.js';
import { writeEpub } from './epub-writer.js';
import { sanitizeChapter } from './sanitize.js';

const t = useTestApp();

const pagesOf = (bookId: number) =>
  t.ctx.db
    .selectFrom('book_pages')
    .innerJoin('book_chapters', 'book_chapters.id', 'book_pages.chapter_id')
    .select([
      'book_pages.label',
      'book_pages.anchor',
      'book_pages.page_index',
      'book_chapters.seq',
      'book_chapters.html',
    ])
    .where('book_pages.book_id', '=', bookId)
    .orderBy('book_pages.seq')
    .execute();

/** An EPUB 3 whose chapters are the given bodies, with an optional nav page-list and NCX pageList. */
function epubWith(bodies: string[], extra: { navPages?: string; ncxPages?: string } = {}): Uint8Array {
  const files: Record<string, Uint8Array> = {
    mimetype: strToU8('application/epub+zip'),
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': strToU8(
      `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:test:pages-${Math.random()}</dc:identifier><dc:title>页码</dc:title><dc:language>zh</dc:language></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>${extra.ncxPages ? '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>' : ''}${bodies.map((_, i) => `<item id="c${i}" href="c${i}.xhtml" media-type="application/xhtml+xml"/>`).join('')}</manifest><spine${extra.ncxPages ? ' toc="ncx"' : ''}>${bodies.map((_, i) => `<itemref idref="c${i}"/>`).join('')}</spine></package>`,
    ),
    'OEBPS/nav.xhtml': strToU8(
      `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol>${bodies.map((_, i) => `<li><a href="c${i}.xhtml">第${i + 1}章</a></li>`).join('')}</ol></nav>${extra.navPages ?? ''}</body></html>`,
    ),
  };
  if (extra.ncxPages) {
    files['OEBPS/toc.ncx'] = strToU8(
      `<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap><navPoint id="n0"><navLabel><text>一</text></navLabel><content src="c0.xhtml"/></navPoint></navMap><pageList>${extra.ncxPages}</pageList></ncx>`,
    );
  }
  bodies.forEach((body, i) => {
    files[`OEBPS/c${i}.xhtml`] = strToU8(
      `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>c${i}</title></head><body>${body}</body></html>`,
    );
  });
  return zipSync(files);
}

describe('print pages of a reflowable EPUB', () => {
  it('keeps a page-break marker and its id through sanitizing, and names one that has none', () => {
    const ch = sanitizeChapter(
      '<html><body><p>甲</p><span epub:type="pagebreak" id="p7" title="7"></span><p>乙</p><div role="doc-pagebreak" aria-label="viii"/><p>丙</p></body></html>',
      'OEBPS/c.xhtml',
      { chapterUrl: () => null, assetUrl: () => null },
    );
    expect(ch.pageBreaks).toEqual([
      { id: 'p7', label: '7' },
      { id: 'pagebreak-2', label: 'viii' },
    ]);
    // The marker gets its DPUB-ARIA role (an aria-label needs it; screen readers announce the page).
    expect(ch.html).toContain('<span epub:type="pagebreak" id="p7" title="7" role="doc-pagebreak"></span>');
    expect(ch.html).toMatch(/<div role="doc-pagebreak" aria-label="viii" id="pagebreak-2"><\/div>/);
  });

  it('takes the nav page-list, anchored at the ids it points to (a missing id: the chapter start)', async () => {
    const bytes = epubWith(
      [
        '<h1>一</h1><p>前言</p><span epub:type="pagebreak" id="pg-i" title="i"/><p>正文</p>',
        '<span epub:type="pagebreak" id="pg-1">1</span><p>第一页</p><p id="two">第二页</p>',
      ],
      {
        navPages:
          '<nav epub:type="page-list" hidden=""><ol><li><a href="c0.xhtml#pg-i">i</a></li><li><a href="c1.xhtml#pg-1">1</a></li><li><a href="c1.xhtml#two">2</a></li><li><a href="c1.xhtml#gone">3</a></li><li><a href="missing.xhtml#x">4</a></li></ol></nav>',
      },
    );
    const { bookId, pages } = await importBook(t.ctx, bytes);
    expect(pages).toBe(4);
    const rows = await pagesOf(bookId);
    expect(rows.map((r) => [r.label, r.seq, r.anchor, r.page_index])).toEqual([
      ['i', 0, 'pg-i', 0],
      ['1', 1, 'pg-1', 0],
      ['2', 1, 'two', 0],
      ['3', 1, '', 0],
    ]);
    expect(rows[1]!.html).toContain('id="pg-1"');
  });

  it('takes the NCX pageList of an EPUB 2 when the nav has none', async () => {
    const bytes = epubWith(['<p id="a">甲</p><p id="b">乙</p>'], {
      ncxPages:
        '<pageTarget type="normal" value="1"><navLabel><text>1</text></navLabel><content src="c0.xhtml#a"/></pageTarget><pageTarget type="normal" value="2"><navLabel><text>2</text></navLabel><content src="c0.xhtml#b"/></pageTarget>',
    });
    const { bookId } = await importBook(t.ctx, bytes);
    expect((await pagesOf(bookId)).map((r) => [r.label, r.anchor])).toEqual([
      ['1', 'a'],
      ['2', 'b'],
    ]);
  });

  it('falls back to the page-break markers of the chapters, in reading order', async () => {
    const bytes = epubWith([
      '<span epub:type="pagebreak" title="12"></span><p>甲</p>',
      '<p>乙</p><span role="doc-pagebreak" aria-label="13"></span><p>丙</p><span epub:type="pagebreak"></span>',
    ]);
    const { bookId } = await importBook(t.ctx, bytes);
    const rows = await pagesOf(bookId);
    expect(rows.map((r) => [r.label, r.seq, r.anchor])).toEqual([
      ['12', 0, 'pagebreak-1'],
      ['13', 1, 'pagebreak-1'],
    ]);
    expect(rows[1]!.html).toContain('id="pagebreak-1"');
  });

  it('gives a book without either no pages, and a new edition replaces the pages', async () => {
    const first = await importBook(t.ctx, epubWith(['<p>没有页码</p>']));
    expect(first.pages).toBe(0);
    const source = (pageEvery: number) => ({
      identifier: 'urn:test:edition-pages',
      title: '再版',
      authors: ['甲'],
      publisher: '示范大学出版社',
      language: 'zh-CN',
      date: '2024-09-01',
      description: '',
      pageEvery,
      chapters: [{ title: '一', sections: [{ title: '1.1', paragraphs: ['字'.repeat(900), '字'.repeat(900)] }] }],
    });
    const one = await importBook(t.ctx, writeEpub(source(800)));
    expect(one.pages).toBe(2);
    const two = await importBook(t.ctx, writeEpub(source(100000)), { bookId: one.bookId });
    expect((await pagesOf(two.bookId)).map((r) => r.label)).toEqual(['1']);
  });

  it('reads the page lists of real books: nav (children’s literature) and NCX (EPUB 2)', async () => {
    const kids = await importBook(
      t.ctx,
      fs.readFileSync(corpusPath('conformance', 'idpf-epub3-samples', 'childrens-literature.epub')),
    );
    const rows = await pagesOf(kids.bookId);
    expect(rows.length).toBeGreaterThan(50);
    expect(rows[0]).toMatchObject({ label: '169', anchor: 'Page_169' });
    expect(rows[0]!.html).toContain('id="Page_169"');
    const lapin = await importBook(
      t.ctx,
      fs.readFileSync(corpusPath('epub2-real-world', 'pg29052-pierre-lapin-fr-epub2.epub')),
    );
    const pages = await pagesOf(lapin.bookId);
    expect(pages[0]).toMatchObject({ label: '[8]', anchor: 'Page_8' });
    expect(pages.length).toBeGreaterThan(10);
  });
});
