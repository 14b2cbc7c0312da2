import type { BookPage } from '@textbook/contracts';
import type { TextIndex } from './text';

/**
 * Where a page-break marker sits in a chapter's text: the offset of the first text at or after its start (an
 * empty marker's page starts with the words that follow it). The index's nodes are in document order.
 */
export function markOffset(index: TextIndex, mark: Element): number {
  const atOrAfter = (node: Node) =>
    mark.contains(node) || Boolean(mark.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING);
  let lo = 0;
  let hi = index.nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (atOrAfter(index.nodes[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo < index.nodes.length ? index.starts[lo]! : index.text.length;
}

/**
 * Of these element ids, the last whose marker starts at or before `offset` in the chapter's text (-1: none). An
 * empty id is the chapter's start; an id not in the chapter is passed over.
 */
export function lastMarkAt(root: ParentNode, index: TextIndex, ids: readonly string[], offset: number): number {
  let last = -1;
  ids.forEach((id, i) => {
    if (!id) {
      last = Math.max(last, i);
      return;
    }
    const mark = root.querySelector(`[id="${CSS.escape(id)}"]`);
    if (mark && markOffset(index, mark) <= offset) last = i;
  });
  return last;
}

/** A book's print pages by chapter, and the page each chapter opens on (carried in from the chapters before). */
export interface PageMap {
  pages: BookPage[];
  byChapter: Map<number, BookPage[]>;
  /** The label of the last page before a chapter's own first marker ('' when none). */
  carried: Map<number, string>;
}

export function pageMap(pages: BookPage[], spine: readonly { id: number }[]): PageMap {
  const byChapter = new Map<number, BookPage[]>();
  for (const p of pages) byChapter.set(p.chapterId, [...(byChapter.get(p.chapterId) ?? []), p]);
  const carried = new Map<number, string>();
  let last = '';
  for (const c of spine) {
    carried.set(c.id, last);
    last = byChapter.get(c.id)?.at(-1)?.label ?? last;
  }
  return { pages, byChapter, carried };
}
