import { envelope, routerRecordBody } from '@textbook/contracts';
import { z } from 'zod';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { authorize } from '../../policies/index.js';
import { recordPage } from './service.js';

export const routerRoutes: ModuleRoutes = (ctx) => async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/router',
    {
      bodyLimit: 2048,
      schema: {
        tags: ['site'],
        summary: 'Record a page address (anonymous allowed; bounded storage)',
        body: routerRecordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      authorize(request.actor, 'site.recordPage');
      await recordPage(ctx, request.body.path);
      return ok(null);
    },
  );
};
