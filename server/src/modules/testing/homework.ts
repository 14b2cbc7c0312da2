import { z } from 'zod';
import { defineModule, route } from '../../http/module.js';
import { homeworkClock } from '../homework/index.js';

/**
 * Test-only route for the homework journey (never in production): moves the clock homework decides by
 * (deadlines, late work, results shown after the deadline) by an offset from now; 0 puts it back.
 */
export const homeworkTestingModule = defineModule({
  prefix: '/api/test',
  tag: 'testing',
  routes: [
    route({
      method: 'POST',
      url: '/homework-clock',
      summary: "Moves homework's clock by offsetMs from now (0: the real time)",
      hide: true,
      policy: 'public',
      body: z.object({ offsetMs: z.number().int().min(-1e11).max(1e11) }),
      answer: z.null(),
      handler: ({ ctx, body }) => {
        homeworkClock(ctx).now = () => Date.now() + body.offsetMs;
        return null;
      },
    }),
  ],
});
