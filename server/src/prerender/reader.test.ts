import { describe, expect, it } from 'vitest';
import type { BookAccess, ChapterContent } from '@textbook/contracts';
import { readerPage, writable } from './reader.js';

const access = {
  bookId: 1,
  title: '书<名>',
  titleDir: '',
  progression: 'ltr',
  flow: '',
} as BookAccess;
const chapter: ChapterContent = {
  id: 7,
  bookId: 1,
  title: '第一章',
  html: '<div class="epub-body"><p>正文</p></div>',
  styles: [],
  css: 'p::after { content: "</style><script>alert(1)</script>"; } body { color: red; }',
  free: true,
  prevId: null,
  nextId: 8,
  layout: { kind: 'reflow' },
  overlay: null,
};

describe('the reader’s page written for a visitor', () => {
  it('keeps the book’s CSS inside its style element and points body rules at the chapter', () => {
    const text = readerPage({ access, tree: [], chapter, sheets: [] }).text;
    expect(text).not.toContain('</style><script>');
    expect(text).toContain('<\\/style><script>');
    expect(text).toContain('.epub-body { color: red; }');
    expect(text).toContain('书&lt;名&gt;');
    expect(text).toContain('data-chapter="7"');
  });

  it('leaves to the app a book that opens in pages, continuously, right to left or in vertical writing', () => {
    expect(writable(access, [], chapter)).toBe(true);
    expect(writable({ ...access, flow: 'paginated' }, [], chapter)).toBe(false);
    expect(writable({ ...access, flow: 'scrolled-continuous' }, [], chapter)).toBe(false);
    expect(writable({ ...access, progression: 'rtl' }, [], chapter)).toBe(false);
    expect(writable(access, ['html { writing-mode: vertical-rl }'], chapter)).toBe(false);
    // A pre-paginated page or a PDF section is the app's to scale and paint.
    expect(
      writable(access, [], {
        ...chapter,
        layout: { kind: 'fixed', width: 600, height: 800, spread: '', thumb: '', device: false, orientation: '' },
      }),
    ).toBe(false);
    expect(writable(access, [], { ...chapter, layout: { kind: 'pdf', file: '/a.pdf', pages: [] } })).toBe(false);
  });
});
