import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { trailTo, type SectionNode } from '@textbook/contracts';

interface Props {
  tree: SectionNode[];
  chapterId: number;
  onOpen(node: SectionNode): void;
  /** A press on a section's link, before its click (its chapter can be asked for already). */
  onPress?(node: SectionNode): void;
  /** The reader's homework by section id (a student's released homework of this book): a marker links to it. */
  homework?: Map<number, { id: number; done: boolean }[]>;
  /** The reader may read the whole book: no chapter is a 试读 one to them. */
  owned?: boolean;
}

/** Collapsible table of contents; the current section is marked and its ancestors are open. */
export function Toc({ tree, chapterId, onOpen, onPress, homework, owned = false }: Props) {
  const trail = useMemo(() => new Set(trailTo(tree, chapterId).map((n) => n.id)), [tree, chapterId]);
  const [toggled, setToggled] = useState<Record<number, boolean>>({});
  const render = (nodes: SectionNode[]) => (
    <ul role="group">
      {nodes.map((n) => {
        const open = toggled[n.id] ?? trail.has(n.id);
        const current = n.chapterId === chapterId && (trail.has(n.id) || !n.anchor);
        return (
          <li key={n.id} role="treeitem" aria-expanded={n.children.length ? open : undefined} aria-level={n.level}>
            <div className={`toc-row${current ? ' current' : ''}`}>
              {n.children.length ? (
                <button
                  type="button"
                  className="toc-toggle"
                  data-replay={`toc-${n.id}`}
                  aria-label={open ? `收起 ${n.title}` : `展开 ${n.title}`}
                  onClick={() => setToggled((t) => ({ ...t, [n.id]: !open }))}
                >
                  {open ? '▾' : '▸'}
                </button>
              ) : (
                <span className="toc-toggle" aria-hidden />
              )}
              <button
                type="button"
                className="toc-link"
                data-replay={`toc-open-${n.id}`}
                disabled={n.chapterId === null}
                aria-current={current ? 'page' : undefined}
                onPointerDown={() => onPress?.(n)}
                onClick={() => onOpen(n)}
              >
                {n.title}
                {n.free && !owned ? <span className="toc-free">试读</span> : null}
              </button>
              {homework?.get(n.id)?.length ? (
                <Link
                  className="toc-homework"
                  to={
                    homework.get(n.id)!.length === 1
                      ? `/my/homeworkAnswer?id=${homework.get(n.id)![0]!.id}`
                      : '/my/homework'
                  }
                  title="本章作业"
                >
                  作业{homework.get(n.id)!.filter((h) => !h.done).length || '✓'}
                </Link>
              ) : null}
            </div>
            {n.children.length && open ? render(n.children) : null}
          </li>
        );
      })}
    </ul>
  );
  return (
    <nav className="reader-toc" aria-label="目录">
      <div role="tree">{render(tree)}</div>
    </nav>
  );
}
