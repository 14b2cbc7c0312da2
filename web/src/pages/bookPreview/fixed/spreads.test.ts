import { describe, expect, it } from 'vitest';
import type { SpineChapter } from '../../../api/reader';
import { spreadAt, spreadsOf, spreadsOn } from './spreads';

type S = '' | 'left' | 'right' | 'center';
const pages = (...spreads: S[]) => spreads.map((spread, i) => ({ id: i + 1, spread }));
const shape = (list: ReturnType<typeof spreadsOf>) =>
  list.map((s) => (s.center !== null ? `(${s.center})` : `${s.left ?? '_'}|${s.right ?? '_'}`));

describe('synthetic spreads', () => {
  it('pairs pages in reading order, with no blank page between', () => {
    expect(shape(spreadsOf(pages('', '', '', ''), false, true))).toEqual(['1|2', '3|4']);
  });
  it('puts a page-spread-left page on the left and a page-spread-right page on the right', () => {
    expect(shape(spreadsOf(pages('', 'left', '', ''), false, true))).toEqual(['1|_', '2|3', '4|_']);
    expect(shape(spreadsOf(pages('right', '', '', ''), false, true))).toEqual(['_|1', '2|3', '4|_']);
  });
  it('shows a centred page alone, and a right-to-left book right page first', () => {
    expect(shape(spreadsOf(pages('center', '', ''), false, true))).toEqual(['(1)', '2|3']);
    expect(shape(spreadsOf(pages('right', 'left', 'right', 'left'), true, true))).toEqual(['2|1', '4|3']);
  });
  it('shows one page at a time without spreads', () => {
    expect(shape(spreadsOf(pages('left', 'right'), false, false))).toEqual(['(1)', '(2)']);
  });
  it('makes spreads on a landscape area unless the book says none; both also in portrait', () => {
    expect(spreadsOn('', 1200, 800)).toBe(true);
    expect(spreadsOn('none', 1200, 800)).toBe(false);
    expect(spreadsOn('landscape', 390, 700)).toBe(false);
    expect(spreadsOn('both', 800, 1000)).toBe(true);
  });
  it('turns a spread at a time, and leaves the run of pages for the chapter beyond', () => {
    const spine: SpineChapter[] = [
      { id: 10, title: '', free: true, length: 1, page: null },
      ...[11, 12, 13].map((id) => ({
        id,
        title: '',
        free: true,
        length: 1,
        page: { width: 9, height: 6, spread: '' as const, thumb: '' },
      })),
      { id: 14, title: '', free: true, length: 1, page: null },
    ];
    expect(spreadAt(spine, 12, false, true)).toMatchObject({ spread: { ids: [11, 12] }, next: 13, prev: 10 });
    expect(spreadAt(spine, 13, false, true)).toMatchObject({ spread: { ids: [13] }, next: 14, prev: 11 });
    expect(spreadAt(spine, 10, false, true)).toBeNull();
  });
});
