import { BEIJING_TIME_NOTE, OrderMsg, OrderText, PayChannelLabel } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { refused } from '../../http/errors.js';
import { cjkFont } from '../reader/index.js';
import * as q from './queries.js';

const time = (ms: number | null) =>
  ms === null
    ? '—'
    : new Date(Number(ms) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') + BEIJING_TIME_NOTE;

/** The PDF receipt of a paid order (CJK font, written in a worker): refused for an order that is not paid. */
export async function receiptPdf(ctx: AppContext, order: q.OrderRow): Promise<Buffer> {
  if (order.status !== 'paid') throw refused(OrderMsg.RECEIPT_NOT_PAID, 'not_paid');
  const font = cjkFont(ctx.config.pdfFont);
  if (!font) throw refused(OrderMsg.NO_CJK_FONT, 'no_font');
  const buyer = await q.memberName(ctx.db, Number(order.member_id));
  const amount = Number(order.amount);
  const label = OrderText.RECEIPT_LABELS;
  return ctx.workers.run('receipt', {
    title: OrderMsg.RECEIPT_FILE,
    font,
    lines: [
      [label.orderNo, order.order_no],
      [label.book, order.book_title],
      [label.amount, `¥${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}（${order.currency}）`],
      [label.channel, order.channel ? PayChannelLabel[order.channel] : '—'],
      [label.tradeNo, order.trade_no ?? '—'],
      [label.buyer, buyer?.real_name || buyer?.user_name || '—'],
      [label.created, time(Number(order.created_at))],
      [label.paid, time(order.paid_at)],
    ],
    footer: OrderText.RECEIPT_FOOTER,
  });
}
