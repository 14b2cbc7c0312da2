import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './Button';
import { Chip } from './Chip';
import { Empty } from './Empty';
import { Segmented } from './Segmented';

describe('Segmented', () => {
  it('is a group of buttons, the chosen one pressed', () => {
    const html = renderToStaticMarkup(
      <Segmented
        label="排序"
        value="title"
        options={[
          { value: 'newest', label: '最新上架' },
          { value: 'title', label: '书名' },
        ]}
        onChange={() => {}}
      />,
    );
    expect(html).toBe(
      '<div class="prerender-sorts" role="group" aria-label="排序">' +
        '<button type="button" aria-pressed="false">最新上架</button>' +
        '<button type="button" class="is-checked" aria-pressed="true">书名</button></div>',
    );
  });
});

describe('Chip', () => {
  it('is a link, the chosen one marked', () => {
    expect(
      renderToStaticMarkup(
        <Chip checked href="?c=1" onPick={() => {}}>
          新工科
        </Chip>,
      ),
    ).toBe('<a href="?c=1" class="prerender-chip is-checked" aria-current="true">新工科</a>');
    expect(
      renderToStaticMarkup(
        <Chip checked={false} href="?" onPick={() => {}}>
          全部
        </Chip>,
      ),
    ).toBe('<a href="?" class="prerender-chip">全部</a>');
  });
});

describe('Button', () => {
  it('draws the server page’s button; loading disables it and marks it busy', () => {
    expect(renderToStaticMarkup(<Button data-replay="star">收藏</Button>)).toBe(
      '<button type="button" data-replay="star" class="prerender-button is-ghost"><span>收藏</span></button>',
    );
    expect(
      renderToStaticMarkup(
        <Button kind="danger" loading>
          购买
        </Button>,
      ),
    ).toBe(
      '<button type="button" class="prerender-button is-danger" disabled="" aria-busy="true"><span>购买</span></button>',
    );
  });
});

describe('Empty', () => {
  it('writes the text as the server does', () => {
    expect(renderToStaticMarkup(<Empty description="没有" />)).toBe(
      '<div class="empty-state"><p class="empty-text">没有</p></div>',
    );
  });
});
