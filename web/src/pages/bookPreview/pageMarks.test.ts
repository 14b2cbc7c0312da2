import { describe, expect, test } from 'vitest';
import { pageMap } from './pageMarks';

const page = (label: string, chapterId: number, anchor = `p${label}`) => ({ label, chapterId, anchor, pageIndex: 0 });

describe('a book’s print pages by chapter', () => {
  test('groups the pages by chapter and carries the last page of the chapters before into one without its own', () => {
    const pages = [page('i', 10), page('1', 11), page('2', 11), page('3', 13)];
    const map = pageMap(pages, [{ id: 9 }, { id: 10 }, { id: 11 }, { id: 12 }, { id: 13 }]);
    expect(map.byChapter.get(11)?.map((p) => p.label)).toEqual(['1', '2']);
    expect(map.byChapter.has(12)).toBe(false);
    // A chapter opens on the page the one before it ended on, until its own first marker.
    expect([9, 10, 11, 12, 13].map((id) => map.carried.get(id))).toEqual(['', '', 'i', '2', '2']);
  });
});
