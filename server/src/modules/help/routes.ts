import { z } from 'zod';
import {
  envelope,
  errorFeedbackAdd,
  feedbackAdd,
  feedbackItem,
  feedbackReply,
  helpContent,
  helpContentQuery,
  helpContentWrite,
  helpTopic,
  helpTopicWrite,
  paged,
  pageQuery,
} from '@textbook/contracts';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import type { MemberActor, StaffActor } from '../../http/actor.js';
import { ok } from '../../http/envelope.js';
import { authorize } from '../../policies/index.js';
import { authorizeAdminRoutesEarly, authorizeEarly } from '../../policies/admin-hook.js';
import * as help from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const created = envelope(z.object({ id: z.number().int() }));
const done = envelope(z.null());

/** Help topics and contents (public reading), visits, member feedback and error reports, and their staff side. */
export const helpRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  authorizeAdminRoutesEarly(app);
  const tags = ['help'];

  r.get(
    '/api/help/topic/page',
    {
      schema: {
        tags,
        summary: 'Help topics in order',
        querystring: pageQuery,
        response: { 200: envelope(paged(helpTopic)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'content.read');
      return ok(await help.pageTopics(ctx, request.query));
    },
  );

  r.get(
    '/api/help/content/page',
    {
      schema: {
        tags,
        summary: 'Help contents: of a topic, one by id, or searched by keyword (title and text)',
        querystring: helpContentQuery,
        response: { 200: envelope(paged(helpContent)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'content.read');
      return ok(await help.pageContents(ctx, request.query));
    },
  );

  r.post(
    '/api/business/help/access/add',
    {
      schema: {
        tags,
        summary: 'Record one visit of a help content (anonymous allowed), so staff see which help is read',
        body: z.object({ contentId: z.number().int().positive() }),
        response: { 200: done },
      },
    },
    async (request) => {
      authorize(request.actor, 'help.recordAccess');
      const actor = request.actor;
      await help.recordAccess(ctx, request.body.contentId, actor.kind === 'member' ? actor.memberId : null);
      return ok(null);
    },
  );

  // ---- member feedback

  r.post(
    '/api/member/feedback/add',
    {
      preValidation: authorizeEarly('feedback.add'),
      schema: {
        tags: ['feedback'],
        summary: 'Member: send feedback (text up to 500, up to 3 screenshots from the upload route, contact)',
        body: feedbackAdd,
        response: { 200: created },
      },
    },
    async (request) => {
      authorize(request.actor, 'feedback.add');
      return ok({ id: await help.addFeedback(ctx, (request.actor as MemberActor).memberId, request.body) });
    },
  );

  r.get(
    '/api/member/feedback/page',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Member: own feedback with staff replies, newest first',
        querystring: pageQuery,
        response: { 200: envelope(paged(feedbackItem)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'feedback.listOwn');
      const memberId = (request.actor as MemberActor).memberId;
      return ok(await help.pageFeedback(ctx, { ...request.query, memberId, kind: 'general' }));
    },
  );

  r.post(
    '/api/error/feedback/add',
    {
      preValidation: authorizeEarly('feedback.add'),
      schema: {
        tags: ['feedback'],
        summary: "Member: report a mistake in a book (the reader's 'report an error' action)",
        body: errorFeedbackAdd,
        response: { 200: created },
      },
    },
    async (request) => {
      authorize(request.actor, 'feedback.add');
      return ok({ id: await help.addErrorReport(ctx, (request.actor as MemberActor).memberId, request.body) });
    },
  );

  r.get(
    '/api/error/feedback/page',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Member: own error reports on book content (book, chapter, quoted text) with staff replies',
        querystring: pageQuery,
        response: { 200: envelope(paged(feedbackItem)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'feedback.listOwn');
      const memberId = (request.actor as MemberActor).memberId;
      return ok(await help.pageFeedback(ctx, { ...request.query, memberId, kind: 'error' }));
    },
  );

  // ---- staff

  r.get(
    '/api/admin/feedback/page',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Staff: all feedback and error reports; filter by kind and replied',
        querystring: pageQuery.extend({
          kind: z.enum(['general', 'error']).optional(),
          replied: z.enum(['0', '1']).optional(),
        }),
        response: { 200: envelope(paged(feedbackItem)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'feedback.manage');
      const { replied, ...rest } = request.query;
      return ok(
        await help.pageFeedback(ctx, { ...rest, replied: replied === undefined ? undefined : replied === '1' }),
      );
    },
  );

  r.post(
    '/api/admin/feedback/:id/reply',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Staff: reply to feedback (the member is notified)',
        params: idParams,
        body: feedbackReply,
        response: { 200: done },
      },
    },
    async (request) => {
      authorize(request.actor, 'feedback.manage');
      await help.reply(ctx, request.params.id, (request.actor as StaffActor).staffId, request.body.reply);
      return ok(null);
    },
  );

  r.get(
    '/api/admin/help/access/stats',
    {
      schema: {
        tags,
        summary: 'Staff: which help is read (visits and distinct members per content since a time)',
        querystring: z.object({ since: z.coerce.number().int().min(0).default(0) }),
      },
    },
    async (request) => {
      authorize(request.actor, 'site.manage');
      return ok(await help.accessStats(ctx, request.query.since));
    },
  );

  r.post(
    '/api/admin/help/topic',
    { schema: { tags, body: helpTopicWrite, response: { 200: created } } },
    async (request) => {
      authorize(request.actor, 'site.manage');
      return ok({ id: await help.createTopic(ctx, request.body.name, request.body.sort) });
    },
  );
  r.put(
    '/api/admin/help/topic/:id',
    { schema: { tags, params: idParams, body: helpTopicWrite, response: { 200: done } } },
    async (request) => {
      authorize(request.actor, 'site.manage');
      await help.updateTopic(ctx, request.params.id, request.body.name, request.body.sort);
      return ok(null);
    },
  );
  r.delete(
    '/api/admin/help/topic/:id',
    { schema: { tags, params: idParams, response: { 200: done } } },
    async (request) => {
      authorize(request.actor, 'site.manage');
      await help.deleteTopic(ctx, request.params.id);
      return ok(null);
    },
  );
  r.post(
    '/api/admin/help/content',
    { schema: { tags, body: helpContentWrite, response: { 200: created } } },
    async (request) => {
      authorize(request.actor, 'site.manage');
      return ok({ id: await help.createContent(ctx, request.body) });
    },
  );
  r.put(
    '/api/admin/help/content/:id',
    { schema: { tags, params: idParams, body: helpContentWrite, response: { 200: done } } },
    async (request) => {
      authorize(request.actor, 'site.manage');
      await help.updateContent(ctx, request.params.id, request.body);
      return ok(null);
    },
  );
  r.delete(
    '/api/admin/help/content/:id',
    { schema: { tags, params: idParams, response: { 200: done } } },
    async (request) => {
      authorize(request.actor, 'site.manage');
      await help.deleteContent(ctx, request.params.id);
      return ok(null);
    },
  );
};
