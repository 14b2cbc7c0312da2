import type { DictNode } from '@textbook/contracts';
import type { Db } from '../../db/connection.js';
import * as q from './queries.js';

export function buildTree(rows: Omit<DictNode, 'children'>[]): DictNode[] {
  const byId = new Map<number, DictNode>();
  for (const row of rows) byId.set(row.id, { ...row, children: [] });
  const roots: DictNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function dictTree(db: Db, dictType: string): Promise<DictNode[]> {
  return buildTree(await q.listDict(db, dictType));
}

/** A subject and every subject below it: filtering by 工学 lists the books of 计算机科学与技术 too. */
export async function subjectSubtree(db: Db, subjectId: number): Promise<number[]> {
  const rows = await q.listDict(db, 'book_subject');
  const children = new Map<number, number[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  if (!rows.some((r) => r.id === subjectId)) return [];
  const out: number[] = [];
  const stack = [subjectId];
  while (stack.length) {
    const id = stack.pop()!;
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}
