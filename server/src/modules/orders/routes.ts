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
import { defineModule, route, say } from '../../http/module.js';
import { sendDownload } from '../../http/files.js';
import { asMember, asStaff } from '../../policies/helpers.js';
import { receiptPdf } from './receipt.js';
import * as orders from './service.js';

const origin = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

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
    route({
      method: 'GET',
      url: '/personalOrder/pay/detail/:id',
      summary: 'What is being paid, and the channels offered',
      policy: 'order.own',
      params: orderIdParams,
      load: ({ ctx, params }) => orders.loadOrder(ctx, params.id),
      answer: payDetail,
      handler: ({ ctx, thing }) => orders.payDetail(ctx, thing),
    }),
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
    route({
      method: 'GET',
      url: '/pay/check/:id',
      summary: 'Payment state of an order (polled by the payment dialog)',
      policy: 'order.own',
      params: orderIdParams,
      load: ({ ctx, params }) => orders.loadOrder(ctx, params.id),
      answer: orderCheck,
      handler: ({ ctx, thing }) => orders.checkOrder(ctx, thing),
    }),
    route({
      method: 'GET',
      url: '/personalOrder/order/check/:id',
      summary: 'Order state (paid, closed, expired)',
      policy: 'order.own',
      params: orderIdParams,
      load: ({ ctx, params }) => orders.loadOrder(ctx, params.id),
      answer: orderCheck,
      handler: ({ ctx, thing }) => orders.checkOrder(ctx, thing),
    }),
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
