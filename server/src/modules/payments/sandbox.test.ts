import { beforeAll, describe, expect, it } from 'vitest';
import {
  AuthMsg,
  CLIENT_HEADER,
  OrderMsg,
  PayText,
  TOKEN_COOKIE,
  type OrderView,
  type PayChannelState,
  type PayDetail,
} from '@textbook/contracts';
import { loadConfig } from '../../config.js';
import { playMoney, playMoneyBanner } from '../../adapters/payment/index.js';
import { buildMember, buildStaff, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp, type TestApp } from '../../../test/helpers.js';
import { buildPricedBook, order, orderRow, shelfEntries, startPay } from '../../../test/orders.js';

/** The browser of a logged-in member: its session cookie goes with every request, forms included. */
const cookieOf = (member: BuiltMember) => `${TOKEN_COOKIE}=${encodeURIComponent(member.token)}`;

/** 确认支付 as the pay page's form sends it (urlencoded, no web-client header), with or without a session. */
function confirm(t: TestApp, orderNo: string, form: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/pay/sandbox/confirm/${orderNo}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: form,
  });
}

/** The token of a pay page's address (`…?t=…`). */
const tokenOf = (payUrl: string | null) => new URL(payUrl!, 'http://x').searchParams.get('t')!;

describe('the sandbox pay page, in the buyer’s own logged-in browser', () => {
  const t = useTestApp();
  let buyer: BuiltMember;
  let other: BuiltMember;
  beforeAll(async () => {
    buyer = await buildMember(t.ctx.db);
    other = await buildMember(t.ctx.db);
  });

  it('pays from the page’s own form though the session cookie comes along, and answers a page, not JSON', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 3200);
    const o = await order(t, buyer.token, bookId);
    const start = await startPay(t, buyer.token, o.id);
    expect(start.payUrl).toMatch(new RegExp(`^/api/pay/sandbox/page/${o.orderNo}\\?t=[\\w-]{20,}$`));
    expect(start.qrCode).toMatch(new RegExp(`^http://[^/]+/api/pay/sandbox/page/${o.orderNo}\\?t=`));

    const page = await t.app.inject({ url: start.payUrl!, headers: { cookie: cookieOf(buyer) } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(PayText.CONFIRM);
    // The form carries the page's token; it posts to the confirm route.
    const field = /name="t" value="([^"]+)"/.exec(page.body)?.[1];
    expect(field).toBe(tokenOf(start.payUrl));

    const paid = await confirm(t, o.orderNo, `t=${field}`, { cookie: cookieOf(buyer) });
    expect(paid.statusCode).toBe(200);
    expect(paid.headers['content-type']).toContain('text/html');
    expect(paid.body).toContain('支付成功');
    expect(paid.body).toContain(`/book-detail?id=${bookId}`);
    expect(await orderRow(t.ctx.db, o.id)).toMatchObject({ status: 'paid', channel: 'sandbox' });
    expect(await shelfEntries(t.ctx.db, buyer.id, bookId)).toEqual([{ source: 'purchase', source_ref: o.id }]);
  });

  it('keeps the CSRF refusal for every other write a cross-site form could send with the cookie', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 800);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/personalOrder/order/${bookId}`,
      headers: { cookie: cookieOf(buyer), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ msg: AuthMsg.CSRF_REFUSED });
    // Paying through the API (发起支付) too: it needs the web client's header with the cookie.
    const o = await order(t, buyer.token, bookId);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/order',
      headers: { cookie: cookieOf(buyer), 'content-type': 'application/json' },
      payload: JSON.stringify({ orderId: o.id }),
    });
    expect(start.statusCode).toBe(403);
    const viaWeb = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/order',
      headers: { cookie: cookieOf(buyer), 'content-type': 'application/json', [CLIENT_HEADER]: 'member' },
      payload: JSON.stringify({ orderId: o.id }),
    });
    expect(viaWeb.statusCode).toBe(200);
  });

  it('refuses a confirm without the page’s token: no cookie, the buyer’s cookie alone, another member, a forged or spent token', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 1500);
    const o = await order(t, buyer.token, bookId);
    const mine = tokenOf((await startPay(t, buyer.token, o.id)).payUrl);
    const otherBook = await buildPricedBook(t.ctx.db, 1600);
    const theirs = tokenOf((await startPay(t, other.token, (await order(t, other.token, otherBook)).id)).payUrl);

    const refusedPage = (res: { statusCode: number; body: string }) => {
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(PayText.PAGE_INVALID);
    };
    // A cross-site form, or anyone who read the order number: no token.
    refusedPage(await confirm(t, o.orderNo, 'confirm=1'));
    refusedPage(await t.app.inject({ method: 'POST', url: `/api/pay/sandbox/confirm/${o.orderNo}` }));
    // The buyer's own cookie is no authority here (the route reads no session), nor another member's.
    refusedPage(await confirm(t, o.orderNo, 'confirm=1', { cookie: cookieOf(buyer) }));
    refusedPage(await confirm(t, o.orderNo, 'confirm=1', { cookie: cookieOf(other), [CLIENT_HEADER]: 'member' }));
    refusedPage(await confirm(t, o.orderNo, '', { authorization: `Bearer ${other.token}` }));
    // Another order's token, a made-up one.
    refusedPage(await confirm(t, o.orderNo, `t=${theirs}`, { cookie: cookieOf(other) }));
    refusedPage(await confirm(t, o.orderNo, 't=AAAAAAAAAAAAAAAAAAAAAAAA'));
    // Nor does the page open without it.
    refusedPage(await t.app.inject({ url: `/api/pay/sandbox/page/${o.orderNo}` }));
    expect((await orderRow(t.ctx.db, o.id)).status).toBe('unpaid');
    expect(await shelfEntries(t.ctx.db, buyer.id, bookId)).toEqual([]);

    // Another member cannot get a token for it (发起支付 is the buyer's own).
    const stolen = await call(t.app, {
      method: 'POST',
      url: '/api/pay/sandbox/order',
      token: other.token,
      payload: { orderId: o.id },
    });
    expect(stolen.status).toBe(403);

    // The buyer's token (a phone that scanned the QR code: no cookie) pays, once.
    expect((await confirm(t, o.orderNo, `t=${mine}`)).body).toContain('支付成功');
    refusedPage(await confirm(t, o.orderNo, `t=${mine}`));
    expect(await shelfEntries(t.ctx.db, buyer.id, bookId)).toHaveLength(1);
  });

  it('two presses of 确认支付 at once, or two of the buyer’s pay pages at once, pay once', async () => {
    for (let round = 0; round < 4; round++) {
      const bookId = await buildPricedBook(t.ctx.db, 990 + round);
      const member = await buildMember(t.ctx.db);
      const o = await order(t, member.token, bookId);
      const one = tokenOf((await startPay(t, member.token, o.id)).payUrl);
      const two = tokenOf((await startPay(t, member.token, o.id)).payUrl);
      const answers = await Promise.all([
        confirm(t, o.orderNo, `t=${one}`),
        confirm(t, o.orderNo, `t=${one}`),
        confirm(t, o.orderNo, `t=${two}`, { cookie: cookieOf(member) }),
      ]);
      // The same token twice: one use. Two tokens: both say paid (one pays, the other finds it paid).
      expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(1);
      for (const a of answers.filter((x) => x.statusCode !== 403)) {
        expect(a.statusCode).toBe(200);
        expect(a.body).toMatch(/支付成功|订单已支付/);
      }
      expect(await shelfEntries(t.ctx.db, member.id, bookId)).toHaveLength(1);
      expect((await orderRow(t.ctx.db, o.id)).status).toBe('paid');
      const log = await t.ctx.db
        .selectFrom('payment_notifications')
        .select('outcome')
        .where('order_no', '=', o.orderNo)
        .execute();
      expect(log.filter((r) => r.outcome === 'accepted')).toHaveLength(1);
    }
  });
});

describe('a production start', () => {
  const production = (env: NodeJS.ProcessEnv = {}) => loadConfig({ NODE_ENV: 'production', ...env });

  it('offers no sandbox unless PAY_CHANNELS names it, and then says loudly that money is not real', () => {
    expect(production().payments.channels).toEqual([]);
    expect(playMoney(production())).toBe(false);
    expect(playMoneyBanner(production())).toBeNull();
    expect(production({ ALIPAY_APP_ID: '2021' }).payments.channels).toEqual(['alipay']);
    const demo = production({ PAY_CHANNELS: 'sandbox' });
    expect(demo.payments.channels).toEqual(['sandbox']);
    expect(playMoney(demo)).toBe(true);
    expect(playMoneyBanner(demo)).toMatch(/NO REAL MONEY/);
    // Outside production the offline profile keeps its sandbox, quietly.
    expect(loadConfig({ NODE_ENV: 'development' }).payments.channels).toEqual(['sandbox']);
    expect(playMoney(loadConfig({ NODE_ENV: 'development' }))).toBe(false);
  });

  describe('without PAY_CHANNELS or provider credentials', () => {
    const t = useTestApp({ env: 'production', payments: production().payments });

    it('offers no channel and refuses the sandbox’s start, page and confirm: the order stays unpaid', async () => {
      const buyer = await buildMember(t.ctx.db);
      const bookId = await buildPricedBook(t.ctx.db, 3200);
      const o: OrderView = await order(t, buyer.token, bookId);
      const detail = expectOk(
        await call<PayDetail>(t.app, { url: `/api/personalOrder/pay/detail/${o.id}`, token: buyer.token }),
      );
      expect(detail.channels).toEqual([]);
      expectRefused(
        await call(t.app, {
          method: 'POST',
          url: '/api/pay/sandbox/order',
          token: buyer.token,
          payload: { orderId: o.id },
        }),
        OrderMsg.CHANNEL_OFF,
      );
      const confirmed = await confirm(t, o.orderNo, 'confirm=1');
      expect(confirmed.statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/pay/sandbox/page/${o.orderNo}` })).statusCode).toBe(404);
      expect((await orderRow(t.ctx.db, o.id)).status).toBe('unpaid');
      const access = expectOk(
        await call<{ readable: boolean }>(t.app, { url: `/api/book/readAccess?bookId=${bookId}`, token: buyer.token }),
      );
      expect(access.readable).toBe(false);
    });
  });

  describe('with PAY_CHANNELS=sandbox (a local demo)', () => {
    const t = useTestApp({ env: 'production', payments: production({ PAY_CHANNELS: 'sandbox' }).payments });

    it('tells the staff console that the sandbox pays no money', async () => {
      const staff = await buildStaff(t.ctx.db);
      const state = expectOk(
        await call<PayChannelState>(t.app, { url: '/api/admin/payments/channels', token: staff.token }),
      );
      expect(state).toEqual({ channels: ['sandbox'], playMoney: true });
      const member = await buildMember(t.ctx.db);
      expect((await call(t.app, { url: '/api/admin/payments/channels', token: member.token })).status).toBe(403);
    });
  });
});
