import { chapter1, chapter1Figures } from './dxwl-1.js';
import { chapter2, chapter2Figures } from './dxwl-2.js';
import { chapter3, chapter3Figures } from './dxwl-3.js';
import { chapterSections } from './markup.js';

/**
 * 大学物理: three chapters of real length (the project's own text) with MathML formulas and vectors, SVG figures
 * (trajectories, force diagrams, field lines), tables and a closing exercise section (习题) per chapter.
 */
export const dxwlChapters = [
  { title: '第一章 质点运动学', sections: chapterSections(chapter1, chapter1Figures) },
  { title: '第二章 牛顿运动定律', sections: chapterSections(chapter2, chapter2Figures) },
  { title: '第三章 静电场', sections: chapterSections(chapter3, chapter3Figures) },
];
