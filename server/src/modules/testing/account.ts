import { z } from 'zod';
import { defineModule, route } from '../../http/module.js';
import { createTestMember } from '../account/index.js';

/**
 * Test-only account routes for the browser journeys (registered only with `config.testRoutes`, which
 * configuration never allows in production): a member with memberships in new colleges.
 */
export const accountTestingModule = defineModule({
  prefix: '/api/test',
  tag: 'testing',
  routes: [
    route({
      method: 'POST',
      url: '/accounts/member',
      summary: 'A member with memberships in new colleges, the first current',
      policy: 'public',
      hide: true,
      body: z.object({
        phone: z.string().regex(/^1\d{10}$/),
        colleges: z.array(z.object({ name: z.string().min(1).max(50), roles: z.string().regex(/^[0-3](,[0-3])*$/) })),
      }),
      answer: z.object({ memberId: z.number(), collegeIds: z.array(z.number()) }),
      handler: ({ ctx, body }) => createTestMember(ctx, body),
    }),
  ],
});
