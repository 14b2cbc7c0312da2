import { describe, expect, it } from 'vitest';
import { expectImportKeepsMarkup, expectLongChapters } from '../../../test/demo-texts.js';
import { tex } from './markup.js';
import { chapter1 } from './xxds-1.js';
import { chapter2 } from './xxds-2.js';
import { chapter3 } from './xxds-3.js';
import { xxdsChapters } from './xxds.js';

describe('线性代数, a demo book of real length', () => {
  it('has three chapters of real length: the old sections first, formulas, matrices, a table, exercises', () => {
    expect(xxdsChapters.map((c) => c.title)).toEqual(['第一章 行列式', '第二章 矩阵', '第三章 特征值与特征向量']);
    expect(xxdsChapters.map((c) => c.sections.slice(0, 2).map((s) => s.title))).toEqual([
      ['1.1 二阶与三阶行列式', '1.2 行列式的性质'],
      ['2.1 矩阵的运算', '2.2 逆矩阵'],
      ['3.1 特征值的定义', '3.2 特征值的性质'],
    ]);
    expectLongChapters(xxdsChapters, [chapter1, chapter2, chapter3]);
    for (const chapter of xxdsChapters)
      expect(chapter.sections.flatMap((s) => s.blocks).join('')).toContain('<mtable>');
  });

  it('imports: formulas, matrices, figures, tables and page breaks survive the importer’s sanitizer', () => {
    expectImportKeepsMarkup('xxds', 8, ['<mtable>', '<mtr>', '<mtd>']);
  });

  it('writes matrices and determinants as MathML tables', () => {
    expect(tex('\\begin{pmatrix} 1 & -2 \\\\ a_{21} & 0 \\end{pmatrix}')).toBe(
      '<mrow><mo stretchy="true">(</mo><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mo>−</mo><mn>2</mn></mtd></mtr>' +
        '<mtr><mtd><msub><mi>a</mi><mrow><mn>21</mn></mrow></msub></mtd><mtd><mn>0</mn></mtd></mtr></mtable>' +
        '<mo stretchy="true">)</mo></mrow>',
    );
    expect(tex('\\begin{vmatrix} a \\end{vmatrix}^T')).toBe(
      '<msup><mrow><mo stretchy="true">|</mo><mtable><mtr><mtd><mi>a</mi></mtd></mtr></mtable><mo stretchy="true">|</mo></mrow><mi>T</mi></msup>',
    );
    expect(tex('\\det \\mathbf{x}')).toBe('<mi>det</mi><mspace width="0.17em"></mspace><mi mathvariant="bold">x</mi>');
  });
});
