import { z } from 'zod';
import { envelope } from '@textbook/contracts';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { grantShelfEntry } from '../shelf/service.js';
import { invalidate, tag } from '../../http/read-cache.js';

/**
 * Test-only routes for the class journeys (registered with the other testing routes, never in production):
 * a published book held by a teacher, a membership of a college, and moving a class's validity period.
 */
export const classTestingRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hide = { hide: true };

  r.post(
    '/api/test/class-book',
    {
      schema: {
        ...hide,
        body: z.object({ memberId: z.number().int(), title: z.string().min(1).max(100) }),
        response: { 200: envelope(z.object({ bookId: z.number() })) },
      },
    },
    async (request) => {
      const now = Date.now();
      const { id } = await ctx.db
        .insertInto('books')
        .values({
          identifier: `urn:e2e:class:${now}:${Math.random()}`,
          title: request.body.title,
          published: 1,
          published_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const member = await ctx.db
        .selectFrom('members')
        .select('current_college_id')
        .where('id', '=', request.body.memberId)
        .executeTakeFirstOrThrow();
      await grantShelfEntry(ctx.db, {
        memberId: request.body.memberId,
        bookId: id,
        source: 'sample',
        sourceRef: id,
        collegeId: member.current_college_id,
      });
      return ok({ bookId: id });
    },
  );

  r.post(
    '/api/test/college-member',
    {
      schema: {
        ...hide,
        body: z.object({ memberId: z.number().int(), collegeId: z.number().int(), roles: z.string().max(10) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { memberId, collegeId, roles } = request.body;
      await ctx.db
        .insertInto('college_members')
        .values({ member_id: memberId, college_id: collegeId, roles, created_at: Date.now() })
        .execute();
      await ctx.db.updateTable('members').set({ current_college_id: collegeId }).where('id', '=', memberId).execute();
      invalidate(tag.member(memberId));
      return ok(null);
    },
  );

  r.post(
    '/api/test/class-times',
    {
      schema: {
        ...hide,
        body: z.object({ classId: z.number().int(), startTime: z.number(), endTime: z.number() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { classId, startTime, endTime } = request.body;
      await ctx.db
        .updateTable('classes')
        .set({ start_time: startTime, end_time: endTime })
        .where('id', '=', classId)
        .execute();
      return ok(null);
    },
  );

  r.post(
    '/api/test/shelf-revoke',
    {
      schema: {
        ...hide,
        body: z.object({ memberId: z.number().int(), bookId: z.number().int() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await ctx.db
        .deleteFrom('shelf_entries')
        .where('member_id', '=', request.body.memberId)
        .where('book_id', '=', request.body.bookId)
        .execute();
      invalidate(tag.grants(request.body.memberId));
      return ok(null);
    },
  );
};
