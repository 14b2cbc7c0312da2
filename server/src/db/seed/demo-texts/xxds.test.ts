import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writeEpub } from '../../../modules/import/index.js';
import { sanitizeChapter } from '../../../modules/import/sanitize.js';
import { demoBooks, demoSource } from '../demo-books.js';
import { tex } from './markup.js';
import { chapter1 } from './xxds-1.js';
import { chapter2 } from './xxds-2.js';
import { chapter3 } from './xxds-3.js';
import { xxdsChapters } from './xxds.js';

const cjk = (html: string) =>
  (
    html
      .replace(/<math[^]*?<\/math>/g, '')
      .replace(/<svg[^]*?<\/svg>/g, '')
      .replace(/<[^>]+>/g, '')
      .match(/[\u4e00-\u9fff]/g) ?? []
  ).length;

describe('线性代数, a demo book of real length', () => {
  it('has three chapters of real length: the old sections first, formulas, matrices, a table, exercises', () => {
    expect(xxdsChapters.map((c) => c.title)).toEqual(['第一章 行列式', '第二章 矩阵', '第三章 特征值与特征向量']);
    expect(xxdsChapters.map((c) => c.sections.slice(0, 2).map((s) => s.title))).toEqual([
      ['1.1 二阶与三阶行列式', '1.2 行列式的性质'],
      ['2.1 矩阵的运算', '2.2 逆矩阵'],
      ['3.1 特征值的定义', '3.2 特征值的性质'],
    ]);
    const sources = [chapter1, chapter2, chapter3];
    xxdsChapters.forEach((chapter, n) => {
      const html = chapter.sections.flatMap((s) => s.blocks).join('');
      expect(cjk(html), chapter.title).toBeGreaterThanOrEqual(3000);
      expect(chapter.sections.length).toBeGreaterThanOrEqual(5);
      // Every $…$ (and $$…$$) of the source became one MathML formula, and no TeX is left over.
      const formulas = sources[n]!.split('\n')
        .filter((line) => !line.startsWith('{{'))
        .join('\n')
        .replace(/\$\$([^$]+)\$\$/g, '@')
        .match(/\$[^$]+\$|@/g)!.length;
      expect(html.match(/<math[ >]/g)!.length, chapter.title).toBe(formulas);
      expect(formulas).toBeGreaterThan(80);
      expect(html).not.toContain('$');
      expect(html).not.toMatch(/<mtext>[a-zA-Z]+<\/mtext>/);
      expect(html).not.toMatch(/\\(begin|end|frac|mathbf)/);
      expect(html).toContain('display="block"');
      expect(html).toContain('<mtable>');
      expect(html.match(/<figure><svg/g)!.length).toBeGreaterThanOrEqual(1);
      expect(html.match(/<table>/g)!.length).toBeGreaterThanOrEqual(1);
      expect(html).toMatch(/class="def"/);
      expect(html).toMatch(/class="thm"/);
      expect(html).toMatch(/class="example"/);
      expect(html).toMatch(/class="proof"/);
      const exercises = chapter.sections.at(-1)!;
      expect(exercises.title).toMatch(/^习题[一二三]$/);
      const items = exercises.blocks.join('').match(/<li>/g)!.length;
      expect(items).toBeGreaterThanOrEqual(6);
      expect(items).toBeLessThanOrEqual(10);
      for (const kind of ['单选', '填空', '计算']) expect(exercises.blocks.join('')).toContain(`（${kind}）`);
    });
  });

  it('imports: formulas, matrices, figures, tables and page breaks survive the importer’s sanitizer', () => {
    const book = demoBooks.find((b) => b.key === 'xxds')!;
    expect(book.pageEvery).toBe(1500);
    const zip = unzipSync(writeEpub(demoSource(book)));
    const nav = strFromU8(zip['OEBPS/nav.xhtml']!);
    expect(nav.match(/#page\d+"/g)!.length).toBeGreaterThanOrEqual(8);
    for (const i of [1, 2, 3]) {
      const source = strFromU8(zip[`OEBPS/chapter${i}.xhtml`]!);
      const { html } = sanitizeChapter(source, `OEBPS/chapter${i}.xhtml`, {
        chapterUrl: () => null,
        assetUrl: () => null,
      });
      for (const tag of [
        '<math',
        '<mtable>',
        '<mtr>',
        '<mtd>',
        '<svg',
        '<table>',
        '<figcaption>',
        'epub:type="pagebreak"',
      ])
        expect(html.split(tag).length, `${tag} in chapter ${i}`).toBe(source.split(tag).length);
    }
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
