import { z } from 'zod';
import {
  certApply,
  certDecide,
  certQuery,
  certReject,
  certRow,
  collegeChoice,
  collegeChoiceQuery,
  paged,
  PeopleMsg,
} from '@textbook/contracts';
import { defineModule, route, say } from '../../http/module.js';
import { asMember, asStaff } from '../../policies/helpers.js';
import * as service from './service.js';

/** The member's side: apply, my application, the colleges to choose from. */
export const teacherCertModule = defineModule({
  prefix: '/api/teacherCert',
  tag: 'teachers',
  routes: [
    route({
      method: 'GET',
      url: '/my',
      summary: "The caller's newest teacher certification application (state, reason when rejected), or null",
      policy: 'teacher.certify',
      answer: certRow.nullable(),
      handler: ({ ctx, actor }) => service.myCert(ctx, asMember(actor)),
    }),
    route({
      method: 'GET',
      url: '/colleges',
      summary: 'Colleges to name in the application (by name words, at most 20)',
      policy: 'teacher.certify',
      query: collegeChoiceQuery,
      answer: z.array(collegeChoice),
      handler: ({ ctx, query }) => service.colleges(ctx, query.keyword),
    }),
    route({
      method: 'POST',
      url: '/apply',
      summary: 'Apply to be certified as a teacher of a college (real name, proof text and/or an uploaded picture)',
      policy: 'teacher.certify',
      body: certApply,
      answer: certRow,
      handler: async ({ ctx, actor, body }) =>
        say(PeopleMsg.CERT_SUBMITTED, await service.apply(ctx, asMember(actor), body)),
    }),
  ],
});

/** The staff's review (the review menu). */
export const teacherCertAdminModule = defineModule({
  prefix: '/api/admin/teacherCert',
  tag: 'teachers',
  routes: [
    route({
      method: 'GET',
      url: '/page',
      summary: 'Teacher certification applications (filter by state; search name, phone or college)',
      policy: 'teacher.review',
      query: certQuery,
      answer: paged(certRow),
      handler: ({ ctx, query }) => service.page(ctx, query),
    }),
    route({
      method: 'POST',
      url: '/approve',
      summary: 'Approve a waiting application: the member becomes a teacher (role 2) of the college',
      policy: 'teacher.review',
      body: certDecide,
      answer: certRow,
      audit: { before: ({ ctx, body }) => service.loadCert(ctx, body.id) },
      handler: async ({ ctx, actor, body }) =>
        say(
          PeopleMsg.CERT_APPROVED,
          await service.approve(ctx, asStaff(actor).staffId, await service.loadCert(ctx, body.id)),
        ),
    }),
    route({
      method: 'POST',
      url: '/reject',
      summary: 'Reject a waiting application with a reason the member sees',
      policy: 'teacher.review',
      body: certReject,
      answer: certRow,
      audit: { before: ({ ctx, body }) => service.loadCert(ctx, body.id) },
      handler: async ({ ctx, actor, body }) =>
        say(
          PeopleMsg.CERT_REJECTED,
          await service.reject(ctx, asStaff(actor).staffId, await service.loadCert(ctx, body.id), body.reason),
        ),
    }),
  ],
});
