import { z } from 'zod';
import {
  auditBody,
  contentItem,
  contentListQuery,
  contentSummary,
  contentWrite,
  memberContentWrite,
  ownContentItem,
  paged,
  pageQuery,
  Msg,
  SiteLimits,
  SiteMsg,
  sortBody,
} from '@textbook/contracts';
import { can } from '../../policies/index.js';
import { asMember, asStaff } from '../../policies/helpers.js';
import type { Actor } from '../../http/actor.js';
import { readUpload } from '../../http/files.js';
import { sendStored } from '../../http/stored-file.js';
import { defineModule, HEAVY, route } from '../../http/module.js';
import { imageType, storeImage } from './images.js';
import * as content from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const created = z.object({ id: z.number().int() });

const siteListQuery = pageQuery.extend({
  contentType: z.string().max(20).optional(),
  menuId: z.coerce.number().int().positive().optional(),
});
const adminQuery = pageQuery.extend({
  menuId: z.coerce.number().int().positive().optional(),
  contentType: z.string().max(20).optional(),
  auditState: z.coerce.number().int().min(0).max(2).optional(),
  /** 1: only the caller's own writing (an editor's "my content", with the audit's reasons). */
  mine: z.enum(['0', '1']).optional(),
});

/** The writer of a console edit, and whether the policy lets their writing skip the audit queue. */
const writer = (actor: Actor): content.StaffWriter => ({
  staffId: asStaff(actor).staffId,
  direct: can(actor, 'content.publishDirect'),
});

/** Public content reads, members' own writing, image upload, and the staff content routes (JSON API). */
export const contentModule = defineModule({
  prefix: '/api',
  tag: 'content',
  routes: [
    route({
      method: 'GET',
      url: '/navMenu/contentList',
      summary:
        "A menu's content (menuId or path); contentType 'single' answers bodies, 'list' summaries, a kind filters",
      policy: 'content.read',
      query: contentListQuery,
      answer: paged(contentItem),
      handler: ({ ctx, query }) => content.listMenuContent(ctx, query),
    }),
    route({
      method: 'GET',
      url: '/site/contentList',
      summary: 'Published content by kind (news for the home block), newest first',
      policy: 'content.read',
      query: siteListQuery,
      answer: paged(contentSummary),
      handler: ({ ctx, query }) => content.listSiteContent(ctx, query),
    }),
    route({
      method: 'GET',
      url: '/site/imageText/list',
      summary: 'Published image-text items (picture, title, link)',
      policy: 'content.read',
      query: pageQuery.extend({ menuId: z.coerce.number().int().positive().optional() }),
      answer: paged(contentSummary),
      handler: ({ ctx, query }) => content.listSiteContent(ctx, { ...query, contentType: 'imageText' }),
    }),
    ...['/site/imageText/:id', '/site/content/:id'].map((url) =>
      route({
        method: 'GET',
        url,
        summary: 'One published content item with its body (image-text, news, page, agreement, privacy)',
        policy: 'content.read',
        params: idParams,
        answer: contentItem,
        handler: ({ ctx, params }) => content.getPublicItem(ctx, params.id),
      }),
    ),

    // ---- images

    route({
      method: 'POST',
      url: '/site/image/upload',
      summary: 'Members and staff: upload a PNG, JPEG, GIF or WebP image (multipart field "file"); answers its URL',
      policy: 'image.upload',
      rateLimit: HEAVY,
      upload: true,
      answer: z.object({ url: z.string() }),
      handler: async ({ ctx, request }) => {
        const { bytes } = await readUpload(request, {
          maxBytes: SiteLimits.IMAGE_MAX_BYTES,
          missing: SiteMsg.IMAGE_REQUIRED,
          tooLarge: Msg.TOO_LARGE,
        });
        return { url: await storeImage(ctx, bytes) };
      },
    }),
    route({
      method: 'GET',
      url: '/site/image/:name',
      summary: 'A stored site image',
      policy: 'image.read',
      params: z.object({ name: z.string().max(100) }),
      handler: ({ ctx, params, request, reply }) =>
        sendStored(request, reply, ctx.files.site, params.name, {
          type: imageType(params.name),
          headers: { 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' },
        }),
    }),

    // ---- members' own writing (audit)

    route({
      method: 'POST',
      url: '/member/content/add',
      summary: 'Member: write an article; it waits for staff audit (state 0)',
      policy: 'content.write',
      body: memberContentWrite,
      answer: created,
      handler: async ({ ctx, actor, body }) => ({
        id: await content.submitByMember(ctx, asMember(actor).memberId, body),
      }),
    }),
    route({
      method: 'POST',
      url: '/member/content/update/:id',
      summary: 'Member: edit own writing; it goes back to audit',
      policy: 'content.editOwn',
      gate: 'content.write',
      params: idParams,
      body: memberContentWrite,
      answer: z.null(),
      load: ({ ctx, params }) => content.findItem(ctx, params.id),
      handler: async ({ ctx, thing, body }) => {
        await content.resubmitByMember(ctx, thing.id, body);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: '/member/content/page',
      summary: "Member: own writing with audit state; a failed audit carries the spec's message",
      policy: 'content.write',
      query: pageQuery,
      answer: paged(ownContentItem),
      handler: ({ ctx, actor, query }) =>
        content.listItems(ctx, { ...query, authorMemberId: asMember(actor).memberId }),
    }),

    // ---- staff (admin console API)

    route({
      method: 'GET',
      url: '/admin/content/page',
      summary: 'Staff: every content item, any state (audit queue with auditState=0)',
      policy: 'content.review',
      query: adminQuery,
      answer: paged(ownContentItem),
      handler: ({ ctx, actor, query }) => {
        const { mine, ...rest } = query;
        return content.listItems(ctx, { ...rest, ...(mine === '1' ? { authorStaffId: asStaff(actor).staffId } : {}) });
      },
    }),
    route({
      method: 'GET',
      url: '/admin/content/:id',
      summary: 'Staff: one item',
      policy: 'content.review',
      params: idParams,
      answer: ownContentItem,
      handler: ({ ctx, params }) => content.findItem(ctx, params.id),
    }),
    route({
      method: 'POST',
      url: '/admin/content',
      summary:
        "Staff: create an item (rich text sanitized on save); an editor's waits for a reviewer, a reviewer's or " +
        "the super administrator's passes at once",
      policy: 'site.manage',
      body: contentWrite,
      answer: created,
      handler: async ({ ctx, actor, body }) => ({ id: await content.createByStaff(ctx, body, writer(actor)) }),
    }),
    route({
      method: 'PUT',
      url: '/admin/content/:id',
      summary: "Staff: edit an item (an editor's edit goes back to the audit queue)",
      policy: 'site.manage',
      params: idParams,
      body: contentWrite,
      answer: z.null(),
      handler: async ({ ctx, actor, params, body }) => {
        await content.updateByStaff(ctx, params.id, body, writer(actor));
        return null;
      },
    }),
    route({
      method: 'POST',
      url: '/admin/content/:id/submit',
      summary: 'Staff: send a rejected item back to the audit queue as it is',
      policy: 'site.manage',
      params: idParams,
      answer: z.null(),
      handler: async ({ ctx, params }) => {
        await content.resubmit(ctx, params.id);
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: '/admin/content/:id',
      summary: 'Staff: delete an item',
      policy: 'site.manage',
      params: idParams,
      answer: z.null(),
      handler: async ({ ctx, params }) => {
        await content.deleteItem(ctx, params.id);
        return null;
      },
    }),
    ...(
      [
        ['publish', 1],
        ['unpublish', 0],
      ] as const
    ).map(([action, value]) =>
      route({
        method: 'POST',
        url: `/admin/content/:id/${action}`,
        summary: `Staff: ${action} an item`,
        policy: 'site.manage',
        params: idParams,
        answer: z.null(),
        handler: async ({ ctx, params }) => {
          await content.setPublished(ctx, params.id, value);
          return null;
        },
      }),
    ),
    route({
      method: 'POST',
      url: '/admin/content/sort',
      summary: 'Staff: order items (ids in display order)',
      policy: 'site.manage',
      body: sortBody,
      answer: z.null(),
      handler: async ({ ctx, body }) => {
        await content.sortItems(ctx, body.ids);
        return null;
      },
    }),
    route({
      method: 'POST',
      url: '/admin/content/:id/audit',
      summary: 'Staff: approve, or reject with a reason (the author is notified)',
      policy: 'content.audit',
      params: idParams,
      body: auditBody,
      answer: z.null(),
      handler: async ({ ctx, params, body }) => {
        await content.audit(ctx, params.id, body.pass, body.reason);
        return null;
      },
    }),
  ],
});
