import { z } from 'zod';
import { memberInfo } from '@textbook/contracts';
import { defineModule, route } from '../../http/module.js';
import { asJson } from '../../http/read-cache.js';
import { asMember } from '../../policies/helpers.js';
import { endSession } from '../session/index.js';
import { clearSessionCookies } from '../../http/session-cookie.js';
import { getMemberInfo } from './service.js';

/** The logged-in member (spec §3 member info) and the end of a session. */
export const memberModule = defineModule({
  prefix: '/api',
  tag: 'member',
  routes: [
    route({
      method: 'GET',
      url: '/getMemberInfo',
      summary: 'The logged-in member, for the current college, with the personal-centre areas it may use',
      policy: 'member.readSelf',
      answer: z.object({ member: memberInfo }),
      handler: ({ ctx, actor }) =>
        asJson(getMemberInfo(ctx, asMember(actor).memberId), 'member', (member) => ({ member })),
    }),
    route({
      method: 'POST',
      url: '/logout',
      summary: 'End this session',
      policy: 'session.logout',
      answer: z.null(),
      handler: async ({ ctx, actor, request, reply }) => {
        clearSessionCookies(request, reply, ctx.config, 'member');
        await endSession(ctx, asMember(actor));
        return null;
      },
    }),
  ],
});
