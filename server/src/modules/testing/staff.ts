import { z } from 'zod';
import { StaffRoles } from '@textbook/contracts';
import { defineModule, route } from '../../http/module.js';
import { openStaffSession } from '../session/index.js';
import { createTestStaff } from '../staff/index.js';

/** Staff for the browser journeys: an account with a password the journey then signs in with. */
export const staffTestingModule = defineModule({
  prefix: '/api/test',
  tag: 'testing',
  routes: [
    route({
      method: 'POST',
      url: '/staff',
      summary: 'A staff account (administrator or not) with a session',
      hide: true,
      policy: 'public',
      body: z.object({
        userName: z.string().min(3).max(50),
        password: z.string().min(1),
        isAdmin: z.boolean(),
        /** The staff roles (default: editor, reviewer and finance). */
        roles: z.array(z.enum(StaffRoles)).optional(),
      }),
      answer: z.object({ id: z.number(), token: z.string() }),
      handler: async ({ ctx, body }) => {
        const { id } = await createTestStaff(ctx, body.userName, body.password, body.isAdmin, body.roles);
        return { id, token: await openStaffSession(ctx.db, id) };
      },
    }),
  ],
});
