import type { z } from 'zod';
import {
  DictMsg,
  DictType,
  type AdminDictQuery,
  type AdminDictRow,
  type Paged,
  type dictCreateBody,
  type dictUpdateBody,
} from '@textbook/contracts';
import type { Db } from '../../db/connection.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageOf, pageWindow } from '../../http/paging.js';
import { clearCatalogCache } from './cache.js';
import * as dq from './dict-queries.js';

/**
 * The staff's management of the catalogue's dictionaries (subjects and collections, hierarchical): list with the
 * books each holds, create, rename, move under another entry (nest), delete when nothing uses the entry. Every
 * change drops the public catalogue reads, so `/api/dict/data/hierarchical` and the filters show it at once.
 */
const MANAGED: readonly string[] = [DictType.SUBJECT, DictType.COLLECTION, DictType.AUDIT_WORD];
const columnOf = (dictType: string) => (dictType === DictType.COLLECTION ? 'collection_id' : 'subject_id');

type Flat = Omit<AdminDictRow, 'children'>;

function tree(rows: Flat[], keep: (row: Flat) => boolean): AdminDictRow[] {
  const byParent = new Map<number, Flat[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const ids = new Set(rows.map((r) => r.id));
  const build = (row: Flat): AdminDictRow | null => {
    const children = (byParent.get(row.id) ?? []).map(build).filter((c): c is AdminDictRow => c !== null);
    if (!keep(row) && !children.length) return null;
    return children.length ? { ...row, children } : { ...row };
  };
  // Roots: entries with no parent, or whose parent is gone.
  return rows
    .filter((r) => r.parentId === 0 || !ids.has(r.parentId))
    .map(build)
    .filter((r): r is AdminDictRow => r !== null);
}

/** One page of the top entries, each with its subtree; a keyword keeps the entries that match and their parents. */
export async function adminDictPage(ctx: AppContext, query: AdminDictQuery): Promise<Paged<AdminDictRow>> {
  const rows = (await dq.listDictWithUse(ctx.db, query.dictType, columnOf(query.dictType))).map((r) => ({
    id: r.id,
    label: r.label,
    parentId: r.parentId,
    sort: r.sort,
    bookCount: Number(r.bookCount),
  }));
  const words = query.keyword?.toLowerCase();
  const roots = tree(rows, (r) => !words || r.label.toLowerCase().includes(words));
  const order = (list: AdminDictRow[]): AdminDictRow[] => {
    const sorted =
      query.sort === 'label'
        ? [...list].sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'))
        : query.sort === 'books'
          ? [...list].sort((a, b) => b.bookCount - a.bookCount || a.sort - b.sort)
          : list;
    return sorted.map((r) => (r.children ? { ...r, children: order(r.children) } : r));
  };
  const { offset, limit } = pageWindow(query);
  const all = order(roots);
  return pageOf(all.slice(offset, offset + limit), all.length);
}

async function requireManaged(ctx: AppContext, id: number) {
  const entry = await dq.findDictEntry(ctx.db, id);
  if (!entry || !MANAGED.includes(entry.dictType)) throw notFound();
  return entry;
}

/** The parent must be an entry of the same dictionary, and not the entry itself or one below it. */
async function checkParent(ctx: AppContext, dictType: string, parentId: number, movingId?: number): Promise<void> {
  if (parentId === 0) return;
  const rows = await dq.listDictWithUse(ctx.db, dictType, columnOf(dictType));
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  if (!parentOf.has(parentId)) throw refused(DictMsg.PARENT_UNKNOWN);
  if (movingId === undefined) return;
  // Walk up from the new parent: meeting the entry itself means a loop.
  let at: number | undefined = parentId;
  const seen = new Set<number>();
  while (at && !seen.has(at)) {
    if (at === movingId) throw refused(DictMsg.INTO_ITSELF);
    seen.add(at);
    at = parentOf.get(at);
  }
}

async function checkUnique(ctx: AppContext, dictType: string, parentId: number, label: string, id?: number) {
  if (await dq.siblingWithLabel(ctx.db, dictType, parentId, label, id)) throw refused(DictMsg.DUPLICATE(label));
}

export async function createDictEntry(ctx: AppContext, input: z.infer<typeof dictCreateBody>): Promise<number> {
  await checkParent(ctx, input.dictType, input.parentId);
  await checkUnique(ctx, input.dictType, input.parentId, input.label);
  const id = await dq.insertDictEntry(ctx.db, {
    dict_type: input.dictType,
    parent_id: input.parentId,
    label: input.label,
    sort: input.sort,
  });
  clearCatalogCache(ctx);
  return id;
}

export async function updateDictEntry(ctx: AppContext, id: number, input: z.infer<typeof dictUpdateBody>) {
  const entry = await requireManaged(ctx, id);
  const parentId = input.parentId ?? entry.parentId;
  const label = input.label ?? entry.label;
  if (input.parentId !== undefined) await checkParent(ctx, entry.dictType, parentId, id);
  if (label !== entry.label || parentId !== entry.parentId) await checkUnique(ctx, entry.dictType, parentId, label, id);
  await dq.updateDictEntry(ctx.db, id, {
    ...(input.label !== undefined ? { label } : {}),
    ...(input.parentId !== undefined ? { parent_id: parentId } : {}),
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
  });
  clearCatalogCache(ctx);
}

/** Deletes an entry nothing uses: refused, saying what holds it, while it has entries below it or books. */
export async function deleteDictEntry(ctx: AppContext, id: number): Promise<void> {
  const entry = await requireManaged(ctx, id);
  const children = await dq.countChildren(ctx.db, id);
  if (children) throw refused(DictMsg.HAS_CHILDREN(entry.label, children));
  const books = await dq.countBooksUsing(ctx.db, id);
  if (books) throw refused(DictMsg.IN_USE(entry.label, books));
  await dq.deleteDictEntry(ctx.db, id);
  clearCatalogCache(ctx);
}

/** An entry as it was (the audit log's "before"). */
export async function dictSnapshot(ctx: AppContext, id: number) {
  return (await dq.findDictEntry(ctx.db, id)) ?? null;
}

/**
 * Another module's settings kept as dictionary rows (the sample copies' quota and validity options): every entry
 * of those dictionaries replaced by these, inside the caller's transaction (pass it as db).
 */
export async function replaceDictionaries(
  db: Db,
  types: string[],
  rows: { dictType: string; label: string; value: string; sort: number }[],
): Promise<void> {
  await dq.replaceDictTypes(
    db,
    types,
    rows.map((r) => ({ dict_type: r.dictType, parent_id: 0, label: r.label, value: r.value, sort: r.sort })),
  );
}
