import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';
import { writeEpub } from '../src/modules/import/index.js';
import { sanitizeChapter } from '../src/modules/import/sanitize.js';
import { demoBooks, demoSource } from '../src/demo/demo-books.js';
import type { TextSection } from '../src/demo/demo-texts/markup.js';

/** Chinese characters of a chapter's XHTML, formulas and figures left out. */
export const cjk = (html: string) =>
  (
    html
      .replace(/<math[^]*?<\/math>/g, '')
      .replace(/<svg[^]*?<\/svg>/g, '')
      .replace(/<[^>]+>/g, '')
      .match(/[\u4e00-\u9fff]/g) ?? []
  ).length;

/** English words of a chapter's XHTML, code listings, formulas and figures left out. */
export const words = (html: string) =>
  (
    html
      .replace(/<pre[^]*?<\/pre>/g, '')
      .replace(/<math[^]*?<\/math>/g, '')
      .replace(/<svg[^]*?<\/svg>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .match(/[A-Za-z]+(?:['’-][A-Za-z]+)*/g) ?? []
  ).length;

type Chapters = { title: string; sections: TextSection[] }[];

/**
 * What every chapter of a demo book of real length holds: `length` (Chinese characters, English words) within
 * bounds, five sections or more, an SVG figure and a table, and last an exercise section (its title matching
 * `exercises`) of 6–10 items, each of `kinds` among them (`（单选）`, `(Predict)` …).
 */
export function expectChapterShape(
  chapters: Chapters,
  shape: { length: (html: string) => number; min: number; max: number; exercises: RegExp; kinds: string[] },
) {
  for (const chapter of chapters) {
    const html = chapter.sections.flatMap((s) => s.blocks).join('');
    expect(shape.length(html), chapter.title).toBeGreaterThanOrEqual(shape.min);
    expect(shape.length(html), chapter.title).toBeLessThanOrEqual(shape.max);
    expect(chapter.sections.length).toBeGreaterThanOrEqual(5);
    expect(html.match(/<figure><svg/g)!.length).toBeGreaterThanOrEqual(1);
    expect(html.match(/<table>/g)!.length).toBeGreaterThanOrEqual(1);
    const exercises = chapter.sections.at(-1)!;
    expect(exercises.title).toMatch(shape.exercises);
    const items = exercises.blocks.join('').match(/<li>/g)!.length;
    expect(items).toBeGreaterThanOrEqual(6);
    expect(items).toBeLessThanOrEqual(10);
    for (const kind of shape.kinds) expect(exercises.blocks.join(''), chapter.title).toContain(kind);
  }
}

/**
 * Every `$…$` and `$$…$$` of each chapter's source (figure lines left out) written as a MathML formula, at least
 * `min` of them, with no TeX left over and a display formula among them.
 */
export function expectFormulas(chapters: Chapters, sources: string[], min: number) {
  expect(chapters.length).toBe(sources.length);
  chapters.forEach((chapter, n) => {
    const html = chapter.sections.flatMap((s) => s.blocks).join('');
    const formulas = sources[n]!.split('\n')
      .filter((line) => !line.startsWith('{{'))
      .join('\n')
      .replace(/\$\$([^$]+)\$\$/g, '@')
      .match(/\$[^$]+\$|@/g)!.length;
    expect(html.match(/<math[ >]/g)!.length, chapter.title).toBe(formulas);
    expect(formulas, chapter.title).toBeGreaterThan(min);
    expect(html).not.toContain('$');
    expect(html).not.toMatch(/<mtext>[a-zA-Z]+<\/mtext>/);
    expect(html).not.toMatch(/\\[a-zA-Z]+/);
    // No TeX kept as the text of a name (\mathrm{m/s^2} is written as \mathrm{m/s}^2).
    expect(html).not.toMatch(/<mi[^>]*>[^<]*[\\^_{}][^<]*<\/mi>/);
    expect(html).toContain('display="block"');
  });
}

/**
 * What a demo book of real length in mathematics or physics holds in every chapter: 3,000–5,000 Chinese
 * characters in five sections or more; more than 80 formulas, every `$…$` of the source a MathML formula with no
 * TeX left over; a figure, a table, definitions, theorems (or laws), examples and a proof; and last a 习题 section
 * of 6–10 exercises of three kinds.
 */
export function expectLongChapters(chapters: Chapters, sources: string[]) {
  expectChapterShape(chapters, {
    length: cjk,
    min: 3000,
    max: 5000,
    exercises: /^习题[一二三四五]$/,
    kinds: ['（单选）', '（填空）', '（计算）'],
  });
  expectFormulas(chapters, sources, 80);
  for (const chapter of chapters) {
    const html = chapter.sections.flatMap((s) => s.blocks).join('');
    for (const kind of ['def', 'thm', 'example', 'solution', 'proof']) expect(html, kind).toContain(`class="${kind}"`);
  }
}

/**
 * A demo book written as EPUB keeps, through the importer's sanitizer, every formula, table, figure and page
 * break of every chapter (and every `tags`), its page list has at least `pages` entries, a page every `pageEvery`
 * characters.
 */
export function expectImportKeepsMarkup(key: string, pages: number, tags: string[] = [], pageEvery = 1500) {
  const book = demoBooks.find((b) => b.key === key)!;
  expect(book.pageEvery).toBe(pageEvery);
  const zip = unzipSync(writeEpub(demoSource(book)));
  const nav = strFromU8(zip['OEBPS/nav.xhtml']!);
  expect(nav.match(/#page\d+"/g)!.length).toBeGreaterThanOrEqual(pages);
  book.chapters.forEach((_, n) => {
    const name = `OEBPS/chapter${n + 1}.xhtml`;
    const source = strFromU8(zip[name]!);
    const { html } = sanitizeChapter(source, name, { chapterUrl: () => null, assetUrl: () => null });
    for (const tag of ['<math', '<svg', '<polygon', '<table>', '<figcaption>', 'epub:type="pagebreak"', ...tags])
      expect(html.split(tag).length, `${tag} in ${name}`).toBe(source.split(tag).length);
  });
}
