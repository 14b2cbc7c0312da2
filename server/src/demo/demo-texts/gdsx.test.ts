import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writeEpub } from '../../modules/import/index.js';
import { sanitizeChapter } from '../../modules/import/sanitize.js';
import { demoBooks, demoSource } from '../demo-books.js';
import { gdsxChapters } from './gdsx.js';
import { tex } from './markup.js';
import { cjk } from '../../../test/demo-texts.js';

describe('高等数学（上册）, the demo course book', () => {
  it('has four chapters of real length: sections, formulas, figures, tables, 6–10 exercises', () => {
    expect(gdsxChapters.map((c) => c.title)).toEqual([
      '第一章 函数与极限',
      '第二章 导数与微分',
      '第三章 微分中值定理与导数的应用',
      '第四章 不定积分',
    ]);
    for (const chapter of gdsxChapters) {
      const html = chapter.sections.flatMap((s) => s.blocks).join('');
      expect(cjk(html), chapter.title).toBeGreaterThanOrEqual(3000);
      expect(cjk(html), chapter.title).toBeLessThanOrEqual(5000);
      expect(chapter.sections.length).toBeGreaterThanOrEqual(5);
      expect(html.match(/<math[ >]/g)!.length).toBeGreaterThan(100);
      expect(html).toContain('display="block"');
      expect(html.match(/<figure><svg/g)!.length).toBeGreaterThanOrEqual(2);
      expect(html.match(/<table>/g)!.length).toBeGreaterThanOrEqual(1);
      expect(html).toMatch(/class="def"/);
      expect(html).toMatch(/class="thm"/);
      expect(html).toMatch(/class="example"/);
      const exercises = chapter.sections.at(-1)!;
      expect(exercises.title).toMatch(/^习题[一二三四]$/);
      const items = exercises.blocks.join('').match(/<li>/g)!.length;
      expect(items).toBeGreaterThanOrEqual(6);
      expect(items).toBeLessThanOrEqual(10);
      for (const kind of ['单选', '填空', '计算']) expect(exercises.blocks.join('')).toContain(`（${kind}）`);
      // Every formula parsed: no TeX command left over as text.
      expect(html).not.toMatch(/<mtext>[a-zA-Z]+<\/mtext>/);
      expect(html).not.toContain('$');
    }
  });

  it('keeps its formulas, figures, tables and page breaks through the importer’s sanitizer', () => {
    const book = demoBooks.find((b) => b.key === 'gdsx-1')!;
    const zip = unzipSync(writeEpub(demoSource(book)));
    const nav = strFromU8(zip['OEBPS/nav.xhtml']!);
    const pages = nav.match(/#page\d+"/g)!.length;
    expect(pages).toBeGreaterThanOrEqual(12);
    for (const i of [1, 2, 3, 4]) {
      const source = strFromU8(zip[`OEBPS/chapter${i}.xhtml`]!);
      const { html } = sanitizeChapter(source, `OEBPS/chapter${i}.xhtml`, {
        chapterUrl: () => null,
        assetUrl: () => null,
      });
      for (const tag of ['<math', '<mfrac>', '<svg', '<path', '<table>', '<figcaption>', 'epub:type="pagebreak"'])
        expect(html.split(tag).length, `${tag} in chapter ${i}`).toBe(source.split(tag).length);
    }
  });

  it('writes a little TeX as MathML', () => {
    expect(tex("f'(x_0)")).toBe(
      '<mrow><mi>f</mi><mo lspace="0" rspace="0">′</mo></mrow><mo stretchy="false">(</mo>' +
        '<msub><mi>x</mi><mn>0</mn></msub><mo stretchy="false">)</mo>',
    );
    // Bare brackets keep their size (a fraction elsewhere in the formula does not stretch them); \left … \right grow.
    expect(tex('\\left|x\\right|')).toBe('<mrow><mo stretchy="true">|</mo><mi>x</mi><mo stretchy="true">|</mo></mrow>');
    expect(tex('\\left\\{x\\right.')).toBe('<mrow><mo stretchy="true">{</mo><mi>x</mi></mrow>');
    expect(tex('\\left(1+x\\right)^n')).toBe(
      '<msup><mrow><mo stretchy="true">(</mo><mn>1</mn><mo>+</mo><mi>x</mi><mo stretchy="true">)</mo></mrow><mi>n</mi></msup>',
    );
    expect(tex('\\lim_{x \\to 0} \\frac{\\sin x}{x}')).toBe(
      '<munder><mo movablelimits="true">lim</mo><mrow><mi>x</mi><mo>→</mo><mn>0</mn></mrow></munder>' +
        '<mfrac><mrow><mi>sin</mi><mspace width="0.17em"></mspace><mi>x</mi></mrow><mrow><mi>x</mi></mrow></mfrac>',
    );
    expect(tex('a \\lt b')).toBe('<mi>a</mi><mo>&lt;</mo><mi>b</mi>');
  });
});
