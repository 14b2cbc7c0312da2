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
