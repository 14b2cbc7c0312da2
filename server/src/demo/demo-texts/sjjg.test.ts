import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writeEpub } from '../../modules/import/index.js';
import { sanitizeChapter } from '../../modules/import/sanitize.js';
import { expectImportKeepsMarkup, expectLongChapters } from '../../../test/demo-texts.js';
import { demoBooks, demoSource } from '../demo-books.js';
import { chapter1 } from './sjjg-1.js';
import { chapter2 } from './sjjg-2.js';
import { chapter3 } from './sjjg-3.js';
import { sjjgChapters } from './sjjg.js';

describe('数据结构与算法, a demo book of real length', () => {
  it('has three chapters of real length, the old sections kept, with code listings and diagrams', () => {
    expect(sjjgChapters.map((c) => c.title)).toEqual(['第一章 绪论', '第二章 线性表', '第三章 树与二叉树']);
    expect(sjjgChapters.map((c) => c.sections.slice(0, 2).map((s) => s.title))).toEqual([
      ['1.1 数据结构研究什么', '1.2 算法的复杂度'],
      ['2.1 顺序表', '2.2 链表'],
      ['3.1 二叉树的遍历', '3.2 二叉树的性质与存储结构'],
    ]);
    expectLongChapters(sjjgChapters, [chapter1, chapter2, chapter3]);
    const html = sjjgChapters.map((c) => c.sections.flatMap((s) => s.blocks).join(''));
    for (const chapter of html) expect(chapter.match(/<pre class="code"><code>/g)!.length).toBeGreaterThanOrEqual(3);
    // The old one-line texts are sentences of the new ones.
    expect(html[0]).toContain('时间复杂度用大 O 记号表示算法运行时间随输入规模增长的趋势。');
    expect(html[1]).toContain('链表通过指针把结点串起来，插入和删除不需要移动其他元素。');
    expect(html[2]).toContain('先序、中序和后序遍历的区别在于访问根结点的时机。');
    // Diagrams: the logical structures, a linked list, binary trees.
    expect(html[0]).toContain('<ellipse');
    expect(html[1]).toContain('>∧</text>');
    expect(html[2]!.match(/<circle/g)!.length).toBeGreaterThan(20);
  });

  it('imports: formulas, code listings, diagrams, tables and page breaks survive the importer’s sanitizer', () => {
    expectImportKeepsMarkup('sjjg', 8, ['<pre class="code">', '<code>', '<rect', '<circle', '<line']);
  });

  it('keeps a listing’s lines and indentation through the sanitizer', () => {
    const zip = unzipSync(writeEpub(demoSource(demoBooks.find((b) => b.key === 'sjjg')!)));
    const name = 'OEBPS/chapter1.xhtml';
    const { html } = sanitizeChapter(strFromU8(zip[name]!), name, { chapterUrl: () => null, assetUrl: () => null });
    expect(html).toContain(
      'int Gcd(int m, int n) {\n    // 求正整数 m 与 n 的最大公约数\n    while (n != 0) {\n        int r = m % n;',
    );
    expect(html).toContain('for (int i = 0; i &lt; n; i++)');
  });
});
