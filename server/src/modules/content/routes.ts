import { z } from 'zod';
import {
  auditBody,
  contentItem,
  contentListQuery,
  contentSummary,
  contentWrite,
  envelope,
  memberContentWrite,
  ownContentItem,
  paged,
  pageQuery,
  SiteLimits,
  SiteMsg,
  sortBody,
} from '@textbook/contracts';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { refused, tooLarge } from '../../http/errors.js';
import type { MemberActor } from '../../http/actor.js';
import { authorize } from '../../policies/index.js';
import { authorizeAdminRoutesEarly, authorizeEarly } from '../../policies/admin-hook.js';
import { loadImage, storeImage } from './images.js';
import * as content from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['content'];

/** Public content reads, members' own writing, image upload, and the staff content routes (JSON API). */
export const contentRoutes: ModuleRoutes = (ctx) => async (app) => {
  authorizeAdminRoutesEarly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/navMenu/contentList',
    {
      schema: {
        tags,
        summary:
          "A menu's content (menuId or path); contentType 'single' answers bodies, 'list' summaries, a kind filters",
        querystring: contentListQuery,
        response: { 200: envelope(paged(contentItem)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'content.read');
      return ok(await content.listMenuContent(ctx, request.query));
    },
  );

  const siteListQuery = pageQuery.extend({
    contentType: z.string().max(20).optional(),
    menuId: z.coerce.number().int().positive().optional(),
  });
  r.get(
    '/api/site/contentList',
    {
      schema: {
        tags,
        summary: 'Published content by kind (news for the home block), newest first',
        querystring: siteListQuery,
        response: { 200: envelope(paged(contentSummary)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'content.read');
      return ok(await content.listSiteContent(ctx, request.query));
    },
  );

  r.get(
    '/api/site/imageText/list',
    {
      schema: {
        tags,
        summary: 'Published image-text items (picture, title, link)',
        querystring: pageQuery.extend({ menuId: z.coerce.number().int().positive().optional() }),
        response: { 200: envelope(paged(contentSummary)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'content.read');
      return ok(await content.listSiteContent(ctx, { ...request.query, contentType: 'imageText' }));
    },
  );

  for (const url of ['/api/site/imageText/:id', '/api/site/content/:id']) {
    r.get(
      url,
      {
        schema: {
          tags,
          summary: 'One published content item with its body (image-text, news, page, agreement, privacy)',
          params: idParams,
          response: { 200: envelope(contentItem) },
        },
      },
      async (request) => {
        authorize(request.actor, 'content.read');
        return ok(await content.getPublicItem(ctx, request.params.id));
      },
    );
  }

  // ---- images

  r.post(
    '/api/site/image/upload',
    {
      schema: {
        tags,
        summary: 'Members and staff: upload a PNG, JPEG, GIF or WebP image (multipart field "file"); answers its URL',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ url: z.string() })) },
      },
    },
    async (request) => {
      authorize(request.actor, 'image.upload');
      if (!request.isMultipart()) throw refused(SiteMsg.IMAGE_REQUIRED);
      const file = await request.file({ limits: { fileSize: SiteLimits.IMAGE_MAX_BYTES, files: 1 } });
      if (!file) throw refused(SiteMsg.IMAGE_REQUIRED);
      const bytes = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw err;
      });
      return ok({ url: await storeImage(ctx.config, bytes) });
    },
  );

  r.get(
    '/api/site/image/:name',
    { schema: { tags, summary: 'A stored site image', params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      authorize(request.actor, 'image.read');
      const image = await loadImage(ctx.config, request.params.name);
      return reply
        .type(image.mediaType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );

  // ---- members' own writing (audit)

  r.post(
    '/api/member/content/add',
    {
      preValidation: authorizeEarly('content.write'),
      schema: {
        tags,
        summary: 'Member: write an article; it waits for staff audit (state 0)',
        body: memberContentWrite,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      authorize(request.actor, 'content.write');
      const actor = request.actor as MemberActor;
      return ok({ id: await content.submitByMember(ctx, actor.memberId, request.body) });
    },
  );

  r.post(
    '/api/member/content/update/:id',
    {
      preValidation: authorizeEarly('content.write'),
      schema: {
        tags,
        summary: 'Member: edit own writing; it goes back to audit',
        params: idParams,
        body: memberContentWrite,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const item = await content.findItem(ctx, request.params.id);
      authorize(request.actor, 'content.editOwn', item);
      await content.resubmitByMember(ctx, item.id, request.body);
      return ok(null);
    },
  );

  r.get(
    '/api/member/content/page',
    {
      schema: {
        tags,
        summary: "Member: own writing with audit state; a failed audit carries the spec's message",
        querystring: pageQuery,
        response: { 200: envelope(paged(ownContentItem)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'content.write');
      const actor = request.actor as MemberActor;
      return ok(await content.listItems(ctx, { ...request.query, authorMemberId: actor.memberId }));
    },
  );

  // ---- staff (admin console API)

  const adminQuery = pageQuery.extend({
    menuId: z.coerce.number().int().positive().optional(),
    contentType: z.string().max(20).optional(),
    auditState: z.coerce.number().int().min(0).max(2).optional(),
  });
  r.get(
    '/api/admin/content/page',
    {
      schema: {
        tags,
        summary: 'Staff: every content item, any state (audit queue with auditState=0)',
        querystring: adminQuery,
        response: { 200: envelope(paged(ownContentItem)) },
      },
    },
    async (request) => {
      authorize(request.actor, 'site.manage');
      return ok(await content.listItems(ctx, request.query));
    },
  );

  r.get(
    '/api/admin/content/:id',
    {
      schema: { tags, summary: 'Staff: one item', params: idParams, response: { 200: envelope(ownContentItem) } },
    },
    async (request) => {
      authorize(request.actor, 'site.manage');
      return ok(await content.findItem(ctx, request.params.id));
    },
  );

  r.post(
    '/api/admin/content',
    {
      schema: {
        tags,
        summary: 'Staff: create an item (rich text sanitized on save)',
        body: contentWrite,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      authorize(request.actor, 'site.manage');
      return ok({ id: await content.createByStaff(ctx, request.body) });
    },
  );

  r.put(
    '/api/admin/content/:id',
    {
      schema: {
        tags,
        summary: 'Staff: edit an item',
        params: idParams,
        body: contentWrite,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      authorize(request.actor, 'site.manage');
      await content.updateByStaff(ctx, request.params.id, request.body);
      return ok(null);
    },
  );

  r.delete(
    '/api/admin/content/:id',
    { schema: { tags, summary: 'Staff: delete an item', params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      authorize(request.actor, 'site.manage');
      await content.deleteItem(ctx, request.params.id);
      return ok(null);
    },
  );

  for (const [action, value] of [
    ['publish', 1],
    ['unpublish', 0],
  ] as const) {
    r.post(
      `/api/admin/content/:id/${action}`,
      {
        schema: { tags, summary: `Staff: ${action} an item`, params: idParams, response: { 200: envelope(z.null()) } },
      },
      async (request) => {
        authorize(request.actor, 'site.manage');
        await content.setPublished(ctx, request.params.id, value);
        return ok(null);
      },
    );
  }

  r.post(
    '/api/admin/content/sort',
    {
      schema: {
        tags,
        summary: 'Staff: order items (ids in display order)',
        body: sortBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      authorize(request.actor, 'site.manage');
      await content.sortItems(ctx, request.body.ids);
      return ok(null);
    },
  );

  r.post(
    '/api/admin/content/:id/audit',
    {
      schema: {
        tags,
        summary: 'Staff: approve, or reject with a reason (the author is notified)',
        params: idParams,
        body: auditBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      authorize(request.actor, 'site.manage');
      await content.audit(ctx, request.params.id, request.body.pass, request.body.reason);
      return ok(null);
    },
  );
};
