import { sql, type SelectQueryBuilder } from 'kysely';

/** A query that can be cut to one window of rows (a Kysely select with its columns and order). */
interface Windowable<Row> {
  offset(offset: number): { limit(limit: number): { execute(): Promise<Row[]> } };
}

/**
 * One page of a list: one window of the query's rows (`rowsOf` adds the columns, joins only the rows need, and the
 * order) and how many rows the filtered query has, asked together, as every paged list wrote them by hand.
 */
export async function paged<DB, TB extends keyof DB, O, Row>(
  base: SelectQueryBuilder<DB, TB, O>,
  window: { offset: number; limit: number },
  rowsOf: (query: SelectQueryBuilder<DB, TB, O>) => Windowable<Row>,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, counted] = await Promise.all([
    rowsOf(base).offset(window.offset).limit(window.limit).execute(),
    // The compiler cannot see `n` through a selection over generic tables; it is the one column asked for.
    base
      .select(sql<number>`count(*)`.as('n'))
      .$castTo<{ n: number | string }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.n) };
}
