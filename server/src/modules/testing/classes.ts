import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { defineModule, route } from '../../http/module.js';
import { grantShelfEntry } from '../shelf/index.js';
import { invalidate, tag } from '../../http/read-cache.js';
import { addMembership, currentCollegeOf, deleteShelfEntries, insertPublishedBook, setClassTimes } from './fixtures.js';

/**
 * Test-only routes for the class journeys (registered with the other testing routes, never in production):
 * a published book held by a teacher, a membership of a college, and moving a class's validity period.
 */
export const classTestingModule = defineModule({
  prefix: '/api/test',
  tag: 'testing',
  routes: [
    route({
      method: 'POST',
      url: '/class-book',
      summary: 'A published book held by a teacher',
      hide: true,
      policy: 'public',
      body: z.object({ memberId: z.number().int(), title: z.string().min(1).max(100) }),
      answer: z.object({ bookId: z.number() }),
      handler: async ({ ctx, body }) => {
        const member = await currentCollegeOf(ctx.db, body.memberId);
        if (!member) throw notFound();
        const id = await insertPublishedBook(ctx.db, body.title);
        await grantShelfEntry(ctx, ctx.db, {
          memberId: body.memberId,
          bookId: id,
          source: 'sample',
          sourceRef: id,
          collegeId: member.collegeId,
        });
        return { bookId: id };
      },
    }),

    route({
      method: 'POST',
      url: '/college-member',
      summary: 'A membership of a college (made current)',
      hide: true,
      policy: 'public',
      body: z.object({ memberId: z.number().int(), collegeId: z.number().int(), roles: z.string().max(10) }),
      answer: z.null(),
      handler: async ({ ctx, body }) => {
        const { memberId, collegeId, roles } = body;
        await addMembership(ctx.db, memberId, collegeId, roles);
        invalidate(ctx, tag.member(memberId));
        return null;
      },
    }),

    route({
      method: 'POST',
      url: '/class-times',
      summary: 'Moves the validity period of a class',
      hide: true,
      policy: 'public',
      body: z.object({ classId: z.number().int(), startTime: z.number(), endTime: z.number() }),
      answer: z.null(),
      handler: async ({ ctx, body }) => {
        const { classId, startTime, endTime } = body;
        await setClassTimes(ctx.db, classId, startTime, endTime);
        return null;
      },
    }),

    route({
      method: 'POST',
      url: '/shelf-revoke',
      summary: 'Removes a shelf entry',
      hide: true,
      policy: 'public',
      body: z.object({ memberId: z.number().int(), bookId: z.number().int() }),
      answer: z.null(),
      handler: async ({ ctx, body }) => {
        await deleteShelfEntries(ctx.db, body.memberId, body.bookId);
        invalidate(ctx, tag.grants(body.memberId));
        return null;
      },
    }),
  ],
});
