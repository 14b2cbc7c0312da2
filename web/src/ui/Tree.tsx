import { useRef, useState, type KeyboardEvent } from 'react';
import { plainClick } from './plainClick';
import { treeKeyTarget } from './treeKeys';

export interface TreeNode {
  key: string;
  label: string;
  children: TreeNode[];
}

/**
 * A navigation tree drawn as the server's page draws it (`ul.prerender-tree` of links, prerender.css): each
 * item is a link to its address, `onSelect` takes a plain click. Every level starts open. Keyboard as a tree
 * (WAI-ARIA treeview): one item in the tab order, ↑/↓ move, → opens or goes to the first child, ← closes or
 * goes to the parent, Home/End, Enter follows the link.
 */
export function Tree({
  nodes,
  selectedKey,
  href,
  onSelect,
  label,
}: {
  nodes: TreeNode[];
  selectedKey: string;
  href: (key: string) => string;
  onSelect: (key: string) => void;
  label: string;
}) {
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const [focusKey, setFocusKey] = useState('');
  const root = useRef<HTMLUListElement>(null);
  const tabKey = focusKey || selectedKey || nodes[0]?.key || '';

  const focus = (key: string) => {
    setFocusKey(key);
    root.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)?.focus();
  };
  const setOpen = (key: string, open: boolean) =>
    setClosed((prev) => {
      const next = new Set(prev);
      if (open) next.delete(key);
      else next.add(key);
      return next;
    });
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const key = (e.target as HTMLElement).dataset.key;
    if (key === undefined) return;
    const move = treeKeyTarget(nodes, closed, key, e.key);
    if (!move) return;
    e.preventDefault();
    if (move.kind === 'focus') focus(move.key);
    else setOpen(key, move.kind === 'open');
  };

  const items = (level: TreeNode[], depth: number) =>
    level.map((n) => {
      const parent = n.children.length > 0;
      const open = parent && !closed.has(n.key);
      const groupId = `tree-${n.key}`;
      return (
        <li key={n.key} role="none">
          <a
            role="treeitem"
            href={href(n.key)}
            data-key={n.key}
            className={n.key === selectedKey ? 'is-selected' : undefined}
            aria-selected={n.key === selectedKey}
            aria-level={depth}
            aria-expanded={parent ? open : undefined}
            aria-owns={parent ? groupId : undefined}
            tabIndex={n.key === tabKey ? 0 : -1}
            onFocus={() => setFocusKey(n.key)}
            onClick={(e) => plainClick(e) && onSelect(n.key)}
          >
            {n.label}
          </a>
          {open && (
            <ul role="group" id={groupId} className="prerender-tree">
              {items(n.children, depth + 1)}
            </ul>
          )}
        </li>
      );
    });

  return (
    <ul ref={root} role="tree" aria-label={label} className="prerender-tree" onKeyDown={onKeyDown}>
      {items(nodes, 1)}
    </ul>
  );
}
