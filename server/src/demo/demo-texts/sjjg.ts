import { chapter1, chapter1Figures } from './sjjg-1.js';
import { chapter2, chapter2Figures } from './sjjg-2.js';
import { chapter3, chapter3Figures } from './sjjg-3.js';
import { chapterSections } from './markup.js';

/**
 * 数据结构与算法: three chapters of real length (the project's own text) with MathML formulas (complexities,
 * recurrences), code listings in a C-like language, SVG diagrams of lists and trees, tables and a closing
 * exercise section (习题) per chapter.
 */
export const sjjgChapters = [
  { title: '第一章 绪论', sections: chapterSections(chapter1, chapter1Figures) },
  { title: '第二章 线性表', sections: chapterSections(chapter2, chapter2Figures) },
  { title: '第三章 树与二叉树', sections: chapterSections(chapter3, chapter3Figures) },
];
