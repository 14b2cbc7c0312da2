import { z } from 'zod';
import { notificationQuery, notificationRow, paged, payChannelParams } from '@textbook/contracts';
import { defineModule, route } from '../../http/module.js';
import * as payments from './service.js';

const orderNoParams = z.object({ orderNo: z.string().trim().min(1).max(64) });

/** Largest notification body read (Alipay's form and WeChat's JSON are a few kilobytes). */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/**
 * Payment providers' side of the platform: their notifications (signature verified by the adapter, applied
 * once), the sandbox provider's own pay page, and the staff's notification log. Bodies are read as the exact
 * text that arrived (a signature covers those bytes, not a re-serialised object).
 */
export const paymentsModule = defineModule({
  prefix: '/api',
  tag: 'payments',
  setup: (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
  },
  routes: [
    route({
      method: 'POST',
      url: '/pay/notify/:channel',
      summary: 'A payment provider’s notification (alipay form, wechat v3 JSON, sandbox JSON)',
      policy: 'payment.notify',
      params: payChannelParams,
      bodyLimit: NOTIFY_BODY_LIMIT,
      handler: async ({ ctx, params, request, reply }) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const ack = await payments.receiveNotification(ctx, params.channel, { headers: request.headers, rawBody });
        return reply.code(ack.status).type(ack.contentType).send(ack.body);
      },
    }),
    route({
      method: 'GET',
      url: '/pay/sandbox/page/:orderNo',
      summary: 'The sandbox provider’s pay page (扫码/确认支付), offline profile only',
      policy: 'payment.notify',
      params: orderNoParams,
      handler: async ({ ctx, params, reply }) => {
        const { status, html } = await payments.sandboxPage(ctx, params.orderNo);
        return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    }),
    route({
      method: 'POST',
      url: '/pay/sandbox/confirm/:orderNo',
      summary: 'The sandbox provider pays: signs a notification and sends it to /api/pay/notify/sandbox',
      policy: 'payment.notify',
      params: orderNoParams,
      handler: async ({ ctx, params, reply, request }) => {
        const { status, html } = await payments.sandboxConfirm(ctx, request.server, params.orderNo);
        return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    }),
    route({
      method: 'GET',
      url: '/admin/payments/notifications',
      summary: 'Staff: log of payment notifications (accepted, duplicates, refusals)',
      policy: 'payment.log',
      query: notificationQuery,
      answer: paged(notificationRow),
      handler: ({ ctx, query }) => payments.notifications(ctx, query),
    }),
  ],
});
