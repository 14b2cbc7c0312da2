import { z } from 'zod';
import {
  noticeBroadcast,
  noticeCheck,
  noticeItem,
  noticePageQuery,
  noticeReadBody,
  paged,
  unreadCount,
} from '@textbook/contracts';
import { defineModule, route } from '../../http/module.js';
import { asMember } from '../../policies/helpers.js';
import { noticeBus } from './bus.js';
import * as notices from './service.js';
import { noticeStreams } from './stream.js';

/**
 * The notice centre (page, count, read, check, books), the live unread count (server-sent events) and the staff
 * broadcast. The app's bus and open streams are this instance's (`ctx.local`), made when the module is set up.
 */
export const noticeModule = defineModule({
  prefix: '/api',
  tag: 'notice',
  setup: (app, ctx) => {
    noticeBus(ctx, (err) => app.log.warn({ err }, 'notice bus'));
    const streams = noticeStreams(ctx);
    // Open streams end before the server closes (closing does not wait for browsers to hang up), each telling its
    // browser to reconnect: through the proxy, to an instance that stays.
    app.addHook('preClose', async () => streams.closeAll({ reconnect: true }));
  },
  routes: [
    route({
      method: 'GET',
      url: '/msg-notice/count',
      summary: 'Unread notices of the platform (source 3): a member only (visitor 401, staff 403)',
      policy: 'notice.count',
      answer: unreadCount,
      handler: ({ ctx, actor }) => notices.unreadCount(ctx, actor),
    }),
    route({
      method: 'GET',
      url: '/msg-notice/page',
      summary: "The member's notices, newest first; filter by type, book and read state",
      policy: 'notice.list',
      query: noticePageQuery,
      answer: paged(noticeItem),
      handler: ({ ctx, actor, query }) => notices.page(ctx, asMember(actor).memberId, query),
    }),
    route({
      method: 'POST',
      url: '/msg-notice/read',
      summary: 'Mark one notice ({id}) or all ({all: true}) read; answers the unread count left',
      policy: 'notice.read',
      gate: 'notice.list',
      body: noticeReadBody,
      answer: unreadCount,
      // One notice: that notice (its owner only). All: the caller's own notices.
      load: ({ ctx, actor, body }) =>
        body.id !== undefined ? notices.findNotice(ctx, body.id) : { memberId: asMember(actor).memberId },
      handler: ({ ctx, actor, body }) => notices.markRead(ctx, asMember(actor).memberId, body.id ?? 'all'),
    }),
    route({
      method: 'GET',
      url: '/msg-notice/check',
      summary: 'Polling fallback: unread count, newest notice id, and whether any arrived after `since`',
      policy: 'notice.list',
      query: z.object({ since: z.coerce.number().int().min(0).optional() }),
      answer: noticeCheck,
      handler: ({ ctx, actor, query }) => notices.check(ctx, asMember(actor).memberId, query.since),
    }),
    route({
      method: 'GET',
      url: '/msg-notice/getAllBooks',
      summary: "The books the member's notices refer to (filter of the message page)",
      policy: 'notice.list',
      answer: z.array(z.object({ id: z.number().int(), bookName: z.string(), cover: z.string() })),
      handler: ({ ctx, actor }) => notices.booksOfNotices(ctx, asMember(actor).memberId),
    }),
    route({
      method: 'GET',
      url: '/msg-notice/stream',
      summary:
        'Server-sent events: `event: count` with the unread number, sent at once and whenever it changes (token in the Authorization header)',
      policy: 'notice.list',
      handler: ({ ctx, actor, reply }) => noticeStreams(ctx).attach(reply, asMember(actor).memberId),
    }),
    route({
      method: 'POST',
      url: '/admin/notice/broadcast',
      summary: 'Staff: send a notice to all members, the members of a college, or a role (optionally in a college)',
      policy: 'notice.broadcast',
      body: noticeBroadcast,
      answer: z.object({ count: z.number().int() }),
      handler: async ({ ctx, body }) => ({ count: await notices.broadcast(ctx, body) }),
    }),
  ],
});
