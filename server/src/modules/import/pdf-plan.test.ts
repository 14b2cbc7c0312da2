import { describe, expect, it } from 'vitest';
import { pageLabels, planPdf, rangeName, type PdfOutlineNode } from './pdf-plan.js';

const entry = (title: string, page: number | null, children: PdfOutlineNode[] = []): PdfOutlineNode => ({
  title,
  page,
  children,
});
const numbers = (n: number) => pageLabels(null, n);

describe('how a PDF is cut into chapters', () => {
  it('labels: pdf.js labels when one per page, else numbers; ranges named by them', () => {
    expect(pageLabels(['i', 'ii', '', '2'], 4)).toEqual(['i', 'ii', '3', '2']);
    expect(pageLabels(['X3'], 2)).toEqual(['1', '2']);
    expect(rangeName(['1', '2', '3'], 0, 2)).toBe('第 1–3 页');
    expect(rangeName(['i', 'ii', 'x'], 0, 2)).toBe('i–x');
    expect(rangeName(['7'], 0, 0)).toBe('第 7 页');
  });

  it('each top-level entry starts a chapter; pages before the first form their own; deeper entries point into them', () => {
    const plan = planPdf(
      [
        entry('第一章', 2, [entry('1.1', 3), entry('1.2', 4)]),
        entry('第二章', 5),
        entry('同页', 5),
        entry('无处', null),
      ],
      numbers(8),
    );
    expect(plan.chapters).toEqual([
      { title: '第 1–2 页', start: 0, end: 1 },
      { title: '第一章', start: 2, end: 4 },
      { title: '第二章', start: 5, end: 7 },
    ]);
    expect(plan.tocSource).toBe('outline');
    expect(plan.sections.map((s) => [s.title, s.chapterSeq, s.anchor])).toEqual([
      ['第 1–2 页', 0, ''],
      ['第一章', 1, ''],
      ['第二章', 2, ''],
      ['同页', 2, ''],
      ['无处', null, ''],
    ]);
    expect(plan.sections[1]!.children.map((s) => [s.chapterSeq, s.anchor])).toEqual([
      [1, 'pdf-page-1'],
      [1, 'pdf-page-2'],
    ]);
  });

  it('a single root holding the book: its children are the chapters', () => {
    const plan = planPdf([entry('书名', 0, [entry('甲', 0), entry('乙', 3)])], numbers(6));
    expect(plan.chapters.map((c) => [c.title, c.start, c.end])).toEqual([
      ['甲', 0, 2],
      ['乙', 3, 5],
    ]);
    expect(plan.sections[0]).toMatchObject({ title: '书名', chapterSeq: 0 });
  });

  it('no outline, or one entry for a long book: ten pages a chapter, the entries under their range', () => {
    expect(planPdf([], numbers(23)).chapters.map((c) => c.title)).toEqual(['第 1–10 页', '第 11–20 页', '第 21–23 页']);
    const one = planPdf([entry('全文', 0, [entry('无处', null)])], numbers(23));
    expect(one.tocSource).toBe('pages');
    expect(one.chapters).toHaveLength(3);
    expect(one.sections.map((s) => s.title)).toEqual(['第 1–10 页', '第 11–20 页', '第 21–23 页']);
    expect(one.sections[0]!.children[0]).toMatchObject({ title: '全文', chapterSeq: 0, anchor: '' });
    // A root with one entry below it: the pages before that entry are a chapter, the entry another.
    const two = planPdf([entry('全文', 0, [entry('结论', 15)])], numbers(23));
    expect(two.chapters.map((c) => c.title)).toEqual(['第 1–15 页', '结论']);
    // A short paper keeps its one chapter.
    expect(planPdf([entry('全文', 0)], numbers(4)).chapters).toHaveLength(1);
  });
});
