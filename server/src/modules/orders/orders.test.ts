import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  Code,
  OrderMsg,
  type AdminOrderRow,
  type NotificationRow,
  type OrderCheck,
  type OrderView,
  type Paged,
  type PayDetail,
} from '@textbook/contracts';
import { SandboxProvider } from '../../adapters/payment/sandbox.js';
import { grantShelfEntry } from '../shelf/index.js';
import { buildCollege, buildMember, buildStaff, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';
import {
  buildPricedBook,
  order,
  orderRow,
  sandboxOf,
  sendSandbox,
  shelfEntries,
  startPay,
} from '../../../test/orders.js';
import { closeExpiredOrders } from './index.js';

const t = useTestApp();
let student: BuiltMember;
let other: BuiltMember;
let staff: { id: number; token: string };

beforeAll(async () => {
  const college = await buildCollege(t.ctx.db);
  student = await buildMember(t.ctx.db, { college, roles: '3' });
  other = await buildMember(t.ctx.db, { college, roles: '3' });
  staff = await buildStaff(t.ctx.db);
});

const paidPayment = (o: OrderView, tradeNo = `T${o.id}`) => ({
  orderNo: o.orderNo,
  tradeNo,
  amount: Math.round(o.amount * 100),
  currency: 'CNY',
  status: 'SUCCESS' as const,
});

async function countOrders(memberId: number, bookId: number) {
  const rows = await t.ctx.db
    .selectFrom('personal_orders')
    .select('id')
    .where('member_id', '=', memberId)
    .where('book_id', '=', bookId)
    .execute();
  return rows.length;
}

describe('ordering a book', () => {
  it('takes the amount from the book on the server; pressing twice gives the same order', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 3850);
    const first = await order(t, student.token, bookId);
    expect(first).toMatchObject({ bookId, amount: 38.5, currency: 'CNY', state: 'unpaid', channel: null });
    expect(first.expiresAt - first.createdAt).toBe(30 * 60_000);
    const again = await order(t, student.token, bookId, { amount: 38.5 });
    expect(again.id).toBe(first.id);
    expect(await countOrders(student.id, bookId)).toBe(1);
  });

  it('gives one order for ten presses at the same moment', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 1000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<OrderView>(t.app, { method: 'POST', url: `/api/personalOrder/order/${bookId}`, token: student.token }),
      ),
    );
    const ids = new Set(answers.map((a) => expectOk(a).id));
    expect(ids.size).toBe(1);
    expect(await countOrders(student.id, bookId)).toBe(1);
  });

  it('refuses an unknown, unpublished or free book, a readable book and a tampered amount, creating nothing', async () => {
    const press = (bookId: number, payload?: object) =>
      call(t.app, {
        method: 'POST',
        url: `/api/personalOrder/order/${bookId}`,
        token: other.token,
        ...(payload ? { payload } : {}),
      });
    expectRefused(await press(99_999_999), OrderMsg.BOOK_UNKNOWN, 404);
    const hidden = await buildPricedBook(t.ctx.db, 500, { published: false });
    expectRefused(await press(hidden), OrderMsg.BOOK_UNKNOWN, 404);
    const free = await buildPricedBook(t.ctx.db, 0);
    expectRefused(await press(free), OrderMsg.BOOK_FREE);
    const owned = await buildPricedBook(t.ctx.db, 900);
    await grantShelfEntry(t.ctx, t.ctx.db, { memberId: other.id, bookId: owned, source: 'class', sourceRef: 7 });
    expectRefused(await press(owned), OrderMsg.ALREADY_READABLE);
    const priced = await buildPricedBook(t.ctx.db, 2000);
    expectRefused(await press(priced, { amount: 0.01 }), OrderMsg.AMOUNT_MISMATCH);
    const negative = await press(priced, { amount: -20 });
    expect(negative.status).toBe(400);
    expect(negative.body.code).not.toBe(Code.OK);
    for (const b of [hidden, free, owned, priced]) expect(await countOrders(other.id, b)).toBe(0);
  });

  it('is for members only: a visitor is asked to log in, staff are refused', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 100);
    expect((await call(t.app, { method: 'POST', url: `/api/personalOrder/order/${bookId}` })).status).toBe(401);
    const r = await call(t.app, { method: 'POST', url: `/api/personalOrder/order/${bookId}`, token: staff.token });
    expect(r.status).toBe(403);
  });
});

describe('paying with the sandbox provider', () => {
  it('answers the QR content and pay page; the pay page pays; the book is on the shelf; records and receipt', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 4200);
    const o = await order(t, student.token, bookId);
    const detail = expectOk(
      await call<PayDetail>(t.app, { url: `/api/personalOrder/pay/detail/${o.id}`, token: student.token }),
    );
    expect(detail).toMatchObject({ id: o.id, amount: 42, channels: ['sandbox'] });
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/pay/alipay/order',
        token: student.token,
        payload: { orderId: o.id },
      }),
      OrderMsg.CHANNEL_OFF,
    );
    const start = await startPay(t, student.token, o.id);
    expect(start.payUrl).toMatch(new RegExp(`^/api/pay/sandbox/page/${o.orderNo}\\?t=`));
    expect(start.qrCode).toBe(`http://localhost:80${start.payUrl}`);

    const pageRes = await t.app.inject({ url: start.payUrl! });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('扫码/确认支付');
    expect(pageRes.body).toContain('确认支付');
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/pay/sandbox/confirm/${o.orderNo}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `t=${new URL(start.payUrl!, 'http://x').searchParams.get('t')}`,
    });
    expect(confirm.body).toContain('支付成功');

    for (const url of [`/api/pay/check/${o.id}`, `/api/personalOrder/order/check/${o.id}`]) {
      const check = expectOk(await call<OrderCheck>(t.app, { url, token: student.token }));
      expect(check).toMatchObject({ id: o.id, state: 'paid', paid: true, bookId });
    }
    expect(await shelfEntries(t.ctx.db, student.id, bookId)).toEqual([{ source: 'purchase', source_ref: o.id }]);
    const access = expectOk(
      await call<{ readable: boolean }>(t.app, { url: `/api/book/readAccess?bookId=${bookId}`, token: student.token }),
    );
    expect(access.readable).toBe(true);

    const mine = expectOk(
      await call<Paged<OrderView>>(t.app, { url: '/api/personalOrder/myOrder?pageSize=50', token: student.token }),
    );
    expect(mine.rows.find((r) => r.id === o.id)).toMatchObject({ state: 'paid', channel: 'sandbox', amount: 42 });
    const otherMine = expectOk(
      await call<Paged<OrderView>>(t.app, { url: '/api/personalOrder/myOrder', token: other.token }),
    );
    expect(otherMine.rows.some((r) => r.id === o.id)).toBe(false);

    const receipt = await t.app.inject({
      url: `/api/personalOrder/receipt/${o.id}`,
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Buying it again is refused now: the book is readable.
    expectRefused(
      await call(t.app, { method: 'POST', url: `/api/personalOrder/order/${bookId}`, token: student.token }),
      OrderMsg.ALREADY_READABLE,
    );
    // Paying a paid order again is refused.
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/pay/sandbox/order',
        token: student.token,
        payload: { orderId: o.id },
      }),
      OrderMsg.ORDER_PAID,
    );
  });

  it('refuses another member’s order id on every order route, and an unpaid order’s receipt', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 300);
    const o = await order(t, student.token, bookId);
    for (const url of [
      `/api/personalOrder/pay/detail/${o.id}`,
      `/api/pay/check/${o.id}`,
      `/api/personalOrder/order/check/${o.id}`,
      `/api/personalOrder/receipt/${o.id}`,
    ]) {
      const r = await call(t.app, { url, token: other.token });
      expect(r.status, url).toBe(403);
      expect(r.body.data).toBeNull();
    }
    const pay = await call(t.app, {
      method: 'POST',
      url: '/api/pay/sandbox/order',
      token: other.token,
      payload: { orderId: o.id },
    });
    expect(pay.status).toBe(403);
    expect((await orderRow(t.ctx.db, o.id)).channel).toBeNull();
    expectRefused(
      await call(t.app, { url: `/api/personalOrder/receipt/${o.id}`, token: student.token }),
      OrderMsg.RECEIPT_NOT_PAID,
    );
  });
});

describe('notifications', () => {
  it('refuses a forged signature, a wrong amount or currency, an unknown order; replays change nothing', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 1234);
    const o = await order(t, other.token, bookId);
    const forger = new SandboxProvider();
    const forged = await sendSandbox(t, paidPayment(o), forger);
    expect(forged).toMatchObject({ status: 400, body: { code: 'FAIL' } });
    const stale = await sendSandbox(t, paidPayment(o), undefined, Date.now() - 10 * 60_000);
    expect(stale.body.code).toBe('FAIL');
    const cheap = await sendSandbox(t, { ...paidPayment(o), amount: 1 });
    expect(cheap.body).toMatchObject({ code: 'FAIL', message: '金额或币种与订单不符' });
    const dollars = await sendSandbox(t, { ...paidPayment(o), currency: 'USD' });
    expect(dollars.body.code).toBe('FAIL');
    const unknown = await sendSandbox(t, { ...paidPayment(o), orderNo: 'NOPE' });
    expect(unknown.body).toMatchObject({ code: 'FAIL', message: '订单不存在' });
    // A body altered after signing.
    const signed = (await import('../../../test/orders.js')).sandboxOf(t).signNotification(paidPayment(o));
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: signed.headers,
      payload: signed.body.replace('"amount":1234', '"amount":1235'),
    });
    expect(altered.json()).toMatchObject({ code: 'FAIL', message: '签名验证失败' });
    expect((await orderRow(t.ctx.db, o.id)).status).toBe('unpaid');
    expect(await shelfEntries(t.ctx.db, other.id, bookId)).toEqual([]);

    const ok = await sendSandbox(t, paidPayment(o));
    expect(ok).toMatchObject({ status: 200, body: { code: 'SUCCESS' } });
    const paidAt = (await orderRow(t.ctx.db, o.id)).paid_at;
    const replay = await sendSandbox(t, paidPayment(o));
    expect(replay).toMatchObject({ status: 200, body: { code: 'SUCCESS' } });
    const row = await orderRow(t.ctx.db, o.id);
    expect(row).toMatchObject({ status: 'paid', trade_no: `T${o.id}` });
    expect(row.paid_at).toBe(paidAt);
    expect(await shelfEntries(t.ctx.db, other.id, bookId)).toHaveLength(1);
    // A second, different payment of the same order is refused (it is paid already).
    const second = await sendSandbox(t, paidPayment(o, 'ANOTHER'));
    expect(second.body.code).toBe('FAIL');

    const log = expectOk(
      await call<Paged<NotificationRow>>(t.app, {
        url: `/api/admin/payments/notifications?orderNo=${o.orderNo}`,
        token: staff.token,
      }),
    );
    // Amounts in yuan, as everywhere on the wire (the log keeps fen): ¥12.34, not ¥1234.00.
    expect(log.rows.find((r) => r.outcome === 'accepted')?.amount).toBe(12.34);
    expect(log.rows.filter((r) => r.outcome === 'amount_mismatch').map((r) => r.amount)).toContain(0.01);
    expect(log.rows.map((r) => r.outcome).sort()).toEqual(
      ['accepted', 'amount_mismatch', 'amount_mismatch', 'closed', 'duplicate'].sort(),
    );
    expect((await call(t.app, { url: '/api/admin/payments/notifications', token: other.token })).status).toBe(403);
  });

  it('two identical notifications at once give one paid order and one shelf entry', async () => {
    for (let round = 0; round < 5; round++) {
      const bookId = await buildPricedBook(t.ctx.db, 990);
      const buyer = await buildMember(t.ctx.db);
      const o = await order(t, buyer.token, bookId);
      const answers = await Promise.all([sendSandbox(t, paidPayment(o)), sendSandbox(t, paidPayment(o))]);
      for (const a of answers) expect(a.body.code).toBe('SUCCESS');
      expect(await shelfEntries(t.ctx.db, buyer.id, bookId)).toHaveLength(1);
      expect((await orderRow(t.ctx.db, o.id)).status).toBe('paid');
      const outcomes = await t.ctx.db
        .selectFrom('payment_notifications')
        .select('outcome')
        .where('order_no', '=', o.orderNo)
        .execute();
      expect(outcomes.map((r) => r.outcome).sort()).toEqual(['accepted', 'duplicate']);
    }
  });
});

describe('closing unpaid orders', () => {
  it('the job closes orders past 30 minutes; a notification for a closed order changes nothing', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 700);
    const buyer = await buildMember(t.ctx.db);
    const o = await order(t, buyer.token, bookId);
    // (Counts are of every order in the file's database: on a slow run, earlier tests' orders are due by then.)
    await closeExpiredOrders(t.ctx, o.createdAt + 29 * 60_000);
    expect((await orderRow(t.ctx.db, o.id)).status).toBe('unpaid');
    expect(await closeExpiredOrders(t.ctx, o.createdAt + 30 * 60_000)).toBeGreaterThanOrEqual(1);
    const closed = await orderRow(t.ctx.db, o.id);
    expect(closed).toMatchObject({ status: 'closed', open_key: null });
    const check = expectOk(await call<OrderCheck>(t.app, { url: `/api/pay/check/${o.id}`, token: buyer.token }));
    expect(check).toMatchObject({ state: 'closed', paid: false });

    const late = await sendSandbox(t, paidPayment(o));
    expect(late.body).toMatchObject({ code: 'FAIL', message: '订单已关闭或已退款' });
    expect((await orderRow(t.ctx.db, o.id)).status).toBe('closed');
    expect(await shelfEntries(t.ctx.db, buyer.id, bookId)).toEqual([]);
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: '/api/pay/sandbox/order',
        token: buyer.token,
        payload: { orderId: o.id },
      }),
      OrderMsg.ORDER_CLOSED,
    );
    // Pressing 购买 again opens a new order.
    const next = await order(t, buyer.token, bookId);
    expect(next.id).not.toBe(o.id);
  });
});

describe('staff', () => {
  it('list orders with filters and refund a paid one: the provider is called and the shelf entry goes', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 5000);
    const buyer = await buildMember(t.ctx.db);
    const o = await order(t, buyer.token, bookId);
    expectRefused(
      await call(t.app, { method: 'POST', url: '/api/admin/orders/refund', token: staff.token, payload: { id: o.id } }),
      OrderMsg.REFUND_NOT_PAID,
    );
    await startPay(t, buyer.token, o.id);
    expect((await sendSandbox(t, paidPayment(o))).body.code).toBe('SUCCESS');
    const list = expectOk(
      await call<Paged<AdminOrderRow>>(t.app, {
        url: `/api/admin/orders/page?state=paid&channel=sandbox&keyword=${o.orderNo}`,
        token: staff.token,
      }),
    );
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ id: o.id, memberId: buyer.id, tradeNo: `T${o.id}` });
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/admin/orders/refund',
          token: buyer.token,
          payload: { id: o.id },
        })
      ).status,
    ).toBe(403);

    // The provider refuses: the member keeps the book, the order stays paid.
    const refund = vi.spyOn(sandboxOf(t), 'refund');
    refund.mockRejectedValueOnce(new Error('gateway down'));
    expectRefused(
      await call(t.app, { method: 'POST', url: '/api/admin/orders/refund', token: staff.token, payload: { id: o.id } }),
      OrderMsg.REFUND_FAILED,
      502,
    );
    expect((await orderRow(t.ctx.db, o.id)).status).toBe('paid');
    expect(await shelfEntries(t.ctx.db, buyer.id, bookId)).toHaveLength(1);

    const refunded = await call<AdminOrderRow>(t.app, {
      method: 'POST',
      url: '/api/admin/orders/refund',
      token: staff.token,
      payload: { id: o.id, reason: '重复购买' },
    });
    expect(refunded.body.msg).toBe(OrderMsg.REFUNDED);
    expect(expectOk(refunded)).toMatchObject({ state: 'refunded', refundReason: '重复购买' });
    expect(await shelfEntries(t.ctx.db, buyer.id, bookId)).toEqual([]);
    expect(refund).toHaveBeenLastCalledWith({
      orderNo: o.orderNo,
      tradeNo: `T${o.id}`,
      amount: 5000,
      currency: 'CNY',
      reason: '重复购买',
    });
    refund.mockRestore();
    // A replay of the old payment changes nothing; buying again opens a new order.
    expect((await sendSandbox(t, paidPayment(o))).body.code).toBe('SUCCESS');
    expect((await orderRow(t.ctx.db, o.id)).status).toBe('refunded');
    expect(await shelfEntries(t.ctx.db, buyer.id, bookId)).toEqual([]);
    expectRefused(
      await call(t.app, { method: 'POST', url: '/api/admin/orders/refund', token: staff.token, payload: { id: o.id } }),
      OrderMsg.REFUND_NOT_PAID,
    );
    expect((await order(t, buyer.token, bookId)).id).not.toBe(o.id);
  });
});
