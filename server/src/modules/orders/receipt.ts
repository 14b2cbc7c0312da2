import { OrderMsg, PayChannelLabel } from '@textbook/contracts';
import type { AppContext } from '../../http/context.js';
import { refused } from '../../http/errors.js';
import { cjkFont } from '../reader/index.js';
import * as q from './queries.js';

const time = (ms: number | null) =>
  ms === null
    ? '—'
    : new Date(Number(ms) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') + '（北京时间）';

/** The PDF receipt of a paid order (CJK font, written in a worker): refused for an order that is not paid. */
export async function receiptPdf(ctx: AppContext, order: q.OrderRow): Promise<Buffer> {
  if (order.status !== 'paid') throw refused(OrderMsg.RECEIPT_NOT_PAID, 'not_paid');
  const font = cjkFont(ctx.config.pdfFont);
  if (!font) throw refused(OrderMsg.NO_CJK_FONT, 'no_font');
  const buyer = await q.memberName(ctx.db, Number(order.member_id));
  const amount = Number(order.amount);
  return ctx.workers.run('receipt', {
    title: OrderMsg.RECEIPT_FILE,
    font,
    lines: [
      ['订单号', order.order_no],
      ['教材', order.book_title],
      ['金额', `¥${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}（${order.currency}）`],
      ['支付方式', order.channel ? PayChannelLabel[order.channel] : '—'],
      ['交易号', order.trade_no ?? '—'],
      ['购买人', buyer?.real_name || buyer?.user_name || '—'],
      ['下单时间', time(Number(order.created_at))],
      ['支付时间', time(order.paid_at)],
    ],
    footer: '本收据由高校数字教材平台生成，仅作购买凭证。',
  });
}
