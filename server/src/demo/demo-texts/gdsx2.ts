import { chapter1, chapter1Figures } from './gdsx2-1.js';
import { chapter2, chapter2Figures } from './gdsx2-2.js';
import { chapter3, chapter3Figures } from './gdsx2-3.js';
import { chapterSections } from './markup.js';

/**
 * 高等数学（下册）: three chapters of real length (the project's own text) with MathML formulas (partial
 * derivatives, double and triple integrals, series), SVG figures, tables and a closing exercise section (习题).
 */
export const gdsx2Chapters = [
  { title: '第一章 多元函数微分学', sections: chapterSections(chapter1, chapter1Figures) },
  { title: '第二章 重积分', sections: chapterSections(chapter2, chapter2Figures) },
  { title: '第三章 无穷级数', sections: chapterSections(chapter3, chapter3Figures) },
];
