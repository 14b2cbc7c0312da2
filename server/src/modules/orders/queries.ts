import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';
import type { OrderStatus, PayChannel, PersonalOrdersTable } from '../../db/tables/orders.js';

export type OrderRow = Selectable<PersonalOrdersTable>;

export function bookForOrder(db: Db, bookId: number) {
  return db
    .selectFrom('books')
    .select(['id', 'title', 'price', 'published'])
    .where('id', '=', bookId)
    .executeTakeFirst();
}

export function orderById(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('personal_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function orderByNo(db: Db, orderNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('personal_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export function openOrder(db: Db, openKey: string): Promise<OrderRow | undefined> {
  return db.selectFrom('personal_orders').selectAll().where('open_key', '=', openKey).executeTakeFirst();
}

/** Inserts an unpaid order unless one is open for the same member and book (the unique open_key decides). */
export function insertOpenOrder(
  db: Db,
  values: Omit<
    OrderRow,
    'id' | 'status' | 'channel' | 'trade_no' | 'paid_at' | 'closed_at' | 'refunded_at' | 'refund_reason'
  >,
) {
  return db
    .insertInto('personal_orders')
    .values({ ...values, status: 'unpaid' })
    .onConflict((oc) => oc.column('open_key').doNothing())
    .execute();
}

/** Closes unpaid orders past their time (all of them, or one); answers how many closed. */
export async function closeDue(db: Db, now: number, id?: number): Promise<number> {
  let q = db
    .updateTable('personal_orders')
    .set({ status: 'closed', closed_at: now, open_key: null })
    .where('status', '=', 'unpaid')
    .where('expires_at', '<=', now);
  if (id !== undefined) q = q.where('id', '=', id);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Closes one unpaid order now (its price changed since); false when it was no longer unpaid. */
export async function closeNow(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('personal_orders')
    .set({ status: 'closed', closed_at: now, open_key: null })
    .where('id', '=', id)
    .where('status', '=', 'unpaid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** unpaid → paid, exactly once: the one caller whose update changed the row wins. */
export async function markPaid(
  db: Db,
  id: number,
  paid: { channel: PayChannel; tradeNo: string; amount: number; currency: string },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('personal_orders')
    .set({ status: 'paid', channel: paid.channel, trade_no: paid.tradeNo, paid_at: now, open_key: null })
    .where('id', '=', id)
    .where('status', '=', 'unpaid')
    .where('amount', '=', paid.amount)
    .where('currency', '=', paid.currency)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markRefunded(db: Db, id: number, reason: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('personal_orders')
    .set({ status: 'refunded', refunded_at: now, refund_reason: reason })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function setChannel(db: Db, id: number, channel: PayChannel) {
  return db
    .updateTable('personal_orders')
    .set({ channel })
    .where('id', '=', id)
    .where('status', '=', 'unpaid')
    .execute();
}

/** A member's orders (of one state, or all), newest first. */
export function memberOrders(
  db: Db,
  memberId: number,
  state: OrderStatus | undefined,
  window: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  let base = db.selectFrom('personal_orders').where('member_id', '=', memberId);
  if (state) base = base.where('status', '=', state);
  return paged(base, window, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
}

export interface AdminFilter {
  state?: OrderStatus | undefined;
  channel?: PayChannel | undefined;
  keyword?: string | undefined;
  memberId?: number | undefined;
}

/** The console's orders with their members, newest first. */
export function adminOrders(db: Db, f: AdminFilter, window: { offset: number; limit: number }) {
  let base = db.selectFrom('personal_orders as o').innerJoin('members as m', 'm.id', 'o.member_id');
  if (f.state) base = base.where('o.status', '=', f.state);
  if (f.channel) base = base.where('o.channel', '=', f.channel);
  if (f.memberId) base = base.where('o.member_id', '=', f.memberId);
  if (f.keyword) {
    const like = `%${f.keyword}%`;
    base = base.where((eb) =>
      eb.or([
        eb('o.order_no', '=', f.keyword!),
        eb('o.book_title', 'like', eb.val(like)),
        eb('m.phone', '=', f.keyword!),
      ]),
    );
  }
  return paged(base, window, (q) =>
    q
      .selectAll('o')
      .select(['m.user_name as member_name', 'm.phone as member_phone'])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc'),
  );
}

export function memberName(db: Db, memberId: number) {
  return db
    .selectFrom('members')
    .select(['user_name', 'real_name', 'phone'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}
