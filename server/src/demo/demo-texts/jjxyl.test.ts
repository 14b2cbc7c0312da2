import { describe, expect, it } from 'vitest';
import { cjk, expectChapterShape, expectFormulas, expectImportKeepsMarkup } from '../../../test/demo-texts.js';
import { chapter1 } from './jjxyl-1.js';
import { chapter2 } from './jjxyl-2.js';
import { jjxylChapters } from './jjxyl.js';

describe('经济学原理, a demo book of real length', () => {
  it('has two chapters of real length, the old sections and sentences first', () => {
    expect(jjxylChapters.map((c) => c.title)).toEqual(['第一章 供给与需求', '第二章 宏观经济指标']);
    expect(jjxylChapters.map((c) => c.sections.slice(0, 2).map((s) => s.title))).toEqual([
      ['1.1 需求定律', '1.2 市场均衡'],
      ['2.1 国内生产总值', '2.2 GDP 核算的三种方法'],
    ]);
    const first = (n: number, s: number) => jjxylChapters[n]!.sections[s]!.blocks[0];
    expect(first(0, 0)).toContain('在其他条件不变时，商品价格上升，需求量下降。');
    expect(first(0, 1)).toContain('供给曲线与需求曲线的交点决定均衡价格和均衡数量。');
    expect(first(1, 0)).toContain('国内生产总值衡量一定时期内一国生产的全部最终产品和服务的市场价值。');
    expectChapterShape(jjxylChapters, {
      length: cjk,
      min: 3000,
      max: 5000,
      exercises: /^习题[一二]$/,
      kinds: ['（单选）', '（填空）', '（计算）', '（简答）'],
    });
    // Elasticities, the national accounts, price indices and the unemployment rate as MathML.
    expectFormulas(jjxylChapters, [chapter1, chapter2], 50);
    for (const chapter of jjxylChapters) {
      const html = chapter.sections.flatMap((s) => s.blocks).join('');
      for (const kind of ['def', 'thm', 'example', 'solution']) expect(html, kind).toContain(`class="${kind}"`);
    }
  });

  it('draws the supply–demand diagram on P and Q axes', () => {
    const html = jjxylChapters[0]!.sections.flatMap((s) => s.blocks).join('');
    expect(html).toContain('<figcaption>图 1-1\u3000供求均衡');
    expect(html).toMatch(/font-style="italic" fill="currentColor">Q<\/text>/);
    expect(html).toMatch(/font-style="italic" fill="currentColor">P<\/text>/);
    expect(html).toContain('<mfrac><mrow><mo>Δ</mo><mi>Q</mi><mo>/</mo><mi>Q</mi></mrow>');
  });

  it('imports: formulas, figures, tables and page breaks survive the sanitizer', () => {
    expectImportKeepsMarkup('jjxyl', 4, ['<mfrac>', '<msub>']);
  });
});
