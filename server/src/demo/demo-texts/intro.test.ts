import { describe, expect, it } from 'vitest';
import { expectChapterShape, expectImportKeepsMarkup, words } from '../../../test/demo-texts.js';
import { introChapters } from './intro.js';

describe('Introduction to Programming, a demo book of real length in English', () => {
  it('has two chapters of real length, the old sections first: listings, figures, tables, exercises', () => {
    expect(introChapters.map((c) => c.title)).toEqual(['Chapter 1 Values and Expressions', 'Chapter 2 Functions']);
    expect(introChapters.map((c) => c.sections.slice(0, 2).map((s) => s.title))).toEqual([
      ['1.1 What a program is', '1.2 Expressions'],
      ['2.1 Defining functions', '2.2 Recursion'],
    ]);
    expectChapterShape(introChapters, {
      length: words,
      min: 2500,
      max: 4500,
      exercises: /^\d\.\d Exercises$/,
      kinds: ['(Predict)', '(Debug)', '(Write)'],
    });
    for (const chapter of introChapters) {
      const html = chapter.sections.flatMap((s) => s.blocks).join('');
      expect(html.match(/<pre class="code"><code class="language-python">/g)!.length).toBeGreaterThanOrEqual(8);
      expect(html.match(/<code>/g)!.length).toBeGreaterThan(60);
      // Every backtick and escape of the source became markup; no ideographic space in English text.
      expect(html).not.toMatch(/[`\u3000]|\\`|\*\*[a-z]/);
    }
  });

  it('imports: listings keep their lines and indents, figures, tables and page breaks survive the sanitizer', () => {
    expectImportKeepsMarkup('intro-prog', 8, ['<pre class="code">', '<code>', '\n    return'], 2500);
  });
});
