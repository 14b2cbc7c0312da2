import { renderToStaticMarkup } from 'react-dom/server';
import { pagerPages } from '@textbook/contracts';
import { describe, expect, it } from 'vitest';
import { Pager } from './Pager';

describe('Pager', () => {
  it('shows the first, the last and the pages next to the current one', () => {
    expect(pagerPages(1, 1)).toEqual([1]);
    expect(pagerPages(1, 9)).toEqual([1, 2, 9]);
    expect(pagerPages(5, 9)).toEqual([1, 4, 5, 6, 9]);
    expect(pagerPages(9, 9)).toEqual([1, 8, 9]);
  });

  it('is a navigation of links, the current page marked, gaps hidden from readers', () => {
    const html = renderToStaticMarkup(
      <Pager current={5} pages={9} href={(p) => `?pageNum=${p}`} onChange={() => {}} />,
    );
    expect(html).toMatch(/^<nav class="pager prerender-pager" aria-label="分页">/);
    expect(html).toContain('<a href="?pageNum=5" class="is-current" aria-current="page" aria-label="第 5 页">5</a>');
    expect(html).toContain('<a href="?pageNum=4" aria-label="第 4 页">4</a>');
    expect(html.match(/class="pager-gap" aria-hidden="true"/g)).toHaveLength(2);
  });
});
