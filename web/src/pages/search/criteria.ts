import type { DictNode } from '@textbook/contracts';

/** What the advanced search form holds. */
export interface Criteria {
  searchText?: string;
  title?: string;
  author?: string;
  isbn?: string;
  publisher?: string;
  subjectId?: number;
  collectionId?: number;
  year?: number;
}

/** The label of a dictionary node by id, anywhere in the tree. */
export const findLabel = (nodes: DictNode[], id: number | undefined): string | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n.label;
    const inner = findLabel(n.children, id);
    if (inner) return inner;
  }
  return undefined;
};

/** The criteria of an advanced search in words, for the results' heading (书名：高等数学 · 学科：数学). */
export function describeCriteria(values: Criteria, labels: { subject?: string; collection?: string }): string {
  const parts: [string, unknown][] = [
    ['', values.searchText?.trim()],
    ['书名', values.title?.trim()],
    ['作者', values.author?.trim()],
    ['ISBN', values.isbn?.trim()],
    ['学科', labels.subject],
    ['丛书', labels.collection],
    ['出版社', values.publisher],
    ['出版年份', values.year],
  ];
  return parts
    .filter(([, v]) => v !== undefined && v !== null && String(v) !== '')
    .map(([k, v]) => (k ? `${k}：${String(v)}` : String(v)))
    .join(' · ');
}
