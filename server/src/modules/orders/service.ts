import { randomInt } from 'node:crypto';
import {
  OrderMsg,
  OrderText,
  type AdminOrderQuery,
  type AdminOrderRow,
  type CreateOrderBody,
  type MyOrderQuery,
  type OrderCheck,
  type OrderView,
  type Paged,
  type PayChannel,
  type PayDetail,
  type PayStart,
  type RefundBody,
  JobLabels,
} from '@textbook/contracts';
import { paymentProviders, type VerifiedPayment } from '../../adapters/payment/index.js';
import type { MemberActor, StaffActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { pageWindow } from '../../http/paging.js';
import { bookAccess, grantShelfEntry, revokeShelfEntry } from '../shelf/index.js';
import { notify } from '../notice/index.js';
import * as q from './queries.js';

export type { OrderRow } from './queries.js';

const toYuan = (fen: number) => Math.round(Number(fen)) / 100;

export function orderView(row: q.OrderRow): OrderView {
  return {
    id: Number(row.id),
    orderNo: row.order_no,
    bookId: Number(row.book_id),
    bookTitle: row.book_title,
    amount: toYuan(row.amount),
    currency: row.currency,
    state: row.status,
    channel: row.channel,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
    refundedAt: row.refunded_at === null ? null : Number(row.refunded_at),
  };
}

/** The order a route names, for its policy (`order.own`): 404 when there is none. */
export async function loadOrder(ctx: AppContext, id: number): Promise<q.OrderRow & { memberId: number }> {
  const row = await q.orderById(ctx.db, id);
  if (!row) throw notFound();
  return { ...row, memberId: Number(row.member_id) };
}

function newOrderNo(now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${randomInt(100_000, 1_000_000)}`;
}

/**
 * Buying a book: the amount is the book's price on the server (a different amount sent by the page is refused);
 * one open order per member and book, so pressing twice, even at once, answers the same order.
 */
export async function createOrder(
  ctx: AppContext,
  actor: MemberActor,
  bookId: number,
  body: CreateOrderBody,
  now = Date.now(),
): Promise<OrderView> {
  const book = await q.bookForOrder(ctx.db, bookId);
  if (!book || !book.published) throw refused(OrderMsg.BOOK_UNKNOWN, 'book_unknown', 404);
  const price = Number(book.price);
  if (price <= 0) throw refused(OrderMsg.BOOK_FREE, 'book_free');
  if (body?.amount !== undefined) {
    const sent = body.amount * 100;
    if (Math.abs(sent - price) > 1e-6) throw refused(OrderMsg.AMOUNT_MISMATCH, 'amount_mismatch');
  }
  const access = await bookAccess(ctx, actor, { id: bookId, published: book.published });
  if (access.read) throw refused(OrderMsg.ALREADY_READABLE, 'already_readable');

  const openKey = `${actor.memberId}:${bookId}`;
  await q.closeDue(ctx.db, now);
  const open = await q.openOrder(ctx.db, openKey);
  if (open && Number(open.amount) === price) return orderView(open);
  if (open) await q.closeNow(ctx.db, Number(open.id), now);
  await q.insertOpenOrder(ctx.db, {
    order_no: newOrderNo(now),
    member_id: actor.memberId,
    book_id: bookId,
    book_title: book.title,
    amount: price,
    currency: 'CNY',
    open_key: openKey,
    created_at: now,
    expires_at: now + ctx.config.payments.orderMinutes * 60_000,
  });
  const made = await q.openOrder(ctx.db, openKey);
  if (!made) throw refused(OrderMsg.ORDER_NOT_PAYABLE, 'order_race');
  return orderView(made);
}

/** An unpaid order past its time is closed at once when read (the job closes the others every minute). */
async function fresh(ctx: AppContext, order: q.OrderRow, now: number): Promise<q.OrderRow> {
  if (order.status !== 'unpaid' || Number(order.expires_at) > now) return order;
  await q.closeDue(ctx.db, now, Number(order.id));
  return (await q.orderById(ctx.db, Number(order.id))) ?? order;
}

export function enabledChannels(ctx: AppContext): PayChannel[] {
  return [...paymentProviders(ctx).keys()];
}

export async function payDetail(ctx: AppContext, order: q.OrderRow, now = Date.now()): Promise<PayDetail> {
  return { ...orderView(await fresh(ctx, order, now)), channels: enabledChannels(ctx) };
}

export async function checkOrder(ctx: AppContext, order: q.OrderRow, now = Date.now()): Promise<OrderCheck> {
  const row = await fresh(ctx, order, now);
  return {
    id: Number(row.id),
    bookId: Number(row.book_id),
    state: row.status,
    paid: row.status === 'paid',
    expiresAt: Number(row.expires_at),
  };
}

/** Asks the channel's provider for what the browser shows (QR content or an address). */
export async function startPayment(
  ctx: AppContext,
  order: q.OrderRow,
  channel: PayChannel,
  siteOrigin: string,
  log: { warn: (obj: object, msg: string) => void },
  now = Date.now(),
): Promise<PayStart> {
  const provider = paymentProviders(ctx).get(channel);
  if (!provider) throw refused(OrderMsg.CHANNEL_OFF, 'channel_off');
  const row = await fresh(ctx, order, now);
  if (row.status === 'paid') throw refused(OrderMsg.ORDER_PAID, 'order_paid');
  if (row.status !== 'unpaid') throw refused(OrderMsg.ORDER_CLOSED, 'order_closed');
  const origin = ctx.config.payments.notifyOrigin ?? siteOrigin;
  let answer;
  try {
    answer = await provider.start({
      orderNo: row.order_no,
      amount: Number(row.amount),
      currency: row.currency,
      subject: row.book_title,
      notifyUrl: `${origin}/api/pay/notify/${channel}`,
      expiresAt: Number(row.expires_at),
      siteOrigin: ctx.config.publicOrigin ?? siteOrigin,
    });
  } catch (err) {
    log.warn({ err, channel }, 'payment provider refused to start');
    throw refused(OrderMsg.CHANNEL_FAILED, 'channel_failed', 502);
  }
  await q.setChannel(ctx.db, Number(row.id), channel);
  return { orderId: Number(row.id), channel, ...answer, expiresAt: Number(row.expires_at) };
}

export async function myOrders(
  ctx: AppContext,
  actor: MemberActor,
  query: MyOrderQuery,
  now = Date.now(),
): Promise<Paged<OrderView>> {
  await q.closeDue(ctx.db, now);
  const { rows, total } = await q.memberOrders(ctx.db, actor.memberId, query.state, pageWindow(query));
  return { rows: rows.map(orderView), total };
}

export type PaymentOutcome = 'accepted' | 'duplicate' | 'ignored' | 'unknown_order' | 'amount_mismatch' | 'closed';

/**
 * A verified notification applied to its order, exactly once: the order must be this channel's, for the exact
 * amount and currency, still unpaid; then it is paid and the book goes on the member's shelf (source
 * `purchase`) in one transaction. A replay, or a duplicate that lost the race, finds the order paid with the same
 * trade number: `duplicate` (acknowledged, nothing changes).
 */
export async function applyPayment(
  ctx: AppContext,
  channel: PayChannel,
  payment: VerifiedPayment,
  now = Date.now(),
): Promise<PaymentOutcome> {
  const order = await q.orderByNo(ctx.db, payment.orderNo);
  if (!order) return 'unknown_order';
  if (Number(order.amount) !== payment.amount || order.currency !== payment.currency) return 'amount_mismatch';
  const already = () => order.status !== 'unpaid' && order.trade_no === payment.tradeNo && order.channel === channel;
  if (already()) return 'duplicate';
  if (!payment.success) return 'ignored';
  if (order.status !== 'unpaid') return 'closed';
  const won = await ctx.db.transaction().execute(async (trx) => {
    const ok = await q.markPaid(trx, Number(order.id), { channel, ...payment }, now);
    if (ok) {
      await grantShelfEntry(
        ctx,
        trx,
        {
          memberId: Number(order.member_id),
          bookId: Number(order.book_id),
          source: 'purchase',
          sourceRef: Number(order.id),
        },
        now,
      );
    }
    return ok;
  });
  if (won) {
    await notify(ctx, [
      {
        member_id: Number(order.member_id),
        type: 'order',
        title: OrderText.PAID_TITLE(order.book_title),
        content: OrderText.PAID_CONTENT(order.order_no),
        book_id: Number(order.book_id),
        link: '/my/record',
      },
    ]).catch(() => undefined);
    return 'accepted';
  }
  const now2 = await q.orderByNo(ctx.db, payment.orderNo);
  return now2 && now2.status === 'paid' && now2.trade_no === payment.tradeNo && now2.channel === channel
    ? 'duplicate'
    : 'closed';
}

/**
 * Staff refund: the provider is asked first (nothing changes when it refuses), then the order becomes refunded
 * and the shelf entry it gave goes, in one transaction.
 */
export async function refundOrder(
  ctx: AppContext,
  staff: StaffActor,
  body: RefundBody,
  log: { warn: (obj: object, msg: string) => void },
  now = Date.now(),
): Promise<AdminOrderRow> {
  const order = await q.orderById(ctx.db, body.id);
  if (!order) throw notFound();
  if (order.status !== 'paid' || !order.channel) throw refused(OrderMsg.REFUND_NOT_PAID, 'not_paid');
  const provider = paymentProviders(ctx).get(order.channel);
  if (!provider) throw refused(OrderMsg.CHANNEL_OFF, 'channel_off');
  const reason = body.reason ?? '';
  try {
    await provider.refund({
      orderNo: order.order_no,
      tradeNo: order.trade_no,
      amount: Number(order.amount),
      currency: order.currency,
      reason,
    });
  } catch (err) {
    log.warn({ err, orderNo: order.order_no, staffId: staff.staffId }, 'refund refused by the provider');
    throw refused(OrderMsg.REFUND_FAILED, 'refund_failed', 502);
  }
  const done = await ctx.db.transaction().execute(async (trx) => {
    const ok = await q.markRefunded(trx, Number(order.id), reason, now);
    if (ok) {
      await revokeShelfEntry(ctx, trx, {
        memberId: Number(order.member_id),
        bookId: Number(order.book_id),
        source: 'purchase',
        sourceRef: Number(order.id),
      });
    }
    return ok;
  });
  if (!done) throw refused(OrderMsg.REFUND_NOT_PAID, 'not_paid');
  const page = await q.adminOrders(ctx.db, { keyword: order.order_no }, { offset: 0, limit: 1 });
  return adminRow(page.rows[0]!);
}

type AdminDbRow = Awaited<ReturnType<typeof q.adminOrders>>['rows'][number];

function adminRow(row: AdminDbRow): AdminOrderRow {
  return {
    ...orderView(row),
    memberId: Number(row.member_id),
    memberName: row.member_name,
    memberPhone: row.member_phone,
    tradeNo: row.trade_no,
    refundReason: row.refund_reason,
  };
}

export async function adminOrders(ctx: AppContext, query: AdminOrderQuery): Promise<Paged<AdminOrderRow>> {
  const { rows, total } = await q.adminOrders(ctx.db, query, pageWindow(query));
  return { rows: rows.map(adminRow), total };
}

/** The close job: unpaid orders past their time become closed (the clock is a parameter for tests). */
export async function closeExpiredOrders(ctx: AppContext, now = Date.now()): Promise<number> {
  return q.closeDue(ctx.db, now);
}

/** Starts the close job with the app (every minute); `close` stops it (called when the app closes). */
export function startCloseJob(
  ctx: AppContext,
  log: { warn: (obj: object, msg: string) => void },
  everyMs = 60_000,
): { close: () => void } {
  return ctx.jobs.add(
    { name: 'orders.close', label: JobLabels['orders.close'], everyMs },
    () => closeExpiredOrders(ctx),
    (err) => log.warn({ err }, 'closing unpaid orders failed'),
  );
}
