import { describe, expect, it } from 'vitest';
import { cjk, expectChapterShape, expectImportKeepsMarkup } from '../../../test/demo-texts.js';
import { dxywChapters } from './dxyw.js';

describe('大学语文, a demo book of real length', () => {
  it('has two units of real length, the old sections first: poems quoted, figures, tables, exercises', () => {
    expect(dxywChapters.map((c) => c.title)).toEqual(['第一单元 诗词鉴赏', '第二单元 散文阅读']);
    expect(dxywChapters.map((c) => c.sections.slice(0, 2).map((s) => s.title))).toEqual([
      ['一 读诗的方法', '二 意象与意境'],
      ['一 散文的特点', '二 古代散文的源流'],
    ]);
    expectChapterShape(dxywChapters, {
      length: cjk,
      min: 3000,
      max: 5000,
      exercises: /^习题[一二]$/,
      kinds: ['（单选）', '（填空）', '（简答）', '（写作）'],
    });
    for (const chapter of dxywChapters) {
      const html = chapter.sections.flatMap((s) => s.blocks).join('');
      // The classical texts stand apart as quotations, the commentary around them.
      expect(html.match(/<blockquote>/g)!.length, chapter.title).toBeGreaterThanOrEqual(5);
      expect(html).not.toMatch(/[$`]|\*\*/);
    }
  });

  it('imports: quotations, figures, tables and page breaks survive the sanitizer', () => {
    expectImportKeepsMarkup('dxyw', 5, ['<blockquote>', '<circle', '<tspan']);
  });
});
