import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportRefusal } from './errors.js';
import { sanitizeChapter } from './sanitize.js';
import { parseXml } from './xml.js';
import { MAX_NESTING, nestingDepth } from '../../util/nesting.js';

const links = { chapterUrl: () => null, assetUrl: () => null };
const deep = (n: number) => '<div>'.repeat(n) + '深' + '</div>'.repeat(n);

describe('user input nested thousands deep', () => {
  it('measures depth without recursion, even a hundred thousand levels down', () => {
    type Node = { kids: Node[] };
    const root: Node = { kids: [] };
    let at = root;
    for (let i = 0; i < 100_000; i++) {
      const next: Node = { kids: [] };
      at.kids.push(next);
      at = next;
    }
    expect(nestingDepth(root, (n) => n.kids, Infinity)).toBe(100_000);
  });

  it('refuses a chapter nested beyond the limit with a message naming the file, not a stack overflow', () => {
    let error: unknown;
    try {
      sanitizeChapter(`<html><body>${deep(5000)}</body></html>`, 'OEBPS/deep.xhtml', links as never);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ImportRefusal);
    expect((error as ImportRefusal).zh).toContain('OEBPS/deep.xhtml');
    expect((error as ImportRefusal).zh).toContain(`${MAX_NESTING} 层`);
  });

  it('keeps a chapter nested as deep as real books are', () => {
    const out = sanitizeChapter(`<html><body>${deep(60)}</body></html>`, 'OEBPS/c.xhtml', links as never);
    expect(out.text).toBe('深');
  });

  it('refuses a package document nested beyond the limit', () => {
    const xml = `<?xml version="1.0"?><package>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</package>`;
    expect(() => parseXml(xml, { zh: '包文件', en: 'package document' })).toThrow(ImportRefusal);
  });
});

describe('images in a book that no browser should decode', () => {
  it('refuses a book holding a 40000×40000 PNG (by its header) with the file named', async () => {
    const { importEpub } = await import('./importer.js');
    const png = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png, 0);
    png.writeUInt32BE(13, 8);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(40_000, 16);
    png.writeUInt32BE(40_000, 20);
    const opf =
      '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:x:huge</dc:identifier><dc:title>大图</dc:title><dc:language>zh</dc:language></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="c0" href="c0.xhtml" media-type="application/xhtml+xml"/><item id="img" href="huge.png" media-type="image/png"/></manifest><spine><itemref idref="c0"/></spine></package>';
    const book = zipSync({
      mimetype: strToU8('application/epub+zip'),
      'META-INF/container.xml': strToU8(
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
      'OEBPS/content.opf': strToU8(opf),
      'OEBPS/nav.xhtml': strToU8(
        '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol><li><a href="c0.xhtml">一</a></li></ol></nav></body></html>',
      ),
      'OEBPS/c0.xhtml': strToU8(
        '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c0</title></head><body><p><img src="huge.png" alt=""/></p></body></html>',
      ),
      'OEBPS/huge.png': new Uint8Array(png),
    });
    const stored: string[] = [];
    const storage = { put: async (n: string) => void stored.push(n), get: async () => null, delete: async () => {} };
    const error = await importEpub({ db: null as never, dialect: 'sqlite', storage, caches: null }, book).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportRefusal);
    expect((error as ImportRefusal).zh).toContain('huge.png');
    expect(stored).toEqual([]);
  });
});
