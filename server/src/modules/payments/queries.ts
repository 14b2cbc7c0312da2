import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';

export interface NotificationLog {
  channel: string;
  orderNo: string;
  tradeNo: string;
  amount: number | null;
  outcome: string;
  detail: string;
}

export function insertNotification(db: Db, log: NotificationLog, now: number) {
  return db
    .insertInto('payment_notifications')
    .values({
      channel: log.channel,
      order_no: log.orderNo.slice(0, 64),
      trade_no: log.tradeNo.slice(0, 64),
      amount: log.amount,
      outcome: log.outcome,
      detail: log.detail.slice(0, 500),
      received_at: now,
    })
    .execute();
}

/** The providers' notifications as received (of a channel, outcome or order), newest first. */
export async function notificationPage(
  db: Db,
  f: { channel?: string | undefined; outcome?: string | undefined; orderNo?: string | undefined },
  window: { offset: number; limit: number },
) {
  let base = db.selectFrom('payment_notifications');
  if (f.channel) base = base.where('channel', '=', f.channel);
  if (f.outcome) base = base.where('outcome', '=', f.outcome);
  if (f.orderNo) base = base.where('order_no', '=', f.orderNo);
  const { rows, total } = await paged(base, window, (q) =>
    q
      .select([
        'id',
        'channel',
        'order_no as orderNo',
        'trade_no as tradeNo',
        'amount',
        'outcome',
        'detail',
        'received_at as receivedAt',
      ])
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc'),
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      // The log keeps fen (as the provider sent it); the wire speaks yuan.
      amount: r.amount === null ? null : Number(r.amount) / 100,
      receivedAt: Number(r.receivedAt),
    })),
    total,
  };
}
