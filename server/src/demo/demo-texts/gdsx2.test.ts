import { describe, expect, it } from 'vitest';
import { expectImportKeepsMarkup, expectLongChapters } from '../../../test/demo-texts.js';
import { chapter1 } from './gdsx2-1.js';
import { chapter2 } from './gdsx2-2.js';
import { chapter3 } from './gdsx2-3.js';
import { gdsx2Chapters } from './gdsx2.js';

describe('高等数学（下册）, a demo book of real length', () => {
  it('has three chapters of real length, the old sections first', () => {
    expect(gdsx2Chapters.map((c) => c.title)).toEqual(['第一章 多元函数微分学', '第二章 重积分', '第三章 无穷级数']);
    expect(gdsx2Chapters.map((c) => c.sections.slice(0, 2).map((s) => s.title))).toEqual([
      ['1.1 偏导数', '1.2 全微分'],
      ['2.1 二重积分的概念', '2.2 极坐标下的计算'],
      ['3.1 常数项级数', '3.2 幂级数'],
    ]);
    expectLongChapters(gdsx2Chapters, [chapter1, chapter2, chapter3]);
    // Partial derivatives, multiple integrals and series are written with their own signs.
    const html = gdsx2Chapters.map((c) => c.sections.flatMap((s) => s.blocks).join(''));
    expect(html[0]).toContain('<mi>∂</mi>');
    expect(html[1]).toContain('<mo largeop="true">∬</mo>');
    expect(html[1]).toContain('<mo largeop="true">∭</mo>');
    expect(html[2]).toContain('<munderover><mo largeop="true">∑</mo>');
  });

  it('imports: formulas, figures, tables and page breaks survive the importer’s sanitizer', () => {
    expectImportKeepsMarkup('gdsx-2', 6, ['<msubsup>', '<munderover>']);
  });
});
