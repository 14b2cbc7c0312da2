import { describe, expect, it } from 'vitest';
import { moveMenu, stepped, type MenuRow } from './order';

const row = (menuId: number, parentId = 0): MenuRow => ({
  menuId,
  parentId,
  menuName: `m${menuId}`,
  path: '',
  contentType: '',
  sort: 0,
  visible: 1,
});
// 1, 2 (children 21, 22 (child 221)), 3
const rows = [row(1), row(2), row(3), row(21, 2), row(22, 2), row(221, 22)];

describe('a drag in the menu tree', () => {
  it('reorders siblings before or after the target', () => {
    expect(moveMenu(rows, 3, 1, 'before')).toEqual({ parentId: 0, order: [3, 1, 2] });
    expect(moveMenu(rows, 1, 2, 'after')).toEqual({ parentId: 0, order: [2, 1, 3] });
    expect(moveMenu(rows, 22, 21, 'before')).toEqual({ parentId: 2, order: [22, 21] });
  });
  it('moves a menu to another level: beside a child, or into a menu as its first child', () => {
    expect(moveMenu(rows, 3, 21, 'after')).toEqual({ parentId: 2, order: [21, 3, 22] });
    expect(moveMenu(rows, 1, 22, 'into')).toEqual({ parentId: 22, order: [1, 221] });
    expect(moveMenu(rows, 221, 3, 'before')).toEqual({ parentId: 0, order: [1, 2, 221, 3] });
  });
  it('never moves a menu into itself or its own subtree', () => {
    expect(moveMenu(rows, 2, 2, 'into')).toBeUndefined();
    expect(moveMenu(rows, 2, 22, 'into')).toBeUndefined();
    expect(moveMenu(rows, 2, 221, 'after')).toBeUndefined();
  });
});

describe('the arrows of an ordered list', () => {
  it('moves one id a step and stops at the ends', () => {
    expect(stepped([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(stepped([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(stepped([1, 2, 3], 1, -1)).toBeUndefined();
    expect(stepped([1, 2, 3], 3, 1)).toBeUndefined();
  });
});
