import { unit1, unit1Figures } from './dxyw-1.js';
import { unit2, unit2Figures } from './dxyw-2.js';
import { chapterSections } from './markup.js';

/**
 * 大学语文: two units of real length, the project's own commentary on classical poems and prose (public domain),
 * with quotations, SVG figures (a chart of 平仄, a timeline of Chinese prose), tables and a closing exercise
 * section (习题) per unit.
 */
export const dxywChapters = [
  { title: '第一单元 诗词鉴赏', sections: chapterSections(unit1, unit1Figures) },
  { title: '第二单元 散文阅读', sections: chapterSections(unit2, unit2Figures) },
];
