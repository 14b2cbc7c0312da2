import { chapter1, chapter1Figures } from './xxds-1.js';
import { chapter2, chapter2Figures } from './xxds-2.js';
import { chapter3, chapter3Figures } from './xxds-3.js';
import { chapterSections } from './markup.js';

/**
 * 线性代数: three chapters of real length (the project's own text) with MathML formulas and matrices, SVG
 * figures, tables and a closing exercise section (习题) per chapter.
 */
export const xxdsChapters = [
  { title: '第一章 行列式', sections: chapterSections(chapter1, chapter1Figures) },
  { title: '第二章 矩阵', sections: chapterSections(chapter2, chapter2Figures) },
  { title: '第三章 特征值与特征向量', sections: chapterSections(chapter3, chapter3Figures) },
];
