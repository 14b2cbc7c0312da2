import { chapter1, chapter1Figures } from './gdsx-1.js';
import { chapterSections } from './markup.js';

/**
 * 高等数学（上册）: the demo's main course book, four chapters of real length (the project's own text) with
 * MathML formulas, SVG figures, tables and a closing exercise section per chapter.
 */
export const gdsxChapters = [
  { title: '第一章 函数与极限', sections: chapterSections(chapter1, chapter1Figures) },
];
