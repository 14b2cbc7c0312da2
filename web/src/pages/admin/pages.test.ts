import { describe, expect, it } from 'vitest';
import { pagesByMenu } from './pages';

const paths = (groups: ReturnType<typeof pagesByMenu>, menu: string) =>
  groups.find((g) => g.menu === menu)?.pages.map((p) => p.path) ?? [];

describe('pagesByMenu', () => {
  it('lists the textbook report under the colleges for finance staff, once under the books for whoever opens both', () => {
    const finance = pagesByMenu(['orders', 'colleges']);
    expect(paths(finance, 'colleges')).toContain('reports/textbook');
    const editor = pagesByMenu(['books']);
    expect(paths(editor, 'books')).toContain('reports/textbook');
    const both = pagesByMenu(['books', 'colleges']);
    expect(paths(both, 'books')).toContain('reports/textbook');
    expect(paths(both, 'colleges')).not.toContain('reports/textbook');
    expect(paths(both, 'colleges')).toContain('college-orders');
  });
});
