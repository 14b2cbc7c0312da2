import {
  adminOrderQuery,
  adminOrderRow,
  bookIdParams,
  createOrderBody,
  myOrderQuery,
  orderCheck,
  orderIdParams,
  OrderMsg,
  orderView,
  paged,
  payChannelParams,
  payDetail,
  payOrderBody,
  payStart,
  refundBody,
} from '@textbook/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../http/context.js';
import { defineModule, route, say } from '../../http/module.js';
import { sendDownload } from '../../http/files.js';
import { asMember, asStaff } from '../../policies/helpers.js';
import { receiptPdf } from './receipt.js';
import * as orders from './service.js';

const origin = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

type OwnOrder = Awaited<ReturnType<typeof orders.loadOrder>>;

/** A read of one of the caller's own orders, named by the id in the address (`order.own` on the order loaded). */
function ownOrderRead<A extends z.ZodType>(
  url: string,
  summary: string,
  answer: A,
  read: (ctx: AppContext, order: OwnOrder) => Promise<z.infer<A>>,
) {
  return route({
    method: 'GET',
    url,
    summary,
    policy: 'order.own',
    params: orderIdParams,
    load: ({ ctx, params }) => orders.loadOrder(ctx, params.id),
    answer,
    handler: ({ ctx, thing }) => read(ctx, thing),
  });
}

/**
 * Personal orders (issue #15): buying a priced book, paying it through a provider, polling its state, the
 * member's purchase records and receipts; staff list and refund orders. Notifications are the payments module's.
 */
export const ordersModule = defineModule({
  prefix: '/api',
  tag: 'orders',
  setup: (app, ctx) => {
    ctx.local('orders:closeJob', () => orders.startCloseJob(ctx, app.log));
  },
  routes: [
    route({
      method: 'POST',
      url: '/personalOrder/order/:bookId',
      summary: 'Order a priced book (amount from the book on the server; one open order per member and book)',
      policy: 'order.buy',
      params: bookIdParams,
      body: createOrderBody,
      answer: orderView,
      handler: ({ ctx, actor, params, body }) => orders.createOrder(ctx, asMember(actor), params.bookId, body),
    }),
    ownOrderRead(
      '/personalOrder/pay/detail/:id',
      'What is being paid, and the channels offered',
      payDetail,
      orders.payDetail,
    ),
    route({
      method: 'POST',
      url: '/pay/:channel/order',
      summary: 'Start paying an order through a channel: QR content or an address to open',
      policy: 'order.own',
      params: payChannelParams,
      body: payOrderBody,
      load: ({ ctx, body }) => orders.loadOrder(ctx, body.orderId),
      answer: payStart,
      handler: ({ ctx, params, thing, request }) =>
        orders.startPayment(ctx, thing, params.channel, origin(request), request.log),
    }),
    ownOrderRead(
      '/pay/check/:id',
      'Payment state of an order (polled by the payment dialog)',
      orderCheck,
      orders.checkOrder,
    ),
    ownOrderRead(
      '/personalOrder/order/check/:id',
      'Order state (paid, closed, expired)',
      orderCheck,
      orders.checkOrder,
    ),
    route({
      method: 'GET',
      url: '/personalOrder/myOrder',
      summary: 'My purchase records (paged)',
      policy: 'order.buy',
      query: myOrderQuery,
      answer: paged(orderView),
      handler: ({ ctx, actor, query }) => orders.myOrders(ctx, asMember(actor), query),
    }),
    route({
      method: 'GET',
      url: '/personalOrder/receipt/:id',
      summary: 'PDF receipt of a paid order',
      policy: 'order.own',
      params: orderIdParams,
      load: ({ ctx, params }) => orders.loadOrder(ctx, params.id),
      handler: async ({ ctx, thing, reply }) => {
        const bytes = await receiptPdf(ctx, thing);
        return sendDownload(reply, { kind: 'pdf', fileName: `${OrderMsg.RECEIPT_FILE}-${thing.order_no}.pdf`, bytes });
      },
    }),
    route({
      method: 'GET',
      url: '/admin/orders/page',
      summary: 'Staff: personal orders with filters',
      policy: 'order.manage',
      query: adminOrderQuery,
      answer: paged(adminOrderRow),
      handler: ({ ctx, query }) => orders.adminOrders(ctx, query),
    }),
    route({
      method: 'POST',
      url: '/admin/orders/refund',
      summary: 'Staff: refund a paid order (the provider is called; the shelf entry goes)',
      policy: 'order.manage',
      body: refundBody,
      answer: adminOrderRow,
      handler: async ({ ctx, actor, body, request }) =>
        say(OrderMsg.REFUNDED, await orders.refundOrder(ctx, asStaff(actor), body, request.log)),
    }),
  ],
});
