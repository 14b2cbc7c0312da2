import { z } from 'zod';
import {
  envelope,
  noticeBroadcast,
  noticeCheck,
  noticeItem,
  noticePageQuery,
  noticeReadBody,
  paged,
  unreadCount,
} from '@textbook/contracts';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import type { MemberActor } from '../../http/actor.js';
import { ok } from '../../http/envelope.js';
import { authorize } from '../../policies/index.js';
import { authorizeEarly } from '../../policies/admin-hook.js';
import { closeNoticeBus, noticeBus } from './bus.js';
import * as notices from './service.js';
import { NoticeStreams } from './stream.js';

export const noticeRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notice'];
  const streams = new NoticeStreams(ctx);
  noticeBus(ctx.config, (err) => app.log.warn({ err }, 'notice bus'));
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => closeNoticeBus(ctx.config));

  r.get(
    '/api/msg-notice/count',
    {
      schema: {
        tags,
        summary: 'Unread notices of the platform (source 3); 0 for visitors',
        response: { 200: envelope(unreadCount) },
      },
    },
    async (request) => {
      authorize(request.actor, 'notice.count');
      return ok(await notices.unreadCount(ctx, request.actor));
    },
  );

  r.get(
    '/api/msg-notice/page',
    {
      schema: {
        tags,
        summary: "The member's notices, newest first; filter by type, book and read state",
        querystring: noticePageQuery,
        response: { 200: envelope(paged(noticeItem)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'notice.list');
      return ok(await notices.page(ctx, (request.actor as MemberActor).memberId, request.query));
    },
  );

  r.post(
    '/api/msg-notice/read',
    {
      preValidation: authorizeEarly('notice.list'),
      schema: {
        tags,
        summary: 'Mark one notice ({id}) or all ({all: true}) read; answers the unread count left',
        body: noticeReadBody,
        response: { 200: envelope(unreadCount) },
      },
    },
    async (request) => {
      const actor = request.actor;
      const { id } = request.body;
      if (id !== undefined) {
        const notice = await notices.findNotice(ctx, id);
        authorize(actor, 'notice.read', notice);
      } else {
        authorize(actor, 'notice.list');
      }
      return ok(await notices.markRead(ctx, (actor as MemberActor).memberId, id ?? 'all'));
    },
  );

  r.get(
    '/api/msg-notice/check',
    {
      schema: {
        tags,
        summary: 'Polling fallback: unread count, newest notice id, and whether any arrived after `since`',
        querystring: z.object({ since: z.coerce.number().int().min(0).optional() }),
        response: { 200: envelope(noticeCheck) },
      },
    },
    async (request) => {
      authorize(request.actor, 'notice.list');
      return ok(await notices.check(ctx, (request.actor as MemberActor).memberId, request.query.since));
    },
  );

  r.get(
    '/api/msg-notice/getAllBooks',
    {
      schema: {
        tags,
        summary: "The books the member's notices refer to (filter of the message page)",
        response: {
          200: envelope(z.array(z.object({ id: z.number().int(), bookName: z.string(), cover: z.string() }))),
        },
      },
    },
    async (request) => {
      authorize(request.actor, 'notice.list');
      return ok(await notices.booksOfNotices(ctx, (request.actor as MemberActor).memberId));
    },
  );

  r.get(
    '/api/msg-notice/stream',
    {
      schema: {
        tags,
        summary:
          'Server-sent events: `event: count` with the unread number, sent at once and whenever it changes (token in the Authorization header)',
      },
    },
    async (request, reply) => {
      authorize(request.actor, 'notice.list');
      await streams.attach(reply, (request.actor as MemberActor).memberId);
    },
  );

  r.post(
    '/api/admin/notice/broadcast',
    {
      schema: {
        tags,
        summary: 'Staff: send a notice to all members, the members of a college, or a role (optionally in a college)',
        body: noticeBroadcast,
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
      preValidation: authorizeEarly('notice.broadcast'),
    },
    async (request) => {
      authorize(request.actor, 'notice.broadcast');
      return ok({ count: await notices.broadcast(ctx, request.body) });
    },
  );
};
