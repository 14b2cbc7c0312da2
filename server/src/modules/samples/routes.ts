import { z } from 'zod';
import {
  paged,
  sampleAdminQuery,
  sampleAdminRow,
  sampleApplyAnswer,
  sampleApplyBody,
  sampleApproveBody,
  sampleAutoApproveBody,
  sampleCheckAnswer,
  sampleCheckBody,
  sampleDays,
  sampleMyQuery,
  sampleRejectBody,
  sampleRow,
  sampleSettings,
} from '@textbook/contracts';
import { defineModule, route, say } from '../../http/module.js';
import { asMember, asStaff } from '../../policies/helpers.js';
import * as samples from './service.js';

/**
 * Sample copies (spec §7 Sample books, issue 15): a teacher's check, settings and apply, and their own list. The
 * apply route takes the applicant and college from the session. No route loads a thing by id: a member only
 * ever reads their own applications, and the staff may decide any.
 */
export const samplesModule = defineModule({
  prefix: '/api/sample-book',
  tag: 'samples',
  routes: [
    route({
      method: 'POST',
      url: '/check',
      summary: 'Whether the caller may apply for a sample of the book: NOT_TEACHER, OVER, HAS, EXIST or SUCCESS',
      policy: 'sample.ask',
      body: sampleCheckBody,
      answer: sampleCheckAnswer,
      handler: async ({ ctx, actor, body }) => {
        const answer = await samples.check(ctx, asMember(actor), body.bookId);
        return say(answer.msg, answer);
      },
    }),
    route({
      method: 'GET',
      url: '/days',
      summary: "This year's quota (amount, used, left; China time) and the validity options (code, value)",
      policy: 'sample.ask',
      answer: sampleDays,
      handler: ({ ctx, actor }) => samples.days(ctx, asMember(actor)),
    }),
    route({
      method: 'POST',
      url: '/apply',
      summary: 'Apply for a sample copy: AUDIT_PASS (auto-approved, on the shelf) or AUDITING (waits for review)',
      policy: 'sample.ask',
      body: sampleApplyBody,
      answer: sampleApplyAnswer,
      handler: async ({ ctx, actor, body }) => {
        const answer = await samples.apply(ctx, asMember(actor), body);
        return say(answer.msg, answer);
      },
    }),
    route({
      method: 'GET',
      url: '/my',
      summary: "The caller's sample applications (state, dates, validity, reason), newest first",
      policy: 'sample.mine',
      query: sampleMyQuery,
      answer: paged(sampleRow),
      handler: ({ ctx, actor, query }) => samples.mine(ctx, asMember(actor), query),
    }),
  ],
});

/** The staff's side under /api/admin: review, settings (dictionary rows), the auto-approve flag of a book. */
export const sampleAdminModule = defineModule({
  prefix: '/api/admin/sample-book',
  tag: 'samples',
  routes: [
    route({
      method: 'GET',
      url: '/page',
      summary: 'Sample applications by state, book and keyword (member name or phone, book title)',
      policy: 'sample.review',
      query: sampleAdminQuery,
      answer: paged(sampleAdminRow),
      handler: ({ ctx, query }) => samples.adminPage(ctx, query),
    }),
    route({
      method: 'POST',
      url: '/approve',
      summary: 'Approve a waiting application: a sample shelf entry until its validity ends, and a notice',
      policy: 'sample.review',
      body: sampleApproveBody,
      answer: z.object({ expiresAt: z.number().int() }),
      handler: ({ ctx, actor, body }) => samples.approve(ctx, asStaff(actor), body.id),
    }),
    route({
      method: 'POST',
      url: '/reject',
      summary: 'Reject a waiting application with a reason (its quota place comes back), and a notice',
      policy: 'sample.review',
      body: sampleRejectBody,
      answer: z.null(),
      handler: async ({ ctx, actor, body }) => {
        await samples.reject(ctx, asStaff(actor), body.id, body.reason);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: '/settings',
      summary: 'The yearly quota and validity options (dictionary rows)',
      policy: 'sample.review',
      answer: sampleSettings,
      handler: ({ ctx }) => samples.readSettings(ctx),
    }),
    route({
      method: 'POST',
      url: '/settings',
      summary: 'Change the yearly quota and validity options',
      policy: 'sample.review',
      body: sampleSettings,
      answer: sampleSettings,
      handler: ({ ctx, body }) => samples.saveSettings(ctx, body),
    }),
    route({
      method: 'POST',
      url: '/autoApprove',
      summary: "Mark a book's sample applications as approved at once (or not)",
      policy: 'sample.review',
      body: sampleAutoApproveBody,
      answer: z.null(),
      handler: async ({ ctx, body }) => {
        await samples.setAutoApprove(ctx, body.bookId, body.autoApprove);
        return null;
      },
    }),
  ],
});
