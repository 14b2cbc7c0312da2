import { chapter1, chapter1Figures } from './jjxyl-1.js';
import { chapter2, chapter2Figures } from './jjxyl-2.js';
import { chapterSections } from './markup.js';

/**
 * 经济学原理: two chapters of real length (the project's own text) with MathML formulas (elasticities, the
 * national accounts, price indices, the unemployment rate), SVG figures (a supply–demand diagram, a shift of
 * demand, a business cycle), tables and a closing exercise section (习题) per chapter.
 */
export const jjxylChapters = [
  { title: '第一章 供给与需求', sections: chapterSections(chapter1, chapter1Figures) },
  { title: '第二章 宏观经济指标', sections: chapterSections(chapter2, chapter2Figures) },
];
