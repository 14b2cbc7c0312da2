/// <reference lib="dom" />
import { expect, test } from 'vitest';
import { api, consoleErrors, DEVICES, loginAs, shot, useJourney } from '../support/browser.js';

const journey = useJourney('demo-book');

/** The demo student (server/src/demo/demo-site.ts), who reads 高等数学（上册） through the class 高数一班. */
const STUDENT = 4;

/** The seeded book and its third chapter (not free: the class gives the student access). */
async function demoChapter(): Promise<{ bookId: number; chapterId: number }> {
  const list = await api<{ rows: { id: number; title: string }[] }>('/api/book/list?pageSize=999');
  const bookId = list.data.rows.find((b) => b.title === '高等数学（上册）')!.id;
  const tree = await api<{ title: string; chapterId: number }[]>(`/api/book/sectionTree?bookId=${bookId}`);
  const chapter = tree.data.find((n) => n.title === '第三章 微分中值定理与导数的应用')!;
  return { bookId, chapterId: chapter.chapterId };
}

/** What the reader's shadow root holds: formulas, figures, tables and page-break markers. */
const counts = (page: import('playwright-core').Page) =>
  page.evaluate(() => {
    const body = document.querySelector('[data-testid=chapter-host]')?.shadowRoot?.querySelector('.epub-body');
    if (!body) return null;
    return {
      math: body.querySelectorAll('math').length,
      svg: body.querySelectorAll('figure svg').length,
      table: body.querySelectorAll('table').length,
      pages: body.querySelectorAll('[epub\\:type=pagebreak], [role=doc-pagebreak]').length,
      exercises: body.querySelectorAll('ol.exercises > li').length,
      quotes: body.querySelectorAll('blockquote').length,
      listings: body.querySelectorAll('pre > code').length,
    };
  });

for (const device of DEVICES) {
  test(`the demo student reads a long chapter of 高等数学 with formulas, figures and tables (${device})`, async () => {
    const { bookId, chapterId } = await demoChapter();
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    // Section 3.3 (Taylor's formula): a display formula, a table and a figure close together.
    await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${chapterId}#s3-3`);
    await page.getByTestId('chapter-host').waitFor();
    await expect.poll(() => counts(page), { timeout: 15_000 }).toMatchObject({ math: expect.any(Number) });
    const found = (await counts(page))!;
    expect(found.math).toBeGreaterThan(100);
    expect(found.svg).toBeGreaterThanOrEqual(2);
    expect(found.table).toBeGreaterThanOrEqual(1);
    expect(found.pages).toBeGreaterThanOrEqual(2);
    expect(found.exercises).toBeGreaterThanOrEqual(6);
    // MathML is laid out (a fraction has height), the figure's SVG is drawn at its size.
    const sizes = await page.evaluate(() => {
      const body = document.querySelector('[data-testid=chapter-host]')!.shadowRoot!.querySelector('.epub-body')!;
      const frac = body.querySelector('mfrac')!.getBoundingClientRect();
      const svg = body.querySelector('figure svg')!.getBoundingClientRect();
      return { frac: frac.height, svg: svg.width };
    });
    expect(sizes.frac).toBeGreaterThan(10);
    expect(sizes.svg).toBeGreaterThan(150);
    await shot(page, 'taylor');
    // Table 3-1 (formulas in its cells) and figure 3-2 below it.
    await page.evaluate(() =>
      document
        .querySelector('[data-testid=chapter-host]')!
        .shadowRoot!.querySelector('table')!
        .scrollIntoView({ block: 'start' }),
    );
    await shot(page, 'table-figure');
    expect(consoleErrors(page)).toEqual([]);
  });
}

/**
 * The other long demo books: a free first chapter of each, opened at a section with a figure or table, showing
 * what the subject has: formulas, quotations (poems, model passages) or code listings.
 */
const MORE_BOOKS = [
  { title: '大学物理', chapter: '第一章 质点运动学', section: 's1-4', name: 'physics', shows: 'math', least: 101 },
  {
    title: '概率论与数理统计',
    chapter: '第一章 随机事件与概率',
    section: 's1-1',
    name: 'probability',
    shows: 'math',
    least: 101,
  },
  { title: '大学语文', chapter: '第一单元 诗词鉴赏', section: 's1-3', name: 'chinese', shows: 'quotes', least: 5 },
  {
    title: 'Introduction to Programming',
    chapter: 'Chapter 1 Values and Expressions',
    section: 's1-2',
    name: 'programming',
    shows: 'listings',
    least: 8,
  },
  {
    title: 'Academic English Writing',
    chapter: 'Unit 1 Planning a Paper',
    section: 's1-5',
    name: 'writing',
    shows: 'quotes',
    least: 2,
  },
  {
    title: '高等数学（下册）',
    chapter: '第一章 多元函数微分学',
    section: 's1-4',
    name: 'calculus-2',
    shows: 'math',
    least: 101,
  },
  // Its chapters carry code listings: the first one is looked at closely too.
  {
    title: '数据结构与算法',
    chapter: '第一章 绪论',
    section: 's1-3',
    name: 'data-structures',
    shows: 'listings',
    least: 3,
    listing: true,
  },
] as const;

for (const device of DEVICES) {
  test(`the other long demo books show formulas, quotations or code, figures, tables and exercises (${device})`, async () => {
    const list = await api<{ rows: { id: number; title: string }[] }>('/api/book/list?pageSize=999');
    const page = await journey.page(device);
    await loginAs(page, STUDENT);
    for (const book of MORE_BOOKS) {
      const bookId = list.data.rows.find((b) => b.title === book.title)!.id;
      const tree = await api<{ title: string; chapterId: number }[]>(`/api/book/sectionTree?bookId=${bookId}`);
      const { chapterId } = tree.data.find((n) => n.title === book.chapter)!;
      await page.goto(`/bookPreview?bookId=${bookId}&chapterId=${chapterId}#${book.section}`);
      await page.getByTestId('chapter-host').waitFor();
      await expect.poll(() => counts(page), { timeout: 15_000 }).toMatchObject({ svg: expect.any(Number) });
      const found = (await counts(page))!;
      expect(found[book.shows], book.title).toBeGreaterThanOrEqual(book.least);
      expect(found.svg, book.title).toBeGreaterThanOrEqual(1);
      expect(found.table, book.title).toBeGreaterThanOrEqual(1);
      expect(found.pages, book.title).toBeGreaterThanOrEqual(2);
      expect(found.exercises, book.title).toBeGreaterThanOrEqual(6);
      await shot(page, book.name);
      // The chapter's first figure (an SVG drawn by the seed) and what follows it.
      await page.evaluate(() =>
        document
          .querySelector('[data-testid=chapter-host]')!
          .shadowRoot!.querySelector('figure')!
          .scrollIntoView({ block: 'start' }),
      );
      await shot(page, `${book.name}-figure`);
      if ('listing' in book) {
        // A listing keeps its lines and indentation (preformatted; long lines wrap on a phone), in a monospace font.
        const listing = await page.evaluate(() => {
          const pre = document
            .querySelector('[data-testid=chapter-host]')!
            .shadowRoot!.querySelector<HTMLElement>('pre.code')!;
          pre.scrollIntoView({ block: 'start' });
          return {
            whiteSpace: getComputedStyle(pre).whiteSpace,
            lines: pre.innerText.split('\n').length,
            font: getComputedStyle(pre.querySelector('code')!).fontFamily,
          };
        });
        expect(listing.whiteSpace).toMatch(/^pre/);
        expect(listing.lines).toBeGreaterThan(5);
        expect(listing.font).toMatch(/mono|Consolas|Courier|Menlo/i);
        await shot(page, `${book.name}-listing`);
      }
    }
    expect(consoleErrors(page)).toEqual([]);
  });
}
