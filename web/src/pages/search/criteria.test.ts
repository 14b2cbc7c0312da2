import { describe, expect, it } from 'vitest';
import { describeCriteria } from './criteria';

describe('the heading of an advanced search', () => {
  it('names the criteria, not the words 高级搜索', () => {
    expect(describeCriteria({ title: ' 高等数学 ', author: '同济', year: 2020 }, { subject: '数学' })).toBe(
      '书名：高等数学 · 作者：同济 · 学科：数学 · 出版年份：2020',
    );
    expect(describeCriteria({ searchText: '微积分', isbn: '978' }, {})).toBe('微积分 · ISBN：978');
    expect(describeCriteria({ title: '  ' }, {})).toBe('');
  });
});
