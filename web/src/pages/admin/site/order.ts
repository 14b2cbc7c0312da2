/** A navigation menu as the staff list gives it (flat, ordered by sort then id). */
export interface MenuRow {
  menuId: number;
  menuName: string;
  parentId: number;
  path: string;
  contentType: string;
  sort: number;
  visible: number;
}

/** The menus under one parent, in their order. */
export const siblingsOf = (rows: MenuRow[], parentId: number) => rows.filter((r) => r.parentId === parentId);

function isUnder(rows: MenuRow[], id: number, ancestor: number): boolean {
  const parentOf = new Map(rows.map((r) => [r.menuId, r.parentId]));
  for (let at: number | undefined = id, steps = 0; at && steps <= rows.length; at = parentOf.get(at), steps++) {
    if (at === ancestor) return true;
  }
  return false;
}

/**
 * What a drag means: the dragged menu's new parent and the new order of that parent's children. Dropping a menu
 * before or after another makes them siblings; dropping it onto another makes it that menu's first child. A menu
 * dropped into itself or its own subtree: nothing (the server refuses it too).
 */
export function moveMenu(
  rows: MenuRow[],
  dragged: number,
  target: number,
  where: 'before' | 'after' | 'into',
): { parentId: number; order: number[] } | undefined {
  const targetRow = rows.find((r) => r.menuId === target);
  if (!targetRow || dragged === target) return undefined;
  const parentId = where === 'into' ? target : targetRow.parentId;
  if (parentId !== 0 && isUnder(rows, parentId, dragged)) return undefined;
  const order = siblingsOf(rows, parentId)
    .map((r) => r.menuId)
    .filter((id) => id !== dragged);
  const at = where === 'into' ? 0 : order.indexOf(target) + (where === 'after' ? 1 : 0);
  order.splice(at, 0, dragged);
  return { parentId, order };
}

/** The ids with one moved a step up (-1) or down (1); undefined at either end (the arrows of the console's lists). */
export function stepped(ids: number[], id: number, by: -1 | 1): number[] | undefined {
  const at = ids.indexOf(id);
  if (at < 0 || at + by < 0 || at + by >= ids.length) return undefined;
  const next = [...ids];
  [next[at], next[at + by]] = [next[at + by]!, next[at]!];
  return next;
}
