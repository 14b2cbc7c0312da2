import { describe, expect, it } from 'vitest';
import { mergeReads, parseReads, progressOf, readsOnLeaving } from './progress.js';

const chapters = [
  { id: 1, path: 'a.xhtml', length: 100 },
  { id: 2, path: 'b.xhtml', length: 300 },
  { id: 3, path: 'c.xhtml', length: 0 },
];

describe('reading progress', () => {
  it('weights each chapter by its text and keeps the furthest point', () => {
    let reads = mergeReads({}, chapters, [{ chapterId: 2, read: 0.5 }]);
    expect(progressOf(chapters, reads)).toBe(Math.floor((150 / 401) * 1000));
    reads = mergeReads(reads, chapters, [
      { chapterId: 2, read: 0.1 },
      { chapterId: 1, read: 1 },
      { chapterId: 42, read: 1 },
    ]);
    expect(reads).toEqual({ 'a.xhtml': 1000, 'b.xhtml': 500 });
    expect(progressOf(chapters, reads)).toBe(Math.floor((250 / 401) * 1000));
  });

  it('is whole only when every chapter was read to its end', () => {
    const nearly = { 'a.xhtml': 1000, 'b.xhtml': 1000, 'c.xhtml': 999 };
    expect(progressOf([{ id: 9, path: 'c.xhtml', length: 1 }, ...chapters.slice(0, 2)], nearly)).toBe(999);
    expect(progressOf(chapters, { 'a.xhtml': 1000, 'b.xhtml': 1000, 'c.xhtml': 1000 })).toBe(1000);
    expect(progressOf([], {})).toBe(0);
  });

  it('counts a chapter without text read once the reader was in it', () => {
    // Leaving the image-only chapter c (nothing reported: it has no text to see the end of) reads it whole.
    const reads = mergeReads({ 'a.xhtml': 1000, 'b.xhtml': 1000 }, chapters, readsOnLeaving(chapters, 3, []));
    expect(reads['c.xhtml']).toBe(1000);
    expect(progressOf(chapters, reads)).toBe(1000);
    // A chapter with text is read only as far as the reader reported.
    expect(readsOnLeaving(chapters, 2, [{ chapterId: 2, read: 0.25 }])).toEqual([{ chapterId: 2, read: 0.25 }]);
    expect(readsOnLeaving(chapters, 2, [])).toEqual([]);
  });

  it('reads anything stored without failing', () => {
    expect(parseReads('not json')).toEqual({});
    expect(parseReads('[1,2]')).toEqual({});
    expect(parseReads(null)).toEqual({});
    expect(parseReads('{"a":500,"b":"x","c":-1}')).toEqual({ a: 500 });
  });
});
