import { envelope, unreadCount } from '@textbook/contracts';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { authorize } from '../../policies/index.js';
import * as notices from './service.js';

export const noticeRoutes: ModuleRoutes = (ctx) => async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/msg-notice/count',
    {
      schema: {
        tags: ['notice'],
        summary: 'Unread notices of the platform (source 3); 0 for visitors',
        response: { 200: envelope(unreadCount) },
      },
    },
    async (request) => {
      authorize(request.actor, 'notice.count');
      return ok(await notices.unreadCount(ctx, request.actor));
    },
  );
};
