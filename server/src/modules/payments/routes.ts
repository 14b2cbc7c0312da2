import { z } from 'zod';
import { notificationQuery, notificationRow, paged, payChannelParams, payChannelState } from '@textbook/contracts';
import { defineModule, route } from '../../http/module.js';
import { PAGE_TOKEN } from '../../adapters/payment/sandbox.js';
import * as payments from './service.js';

const orderNoParams = z.object({ orderNo: z.string().trim().min(1).max(64) });
/** The pay page's one-time token (SandboxProvider.start); a page without it shows that the link is invalid. */
const sandboxPageQuery = z.object({ [PAGE_TOKEN]: z.string().max(64).optional() });

/** The token of 确认支付's form (`t=…`, urlencoded; the module reads every body as text). */
function formToken(body: unknown): string | undefined {
  if (typeof body !== 'string' || body.length > 1024) return undefined;
  return new URLSearchParams(body).get(PAGE_TOKEN) ?? undefined;
}

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
      query: sandboxPageQuery,
      handler: async ({ ctx, params, query, reply }) => {
        const { status, html } = await payments.sandboxPage(ctx, params.orderNo, query[PAGE_TOKEN]);
        return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    }),
    route({
      method: 'POST',
      url: '/pay/sandbox/confirm/:orderNo',
      summary: 'The sandbox provider pays (its page’s one-time token): signs a notification to /api/pay/notify/sandbox',
      policy: 'payment.notify',
      params: orderNoParams,
      // The pay page's plain form, posted from the buyer's own browser (session cookie and all) or a phone: the
      // token authorises it, never the session.
      session: false,
      handler: async ({ ctx, params, reply, request }) => {
        const token = formToken(request.body);
        const { status, html } = await payments.sandboxConfirm(ctx, request.server, params.orderNo, token);
        return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    }),
    route({
      method: 'GET',
      url: '/admin/payments/channels',
      summary: 'Staff: the channels offered, and whether the sandbox is live in production (no real money)',
      policy: 'payment.log',
      answer: payChannelState,
      handler: ({ ctx }) => payments.channelState(ctx),
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
