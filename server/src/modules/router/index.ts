import { routerRecordBody } from '@textbook/contracts';
import { z } from 'zod';
import { defineModule, route } from '../../http/module.js';
import { recordPage } from './service.js';

/** Page addresses the web records on each navigation (anonymous allowed; bounded storage). */
export const routerModule = defineModule({
  prefix: '/api',
  tag: 'site',
  routes: [
    route({
      method: 'POST',
      url: '/router',
      summary: 'Record a page address (anonymous allowed; bounded storage)',
      policy: 'site.recordPage',
      bodyLimit: 2048,
      body: routerRecordBody,
      answer: z.null(),
      handler: async ({ ctx, body }) => {
        await recordPage(ctx, body.path);
        return null;
      },
    }),
  ],
});
