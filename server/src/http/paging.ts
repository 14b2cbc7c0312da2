import type { PageQuery, Paged } from '@textbook/contracts';

/** Offset and limit for a validated page query. */
export function pageWindow(query: PageQuery): { offset: number; limit: number } {
  return { offset: (query.pageNum - 1) * query.pageSize, limit: query.pageSize };
}

export function pageOf<T>(rows: T[], total: number | bigint | string): Paged<T> {
  return { rows, total: Number(total) };
}
