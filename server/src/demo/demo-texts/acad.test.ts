import { describe, expect, it } from 'vitest';
import { expectChapterShape, expectImportKeepsMarkup, words } from '../../../test/demo-texts.js';
import { acadChapters } from './acad.js';

describe('Academic English Writing, a demo book of real length in English', () => {
  it('has two units of real length, the old sections first: model passages, figures, tables, exercises', () => {
    expect(acadChapters.map((c) => c.title)).toEqual(['Unit 1 Planning a Paper', 'Unit 2 Paragraphs']);
    expect(acadChapters.map((c) => c.sections.slice(0, 2).map((s) => s.title))).toEqual([
      ['Choosing a topic', 'Writing a thesis'],
      ['Topic sentences', 'Supporting sentences'],
    ]);
    expectChapterShape(acadChapters, {
      length: words,
      min: 2500,
      max: 4500,
      exercises: /^Exercises$/,
      kinds: ['(Identify)', '(Revise)', '(Write)'],
    });
    for (const chapter of acadChapters) {
      const html = chapter.sections.flatMap((s) => s.blocks).join('');
      expect(html.match(/<blockquote>/g)!.length, chapter.title).toBeGreaterThanOrEqual(2);
      expect(html).not.toMatch(/[`$\u3000]|\*\*/);
    }
  });

  it('imports: model passages, figures, tables and page breaks survive the sanitizer', () => {
    expectImportKeepsMarkup('acad-writing', 8, ['<blockquote>', '<strong>', 'fill-opacity'], 2500);
  });
});
