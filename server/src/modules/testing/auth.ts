import { z } from 'zod';
import { AuthMsg } from '@textbook/contracts';
import { readOutbox } from '../../adapters/sms/outbox.js';
import { notFound, refused } from '../../http/errors.js';
import { defineModule, route } from '../../http/module.js';
import { addExternalProvider, puzzleAnswer, type ExternalProvider } from '../auth/index.js';

/**
 * The test-mode external single sign-on provider: the "authorization code" is `subject` or `subject:phone`,
 * standing in for what an OpenID Connect provider would answer.
 */
export const testProvider: ExternalProvider = {
  name: 'test',
  async exchange(code) {
    const [subject, phone] = code.split(':');
    if (!subject) throw refused(AuthMsg.EXTERNAL_FAILED);
    return { provider: 'test', subject, phone: phone ?? null };
  },
};

/**
 * Login for the browser journeys: the outbox of the default SMS provider (the codes sent), the answer of a
 * slider puzzle (so a journey drags the piece where a person's eyes would), and the stand-in external provider.
 */
export const authTestingModule = defineModule({
  prefix: '/api',
  tag: 'testing',
  setup: (_app, ctx) => addExternalProvider(ctx, testProvider),
  routes: [
    route({
      method: 'GET',
      url: '/dev/sms',
      summary: 'The outbox of the default SMS provider, newest first',
      hide: true,
      policy: 'public',
      query: z.object({ phone: z.string().max(20).optional() }),
      answer: z.array(z.object({ id: z.number(), phone: z.string(), content: z.string(), createdAt: z.number() })),
      handler: ({ ctx, query }) => readOutbox(ctx.db, query.phone),
    }),

    route({
      method: 'GET',
      url: '/test/captcha/:captchaId',
      summary: 'The answer of an open slider puzzle',
      hide: true,
      policy: 'public',
      params: z.object({ captchaId: z.string().max(64) }),
      answer: z.object({ x: z.number() }),
      handler: async ({ ctx, params }) => {
        const x = await puzzleAnswer(ctx.kv, params.captchaId);
        if (x === null) throw notFound();
        return { x };
      },
    }),
  ],
});
