import type { TreeNode } from './Tree';

type Visible = { key: string; parent: string; node: TreeNode };

/** The items shown, in order (a closed item's children are not). */
export function visibleItems(nodes: TreeNode[], closed: ReadonlySet<string>, parent = ''): Visible[] {
  return nodes.flatMap((node) => [
    { key: node.key, parent, node },
    ...(node.children.length && !closed.has(node.key) ? visibleItems(node.children, closed, node.key) : []),
  ]);
}

export type TreeMove = { kind: 'focus'; key: string } | { kind: 'open' } | { kind: 'close' };

/** What a key pressed on item `key` does (WAI-ARIA treeview); null: the key is not the tree's. */
export function treeKeyTarget(
  nodes: TreeNode[],
  closed: ReadonlySet<string>,
  key: string,
  pressed: string,
): TreeMove | null {
  const shown = visibleItems(nodes, closed);
  const at = shown.findIndex((v) => v.key === key);
  const item = shown[at];
  if (!item) return null;
  const to = (v: Visible | undefined): TreeMove | null => (v ? { kind: 'focus', key: v.key } : null);
  const parent = item.node.children.length > 0;
  switch (pressed) {
    case 'ArrowDown':
      return to(shown[at + 1]);
    case 'ArrowUp':
      return to(shown[at - 1]);
    case 'Home':
      return to(shown[0]);
    case 'End':
      return to(shown[shown.length - 1]);
    case 'ArrowRight':
      if (!parent) return null;
      return closed.has(key) ? { kind: 'open' } : to(shown[at + 1]);
    case 'ArrowLeft':
      if (parent && !closed.has(key)) return { kind: 'close' };
      return item.parent ? { kind: 'focus', key: item.parent } : null;
    default:
      return null;
  }
}
