import { describe, expect, test } from 'vitest';
import { locate, nthOccurrence } from '../text';
import {
  fitScale,
  layerIndexParts,
  nextZoom,
  pageEnd,
  pageOfOffset,
  pageText,
  rowsOf,
  sectionText,
} from './textOffsets';

const node = (data: string) => ({ data });

describe('a PDF section text, as the server counts it', () => {
  // Two pages as pdf.js gives their items: a line's end is `hasEOL`; a marked-content item has no `str`.
  const page1 = [
    { str: 'Free', hasEOL: false },
    { str: ' ', hasEOL: false },
    { str: 'Culture', hasEOL: true },
    { type: 'beginMarkedContent' },
    { str: '', hasEOL: true },
    { str: 'by Lessig', hasEOL: false },
    { type: 'endMarkedContent' },
  ];
  const page2 = [
    { str: 'Chapter one', hasEOL: true },
    { str: 'Culture is free', hasEOL: false },
  ];

  test('a page: the items joined, a line break after each line end; where each item with a str starts', () => {
    expect(pageText(page1)).toEqual({ text: 'Free Culture\n\nby Lessig', itemStarts: [0, 4, 5, 13, 14] });
    expect(pageText(page2)).toEqual({ text: 'Chapter one\nCulture is free', itemStarts: [0, 12] });
    expect(pageText([])).toEqual({ text: '', itemStarts: [] });
  });

  test('the section: the pages joined by a line break, each page where its text starts', () => {
    const section = sectionText([pageText(page1).text, '', pageText(page2).text]);
    expect(section.text).toBe('Free Culture\n\nby Lessig\n\nChapter one\nCulture is free');
    expect(section.pageStarts).toEqual([0, 24, 25]);
    expect(section.text.slice(section.pageStarts[2])).toBe('Chapter one\nCulture is free');
    expect(pageEnd(section, 0)).toBe(23);
    expect(pageEnd(section, 1)).toBe(24);
    expect(pageEnd(section, 2)).toBe(section.text.length);
  });

  test('an offset is on the last page starting at or before it (an empty page holds only its own start)', () => {
    const starts = [0, 24, 25];
    expect(pageOfOffset(starts, 0)).toBe(0);
    expect(pageOfOffset(starts, 23)).toBe(0);
    expect(pageOfOffset(starts, 24)).toBe(1);
    expect(pageOfOffset(starts, 25)).toBe(2);
    expect(pageOfOffset(starts, 999)).toBe(2);
    expect(pageOfOffset([0], 5)).toBe(0);
  });

  test('the text layer: each div text node at its offset in the section, split nodes following on', () => {
    const section = sectionText([pageText(page1).text, pageText(page2).text]);
    const { itemStarts } = pageText(page2);
    // The second page's two divs; the second split by a highlight into three text nodes.
    const divs = [[node('Chapter one')], [node('Culture'), node(' is '), node('free')]];
    const parts = layerIndexParts(section.pageStarts[1]!, itemStarts, divs);
    expect(parts.starts).toEqual([24, 36, 43, 47]);
    parts.nodes.forEach((n, i) =>
      expect(section.text.slice(parts.starts[i], parts.starts[i]! + n.data.length)).toBe(n.data),
    );
    // An empty item's div holds no text node.
    const first = layerIndexParts(0, pageText(page1).itemStarts, [
      [node('Free')],
      [node(' ')],
      [node('Culture')],
      [],
      [node('by Lessig')],
    ]);
    expect(first.starts).toEqual([0, 4, 5, 14]);
  });

  test('notes and search hits are found across a page break and a line end, as in any chapter', () => {
    const section = sectionText([pageText(page1).text, pageText(page2).text]);
    // The server's search collapses whitespace: "Lessig Chapter" runs across the page break.
    const hit = nthOccurrence(section.text, 'lessig chapter', 0);
    expect(hit).toEqual({ start: 17, end: 31 });
    expect(pageOfOffset(section.pageStarts, hit!.start)).toBe(0);
    expect(pageOfOffset(section.pageStarts, hit!.end - 1)).toBe(1);
    expect(nthOccurrence(section.text, 'culture', 1)).toEqual({ start: 36, end: 43 });
    const at = locate(section.text, { quote: 'Culture', prefix: 'one\n', suffix: ' is', startOffset: 0 });
    expect(at).toEqual({ start: 36, end: 43 });
  });
});

describe('pages on the screen', () => {
  const a4 = { width: 595, height: 842 };
  test('fit width fills the width less the gaps; fit page also the height', () => {
    expect(fitScale('width', { width: 1032, height: 800 }, a4, 1, 16)).toBeCloseTo(1000 / 595);
    expect(fitScale('page', { width: 1032, height: 800 }, a4, 1, 16)).toBeCloseTo(768 / 842);
    expect(fitScale('page', { width: 390, height: 800 }, a4, 1, 16)).toBeCloseTo(358 / 595);
    // Two pages side by side share the width.
    expect(fitScale('width', { width: 1238, height: 800 }, a4, 2, 16)).toBeCloseTo(1190 / 1190);
    expect(fitScale('width', { width: 0, height: 0 }, a4)).toBe(0.1);
  });

  test('rows: one page each, or pairs from the first page (an odd last page alone)', () => {
    expect(rowsOf(3, false)).toEqual([[0], [1], [2]]);
    expect(rowsOf(5, true)).toEqual([[0, 1], [2, 3], [4]]);
    expect(rowsOf(0, true)).toEqual([]);
  });

  test('zoom steps by a quarter, within 25% and 600%', () => {
    expect(nextZoom(1, 1)).toBe(1.25);
    expect(nextZoom(1.25, -1)).toBe(1);
    expect(nextZoom(0.26, -1)).toBe(0.25);
    expect(nextZoom(5.5, 1)).toBe(6);
  });
});
