import { describe, expect, it } from 'vitest';
import { expectImportKeepsMarkup, expectLongChapters } from '../../../test/demo-texts.js';
import { chapter1 } from './gll-1.js';
import { chapter2 } from './gll-2.js';
import { gllChapters } from './gll.js';

describe('概率论与数理统计, a demo book of real length', () => {
  it('has two chapters of real length, the old sections first', () => {
    expect(gllChapters.map((c) => c.title)).toEqual(['第一章 随机事件与概率', '第二章 随机变量']);
    expect(gllChapters.map((c) => c.sections.slice(0, 2).map((s) => s.title))).toEqual([
      ['1.1 样本空间', '1.2 条件概率'],
      ['2.1 离散型随机变量', '2.2 正态分布'],
    ]);
    expectLongChapters(gllChapters, [chapter1, chapter2]);
  });

  it('imports: formulas, binomial coefficients, figures, tables and page breaks survive the sanitizer', () => {
    expectImportKeepsMarkup('gll', 4, ['<mfrac linethickness="0">', '<mover accent="true">']);
  });
});
