import { unit1, unit1Figures } from './acad-1.js';
import { unit2, unit2Figures } from './acad-2.js';
import { chapterSections } from './markup.js';

/**
 * Academic English Writing: two units of real length in English (the project's own text): planning a paper and
 * writing paragraphs, with model passages, SVG figures (the shape of a paper, the parts of a paragraph), tables and
 * a closing exercise section per unit.
 */
export const acadChapters = [
  { title: 'Unit 1 Planning a Paper', sections: chapterSections(unit1, unit1Figures) },
  { title: 'Unit 2 Paragraphs', sections: chapterSections(unit2, unit2Figures) },
];
