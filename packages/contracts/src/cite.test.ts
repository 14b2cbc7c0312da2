import { describe, expect, it } from 'vitest';
import { citeSelection, findPageLabel, gbtCitation } from './cite.js';

describe('引用 in GB/T 7714-2015 style', () => {
  it('cites a Chinese book with edition, place, publisher, year and page', () => {
    expect(
      gbtCitation({
        authors: '同济大学数学系',
        title: '高等数学',
        edition: 7,
        place: '北京',
        publisher: '高等教育出版社',
        year: 2014,
        page: '12',
        language: 'zh-CN',
      }),
    ).toBe('同济大学数学系. 高等数学[M]. 第7版. 北京: 高等教育出版社, 2014: 12.');
  });

  it('writes [出版地不详] for an unknown place, leaves out a first edition, and cuts authors past three with 等', () => {
    expect(
      gbtCitation({
        authors: '张三、李四、王五、赵六',
        title: '线性代数',
        edition: 1,
        publisher: '示范大学出版社',
        year: 2024,
        page: 'xii',
      }),
    ).toBe('张三, 李四, 王五, 等. 线性代数[M]. [出版地不详]: 示范大学出版社, 2024: xii.');
    expect(gbtCitation({ authors: '', title: '无名', publisher: '', year: null })).toBe(
      '无名[M]. [出版地不详]: [出版者不详].',
    );
  });

  it('uses the Latin forms for a book not in Chinese', () => {
    expect(
      gbtCitation({
        authors: 'Abelson, Sussman, Sussman, Henz',
        title: 'Structure and Interpretation of Computer Programs',
        edition: 2,
        publisher: 'MIT Press',
        year: 1996,
        page: '27',
        language: 'en',
      }),
    ).toBe(
      'Abelson, Sussman, Sussman, et al. Structure and Interpretation of Computer Programs[M]. 2nd ed. [S.l.]: MIT Press, 1996: 27.',
    );
    expect(gbtCitation({ authors: 'A', title: 'T', edition: 3, publisher: '', year: 2001, language: 'en' })).toBe(
      'A. T[M]. 3rd ed. [S.l.]: [s.n.], 2001.',
    );
  });

  it('copies the selection in quotation marks above its reference', () => {
    expect(
      citeSelection('  函数是\n高等数学的基础 ', {
        authors: '张三',
        title: '高等数学',
        publisher: '社',
        year: 2024,
        page: '3',
      }),
    ).toBe('“函数是 高等数学的基础”\n张三. 高等数学[M]. [出版地不详]: 社, 2024: 3.');
  });
});

describe('跳转到页: finding a page by its label', () => {
  const pages = [{ label: 'i' }, { label: 'XII' }, { label: '12' }, { label: '[8]' }, { label: 'A-3' }];
  it('finds the label exactly, case aside, then without brackets; nothing for a page the book lacks', () => {
    expect(findPageLabel(pages, '12')).toBe(pages[2]);
    expect(findPageLabel(pages, ' xii ')).toBe(pages[1]);
    expect(findPageLabel(pages, 'I')).toBe(pages[0]);
    expect(findPageLabel(pages, '8')).toBe(pages[3]);
    expect(findPageLabel(pages, 'a-3')).toBe(pages[4]);
    expect(findPageLabel(pages, '13')).toBeNull();
    expect(findPageLabel(pages, '')).toBeNull();
  });
});
