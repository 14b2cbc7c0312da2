import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tree, type TreeNode } from './Tree';
import { treeKeyTarget, visibleItems } from './treeKeys';

const nodes: TreeNode[] = [
  {
    key: '1',
    label: '理学',
    children: [
      { key: '11', label: '数学', children: [] },
      { key: '12', label: '物理', children: [] },
    ],
  },
  { key: '2', label: '工学', children: [] },
];

describe('Tree', () => {
  const html = renderToStaticMarkup(
    <Tree nodes={nodes} selectedKey="11" label="学科" href={(k) => `?subjectId=${k}`} onSelect={() => {}} />,
  );

  it('draws the server page’s list of links with the tree’s roles', () => {
    expect(html).toMatch(/^<ul role="tree" aria-label="学科" class="prerender-tree">/);
    expect(html).toContain('<ul role="group" id="tree-1" class="prerender-tree">');
    expect(html).toContain(
      '<a role="treeitem" href="?subjectId=1" data-key="1" aria-selected="false" aria-level="1" aria-expanded="true" aria-owns="tree-1" tabindex="-1">理学</a>',
    );
    expect(html).toContain(
      '<a role="treeitem" href="?subjectId=11" data-key="11" class="is-selected" aria-selected="true" aria-level="2" tabindex="0">数学</a>',
    );
  });

  it('puts the first item in the tab order when none is selected', () => {
    const none = renderToStaticMarkup(
      <Tree nodes={nodes} selectedKey="" label="学科" href={() => '?'} onSelect={() => {}} />,
    );
    expect(none.match(/tabindex="0"/g)).toHaveLength(1);
    expect(none).toMatch(/data-key="1"[^>]*tabindex="0"/);
  });
});

describe('treeKeyTarget', () => {
  const open = new Set<string>();
  it('moves up and down the items shown, to the first and the last', () => {
    expect(visibleItems(nodes, open).map((v) => v.key)).toEqual(['1', '11', '12', '2']);
    expect(treeKeyTarget(nodes, open, '1', 'ArrowDown')).toEqual({ kind: 'focus', key: '11' });
    expect(treeKeyTarget(nodes, open, '2', 'ArrowUp')).toEqual({ kind: 'focus', key: '12' });
    expect(treeKeyTarget(nodes, open, '2', 'ArrowDown')).toBeNull();
    expect(treeKeyTarget(nodes, open, '12', 'Home')).toEqual({ kind: 'focus', key: '1' });
    expect(treeKeyTarget(nodes, open, '1', 'End')).toEqual({ kind: 'focus', key: '2' });
  });

  it('closes and opens with ← and →, and goes to the parent or the first child', () => {
    expect(treeKeyTarget(nodes, open, '1', 'ArrowLeft')).toEqual({ kind: 'close' });
    expect(treeKeyTarget(nodes, open, '1', 'ArrowRight')).toEqual({ kind: 'focus', key: '11' });
    expect(treeKeyTarget(nodes, open, '12', 'ArrowLeft')).toEqual({ kind: 'focus', key: '1' });
    const closed = new Set(['1']);
    expect(visibleItems(nodes, closed).map((v) => v.key)).toEqual(['1', '2']);
    expect(treeKeyTarget(nodes, closed, '1', 'ArrowRight')).toEqual({ kind: 'open' });
    expect(treeKeyTarget(nodes, closed, '1', 'ArrowDown')).toEqual({ kind: 'focus', key: '2' });
  });

  it('leaves other keys to the browser (Enter follows the link)', () => {
    expect(treeKeyTarget(nodes, open, '11', 'Enter')).toBeNull();
    expect(treeKeyTarget(nodes, open, 'nope', 'ArrowDown')).toBeNull();
  });
});
