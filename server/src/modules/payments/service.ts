import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  OrderMsg,
  OrderStateLabel,
  PayText,
  type NotificationQuery,
  type PayChannel,
  type PayChannelState,
} from '@textbook/contracts';
import {
  paymentProviders,
  playMoney,
  type IncomingNotification,
  type ProviderAck,
} from '../../adapters/payment/index.js';
import { PAGE_TOKEN, type SandboxProvider } from '../../adapters/payment/sandbox.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { pageWindow } from '../../http/paging.js';
import { applyPayment, orderByNo } from '../orders/index.js';
import * as q from './queries.js';

const REFUSAL = PayText.REFUSAL;

/**
 * One provider notification: verified by the channel's adapter (signature, then the facts), applied to its order
 * exactly once, logged whatever happened, and answered the way that provider expects.
 */
export async function receiveNotification(
  ctx: AppContext,
  channel: PayChannel,
  incoming: IncomingNotification,
  now = Date.now(),
): Promise<ProviderAck> {
  const provider = paymentProviders(ctx).get(channel);
  if (!provider) throw notFound();
  const verified = await provider.verify(incoming, now);
  if (!verified.ok) {
    ctx.metrics.payments.inc({ channel, outcome: verified.why });
    await q.insertNotification(
      ctx.db,
      { channel, orderNo: '', tradeNo: '', amount: null, outcome: verified.why, detail: verified.detail },
      now,
    );
    return provider.ackFail(REFUSAL[verified.why]!);
  }
  const p = verified.payment;
  const outcome = await applyPayment(ctx, channel, p, now);
  ctx.metrics.payments.inc({ channel, outcome });
  await q.insertNotification(
    ctx.db,
    { channel, orderNo: p.orderNo, tradeNo: p.tradeNo, amount: p.amount, outcome, detail: p.currency },
    now,
  );
  return outcome === 'accepted' || outcome === 'duplicate' || outcome === 'ignored'
    ? provider.ackOk()
    : provider.ackFail(REFUSAL[outcome]!);
}

export function notifications(ctx: AppContext, query: NotificationQuery) {
  return q.notificationPage(ctx.db, query, pageWindow(query));
}

/** What the staff console shows about payments: the channels, and a loud warning when they pay no money. */
export function channelState(ctx: AppContext): PayChannelState {
  return { channels: [...paymentProviders(ctx).keys()], playMoney: playMoney(ctx.config) };
}

function sandboxOf(ctx: AppContext): SandboxProvider {
  const provider = paymentProviders(ctx).get('sandbox');
  if (!provider) throw notFound();
  return provider as SandboxProvider;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>
body{font-family:system-ui,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f3f4f6;margin:0;display:flex;justify-content:center;padding:32px 16px;color:#111}
.card{background:#fff;border-radius:12px;box-shadow:0 4px 20px rgba(0,0,0,.08);padding:28px;max-width:380px;width:100%;text-align:center}
h1{font-size:20px;margin:0 0 4px}.tag{display:inline-block;background:#fef3c7;color:#92400e;border-radius:4px;padding:2px 8px;font-size:12px}
.amount{font-size:34px;font-weight:700;color:#dc2626;margin:18px 0 6px}.muted{color:#6b7280;font-size:13px;word-break:break-all}
button{margin-top:22px;width:100%;padding:12px;border:0;border-radius:8px;background:#1677ff;color:#fff;font-size:16px;cursor:pointer}
.ok{color:#16a34a;font-size:18px;margin-top:18px}.bad{color:#dc2626;font-size:16px;margin-top:18px}
.back{display:block;margin-top:20px;color:#1677ff;text-decoration:none;font-size:15px}</style></head><body><main class="card">${body}</main></body></html>`;
}

function resultPage(html: string, status = 200) {
  return { status, html: page(PayText.SANDBOX_TITLE, `<h1>${PayText.SANDBOX_TITLE}</h1>${html}`) };
}

function missingPage() {
  return resultPage(`<p class="bad">${PayText.ORDER_MISSING}</p>`, 404);
}

/** The page a pay link without a live token shows (no token, a wrong one, one used up or past the order's time). */
function invalidPage() {
  return resultPage(`<p class="bad">${PayText.PAGE_INVALID}</p>`, 403);
}

/** Where the result page sends the payer back to: the book's page on the site. */
function backLink(bookId: number | string): string {
  return `<a class="back" href="/book-detail?id=${encodeURIComponent(String(bookId))}">${PayText.BACK_TO_BOOK}</a>`;
}

/**
 * The sandbox provider's own pay page (what scanning its QR code, or 打开沙箱支付页, opens): 扫码/确认支付. It
 * opens only with a live token of the order's pay page (`token`, minted for the buyer by 发起支付).
 */
export async function sandboxPage(
  ctx: AppContext,
  orderNo: string,
  token: string | undefined,
): Promise<{ status: number; html: string }> {
  const sandbox = sandboxOf(ctx);
  const order = await orderByNo(ctx.db, orderNo);
  if (!order) return missingPage();
  if (!(await sandbox.pageOpens(order.order_no, token))) return invalidPage();
  const amount = (Number(order.amount) / 100).toFixed(2);
  const head = `<h1>${PayText.SANDBOX_TITLE}</h1><span class="tag">${PayText.SANDBOX_TAG}</span>
<div class="amount">¥${amount}</div><div>${escape(order.book_title)}</div><div class="muted">${PayText.ORDER_NO} ${escape(order.order_no)}</div>`;
  if (order.status !== 'unpaid' || Number(order.expires_at) <= Date.now()) {
    const state = order.status === 'unpaid' ? PayText.EXPIRED : OrderStateLabel[order.status];
    return {
      status: 200,
      html: page(
        PayText.SANDBOX_TITLE,
        `${head}<p class="bad">${PayText.ORDER_STATE(state)}</p>${backLink(order.book_id)}`,
      ),
    };
  }
  const action = `/api/pay/sandbox/confirm/${encodeURIComponent(order.order_no)}`;
  return {
    status: 200,
    html: page(
      PayText.SANDBOX_TITLE,
      `${head}<form method="post" action="${escape(action)}"><input type="hidden" name="${PAGE_TOKEN}" value="${escape(token!)}"><button type="submit">${PayText.CONFIRM}</button></form>`,
    ),
  };
}

/**
 * The sandbox "pays": with its pay page's token (used up here, so it pays once), it signs a success notification
 * with its own key and sends it to the platform's notification route (the same route, verification and service
 * as Alipay and WeChat Pay), then shows the result as a page. The browser's session plays no part (the route reads
 * none): the token is what only the buyer was given.
 */
export async function sandboxConfirm(
  ctx: AppContext,
  app: FastifyInstance,
  orderNo: string,
  token: string | undefined,
): Promise<{ status: number; html: string }> {
  const sandbox = sandboxOf(ctx);
  const order = await orderByNo(ctx.db, orderNo);
  if (!order) return missingPage();
  if (!(await sandbox.takePage(order.order_no, token))) return invalidPage();
  const back = backLink(order.book_id);
  if (order.status === 'paid') return resultPage(`<p class="ok">${OrderMsg.ORDER_PAID}</p>${back}`);
  const signed = sandbox.signNotification({
    orderNo: order.order_no,
    tradeNo: `SBX${randomBytes(10).toString('hex')}`,
    amount: Number(order.amount),
    currency: order.currency,
    status: 'SUCCESS',
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/pay/notify/sandbox',
    headers: signed.headers,
    payload: signed.body,
  });
  const answer = res.json<{ code?: string; message?: string }>();
  if (answer.code === 'SUCCESS') {
    return resultPage(`<p class="ok">${PayText.PAID}</p><p class="muted">${PayText.PAID_HINT}</p>${back}`);
  }
  // Another of the buyer's pay pages paid it a moment before: paid, not failed.
  const now = await orderByNo(ctx.db, orderNo);
  if (now?.status === 'paid') return resultPage(`<p class="ok">${OrderMsg.ORDER_PAID}</p>${back}`);
  return resultPage(
    `<p class="bad">${PayText.FAILED(escape(answer.message ?? PayText.UNKNOWN_REASON))}</p>${back}`,
    409,
  );
}
