import { chapter1, chapter1Figures } from './gll-1.js';
import { chapter2, chapter2Figures } from './gll-2.js';
import { chapterSections } from './markup.js';

/**
 * 概率论与数理统计: the demo teacher's third authorized book, two chapters of real length (the project's own text)
 * with MathML formulas, SVG figures (a geometric probability, density curves, a distribution law), tables and a
 * closing exercise section (习题) per chapter.
 */
export const gllChapters = [
  { title: '第一章 随机事件与概率', sections: chapterSections(chapter1, chapter1Figures) },
  { title: '第二章 随机变量', sections: chapterSections(chapter2, chapter2Figures) },
];
