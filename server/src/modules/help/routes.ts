import { z } from 'zod';
import {
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
  sortBody,
} from '@textbook/contracts';
import { defineModule, route } from '../../http/module.js';
import { asMember, asStaff } from '../../policies/helpers.js';
import * as help from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const created = z.object({ id: z.number().int() });

/** Help topics and contents (public reading), visits, and their staff side. */
export const helpModule = defineModule({
  prefix: '/api',
  tag: 'help',
  routes: [
    route({
      method: 'GET',
      url: '/help/topic/page',
      summary: 'Help topics in order',
      policy: 'content.read',
      query: pageQuery,
      answer: paged(helpTopic),
      handler: ({ ctx, query }) => help.pageTopics(ctx, query),
    }),
    route({
      method: 'GET',
      url: '/help/content/page',
      summary: 'Help contents: of a topic, one by id, or searched by keyword (title and text)',
      policy: 'content.read',
      query: helpContentQuery,
      answer: paged(helpContent),
      handler: ({ ctx, query }) => help.pageContents(ctx, query),
    }),
    route({
      method: 'POST',
      url: '/business/help/access/add',
      summary: 'Record one visit of a help content (anonymous allowed), so staff see which help is read',
      policy: 'help.recordAccess',
      body: z.object({ contentId: z.number().int().positive() }),
      answer: z.null(),
      handler: async ({ ctx, actor, body }) => {
        await help.recordAccess(ctx, body.contentId, actor.kind === 'member' ? actor.memberId : null);
        return null;
      },
    }),

    // ---- staff

    route({
      method: 'GET',
      url: '/admin/help/access/stats',
      summary: 'Staff: which help is read (visits and distinct members per content since a time)',
      policy: 'site.manage',
      query: z.object({ since: z.coerce.number().int().min(0).default(0) }),
      answer: z.array(z.object({ id: z.number().int(), title: z.string(), visits: z.number(), members: z.number() })),
      handler: ({ ctx, query }) => help.accessStats(ctx, query.since),
    }),
    route({
      method: 'POST',
      url: '/admin/help/topic',
      summary: 'Staff: create a help topic',
      policy: 'site.manage',
      body: helpTopicWrite,
      answer: created,
      handler: async ({ ctx, body }) => ({ id: await help.createTopic(ctx, body.name, body.sort) }),
    }),
    route({
      method: 'PUT',
      url: '/admin/help/topic/:id',
      summary: 'Staff: edit a help topic',
      policy: 'site.manage',
      params: idParams,
      body: helpTopicWrite,
      answer: z.null(),
      handler: async ({ ctx, params, body }) => {
        await help.updateTopic(ctx, params.id, body.name, body.sort);
        return null;
      },
    }),
    route({
      method: 'POST',
      url: '/admin/help/topic/sort',
      summary: 'Staff: order help topics (ids in display order)',
      policy: 'site.manage',
      body: sortBody,
      answer: z.null(),
      handler: async ({ ctx, body }) => {
        await help.sortTopics(ctx, body.ids);
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: '/admin/help/topic/:id',
      summary: 'Staff: delete a help topic',
      policy: 'site.manage',
      params: idParams,
      answer: z.null(),
      handler: async ({ ctx, params }) => {
        await help.deleteTopic(ctx, params.id);
        return null;
      },
    }),
    route({
      method: 'POST',
      url: '/admin/help/content',
      summary: 'Staff: create a help content (rich text sanitized on save)',
      policy: 'site.manage',
      body: helpContentWrite,
      answer: created,
      handler: async ({ ctx, body }) => ({ id: await help.createContent(ctx, body) }),
    }),
    route({
      method: 'PUT',
      url: '/admin/help/content/:id',
      summary: 'Staff: edit a help content',
      policy: 'site.manage',
      params: idParams,
      body: helpContentWrite,
      answer: z.null(),
      handler: async ({ ctx, params, body }) => {
        await help.updateContent(ctx, params.id, body);
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: '/admin/help/content/:id',
      summary: 'Staff: delete a help content',
      policy: 'site.manage',
      params: idParams,
      answer: z.null(),
      handler: async ({ ctx, params }) => {
        await help.deleteContent(ctx, params.id);
        return null;
      },
    }),
  ],
});

/** Member feedback and error reports on book content, and the staff replies. */
export const feedbackModule = defineModule({
  prefix: '/api',
  tag: 'feedback',
  routes: [
    route({
      method: 'POST',
      url: '/member/feedback/add',
      summary: 'Member: send feedback (text up to 500, up to 3 screenshots from the upload route, contact)',
      policy: 'feedback.add',
      body: feedbackAdd,
      answer: created,
      handler: async ({ ctx, actor, body }) => ({ id: await help.addFeedback(ctx, asMember(actor).memberId, body) }),
    }),
    route({
      method: 'GET',
      url: '/member/feedback/page',
      summary: 'Member: own feedback with staff replies, newest first',
      policy: 'feedback.listOwn',
      query: pageQuery,
      answer: paged(feedbackItem),
      handler: ({ ctx, actor, query }) =>
        help.pageFeedback(ctx, { ...query, memberId: asMember(actor).memberId, kind: 'general' }),
    }),
    route({
      method: 'POST',
      url: '/error/feedback/add',
      summary: "Member: report a mistake in a book (the reader's 'report an error' action)",
      policy: 'feedback.add',
      body: errorFeedbackAdd,
      answer: created,
      handler: async ({ ctx, actor, body }) => ({
        id: await help.addErrorReport(ctx, asMember(actor).memberId, body),
      }),
    }),
    route({
      method: 'GET',
      url: '/error/feedback/page',
      summary: 'Member: own error reports on book content (book, chapter, quoted text) with staff replies',
      policy: 'feedback.listOwn',
      query: pageQuery,
      answer: paged(feedbackItem),
      handler: ({ ctx, actor, query }) =>
        help.pageFeedback(ctx, { ...query, memberId: asMember(actor).memberId, kind: 'error' }),
    }),

    // ---- staff

    route({
      method: 'GET',
      url: '/admin/feedback/page',
      summary: 'Staff: all feedback and error reports, newest first; filter by kind, replied and closed',
      policy: 'feedback.manage',
      query: pageQuery.extend({
        kind: z.enum(['general', 'error']).optional(),
        replied: z.enum(['0', '1']).optional(),
        closed: z.enum(['0', '1']).optional(),
      }),
      answer: paged(feedbackItem),
      handler: ({ ctx, query }) => {
        const { replied, closed, ...rest } = query;
        const flag = (v: '0' | '1' | undefined) => (v === undefined ? undefined : v === '1');
        return help.pageFeedback(ctx, { ...rest, replied: flag(replied), closed: flag(closed) });
      },
    }),
    route({
      method: 'POST',
      url: '/admin/feedback/:id/reply',
      summary: 'Staff: reply to feedback (the member is notified)',
      policy: 'feedback.manage',
      params: idParams,
      body: feedbackReply,
      answer: z.null(),
      handler: async ({ ctx, actor, params, body }) => {
        await help.reply(ctx, params.id, asStaff(actor).staffId, body.reply);
        return null;
      },
    }),
    route({
      method: 'POST',
      url: '/admin/feedback/:id/close',
      summary: 'Staff: close feedback (answered, or nothing to do); a closed item takes no further replies',
      policy: 'feedback.manage',
      params: idParams,
      answer: z.null(),
      handler: async ({ ctx, actor, params }) => {
        await help.close(ctx, params.id, asStaff(actor).staffId);
        return null;
      },
    }),
  ],
});
