import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';

/** Seat orders of a college and the publisher's decision on them. */

export function insertOrder(
  db: Db,
  row: { collegeId: number; bookId: number; memberId: number; quantity: number; termMonths: number; remark: string },
  now: number,
) {
  return db
    .insertInto('college_orders')
    .values({
      college_id: row.collegeId,
      book_id: row.bookId,
      member_id: row.memberId,
      quantity: row.quantity,
      term_months: row.termMonths,
      remark: row.remark,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function ordersQuery(db: Db) {
  return db
    .selectFrom('college_orders as o')
    .innerJoin('books as b', 'b.id', 'o.book_id')
    .innerJoin('colleges as c', 'c.id', 'o.college_id');
}

const orderColumns = [
  'o.id',
  'o.college_id as collegeId',
  'c.name as collegeName',
  'o.book_id as bookId',
  'b.title as bookName',
  'o.quantity',
  'o.term_months as termMonths',
  'o.status',
  'o.remark',
  'o.created_at as createTime',
  'o.decided_at as decidedAt',
] as const;

export type OrderRecord = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export function findOrder(db: Db, id: number) {
  return ordersQuery(db).select(orderColumns).where('o.id', '=', id).executeTakeFirst();
}

export async function pageOrders(
  db: Db,
  filter: { collegeId?: number | undefined; status?: number | undefined; offset: number; limit: number },
) {
  const base = ordersQuery(db)
    .$if(filter.collegeId !== undefined, (q) => q.where('o.college_id', '=', filter.collegeId!))
    .$if(filter.status !== undefined, (q) => q.where('o.status', '=', filter.status!));
  return paged(base, filter, (q) => q.select(orderColumns).orderBy('o.id', 'desc'));
}

/** Decides a waiting order once: of two staff at once, one decides. */
export async function decideOrder(
  db: Db,
  id: number,
  status: 1 | 2,
  staffId: number,
  remark: string | undefined,
  now: number,
) {
  const result = await db
    .updateTable('college_orders')
    .set({ status, decided_by: staffId, decided_at: now, ...(remark ? { remark } : {}) })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
