import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { defineModule, route } from '../../http/module.js';
import { grantShelfEntry } from '../shelf/service.js';
import { invalidate, tag } from '../../http/read-cache.js';

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
        const member = await ctx.db
          .selectFrom('members')
          .select('current_college_id')
          .where('id', '=', body.memberId)
          .executeTakeFirst();
        if (!member) throw notFound();
        const now = Date.now();
        const { id } = await ctx.db
          .insertInto('books')
          .values({
            identifier: `urn:e2e:class:${now}:${Math.random()}`,
            title: body.title,
            published: 1,
            published_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await grantShelfEntry(ctx.db, {
          memberId: body.memberId,
          bookId: id,
          source: 'sample',
          sourceRef: id,
          collegeId: member.current_college_id,
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
        await ctx.db
          .insertInto('college_members')
          .values({ member_id: memberId, college_id: collegeId, roles, created_at: Date.now() })
          .execute();
        await ctx.db.updateTable('members').set({ current_college_id: collegeId }).where('id', '=', memberId).execute();
        invalidate(tag.member(memberId));
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
        await ctx.db
          .updateTable('classes')
          .set({ start_time: startTime, end_time: endTime })
          .where('id', '=', classId)
          .execute();
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
        await ctx.db
          .deleteFrom('shelf_entries')
          .where('member_id', '=', body.memberId)
          .where('book_id', '=', body.bookId)
          .execute();
        invalidate(tag.grants(body.memberId));
        return null;
      },
    }),
  ],
});
