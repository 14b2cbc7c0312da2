import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writeEpub, type BookSource } from './epub-writer.js';
import { sanitizeChapter } from './sanitize.js';

const book = (pageEvery?: number): BookSource => ({
  identifier: 'urn:test:pages',
  title: '分页测试',
  authors: ['甲'],
  publisher: '示范大学出版社',
  language: 'zh-CN',
  date: '2024-09-01',
  description: '分页',
  pageEvery,
  chapters: [1, 2].map((c) => ({
    title: `第${c}章`,
    sections: [
      {
        title: `${c}.1 节`,
        paragraphs: ['一'.repeat(600), '二'.repeat(600)],
        blocks: ['<p>' + '三'.repeat(600) + '</p>', '<table><tr><td>表</td></tr></table>'],
      },
    ],
  })),
});

const files = (source: BookSource) => {
  const zip = unzipSync(writeEpub(source));
  return (name: string) => strFromU8(zip[`OEBPS/${name}`]!);
};
/** The page list of a navigation document: [href, label] pairs. */
function readNavPageList(nav: string): [string, string][] {
  const list = /<nav epub:type="page-list"[^>]*>([^]*?)<\/nav>/.exec(nav)?.[1] ?? '';
  return [...list.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1]!, m[2]!]);
}
const links = { chapterUrl: () => null, assetUrl: () => null };

describe('writeEpub', () => {
  it('writes blocks after the paragraphs, and no page list unless asked', () => {
    const read = files(book());
    expect(read('chapter1.xhtml')).toContain('<table><tr><td>表</td></tr></table>');
    expect(read('chapter1.xhtml')).not.toContain('pagebreak');
    expect(read('nav.xhtml')).not.toContain('page-list');
  });

  it('marks a page break at each chapter start and past each page length, listed in a page-list nav', () => {
    const read = files(book(1000));
    // Chapter 1: page 1 at its start, page 2 before the third block (1,200 characters read by then).
    const ch1 = read('chapter1.xhtml');
    expect(ch1.match(/epub:type="pagebreak"/g)).toHaveLength(2);
    expect(ch1.indexOf('id="page1"')).toBeLessThan(ch1.indexOf('<h1'));
    expect(ch1.indexOf('id="page2"')).toBeLessThan(ch1.indexOf('三三三'));
    expect(ch1.indexOf('id="page2"')).toBeGreaterThan(ch1.indexOf('二二二'));
    // Chapter 2 starts a new page even though the last one is not full.
    expect(read('chapter2.xhtml')).toContain('id="page3"');
    expect(readNavPageList(read('nav.xhtml'))).toEqual([
      ['chapter1.xhtml#page1', '1'],
      ['chapter1.xhtml#page2', '2'],
      ['chapter2.xhtml#page3', '3'],
      ['chapter2.xhtml#page4', '4'],
    ]);
    // The nav's table of contents is still the first nav (the importer reads the one marked toc).
    expect(read('nav.xhtml').indexOf('epub:type="toc"')).toBeLessThan(read('nav.xhtml').indexOf('page-list'));
    // The sanitizer keeps the markers (empty spans, not self-closed) for the reader.
    const { html } = sanitizeChapter(ch1, 'OEBPS/chapter1.xhtml', links);
    expect(html).toContain('<span epub:type="pagebreak" role="doc-pagebreak" id="page2" aria-label="2"></span>');
  });
});
