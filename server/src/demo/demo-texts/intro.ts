import { chapter1, chapter1Figures } from './intro-1.js';
import { chapter2, chapter2Figures } from './intro-2.js';
import { chapterSections } from './markup.js';

/**
 * Introduction to Programming: two chapters of real length in English (the project's own text), with Python code
 * listings, SVG figures (an expression tree, a call stack), tables and a closing exercise section per chapter.
 */
export const introChapters = [
  { title: 'Chapter 1 Values and Expressions', sections: chapterSections(chapter1, chapter1Figures) },
  { title: 'Chapter 2 Functions', sections: chapterSections(chapter2, chapter2Figures) },
];
