import { chapter1, chapter1Figures } from './gdsx-1.js';
import { chapter2, chapter2Figures } from './gdsx-2.js';
import { chapter3, chapter3Figures } from './gdsx-3.js';
import { chapter4, chapter4Figures } from './gdsx-4.js';
import { chapterSections } from './markup.js';

/**
 * 高等数学（上册）: the demo's main course book, four chapters of real length (the project's own text) with
 * MathML formulas, SVG figures, tables and a closing exercise section (习题) per chapter.
 */
export const gdsxChapters = [
  { title: '第一章 函数与极限', sections: chapterSections(chapter1, chapter1Figures) },
  { title: '第二章 导数与微分', sections: chapterSections(chapter2, chapter2Figures) },
  { title: '第三章 微分中值定理与导数的应用', sections: chapterSections(chapter3, chapter3Figures) },
  { title: '第四章 不定积分', sections: chapterSections(chapter4, chapter4Figures) },
];
