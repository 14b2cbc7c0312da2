import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AuthMsg,
  Code,
  changePhoneQuery,
  changePwdBody,
  envelope,
  memberCollege,
  memberInfo,
  newPhoneQuery,
  phoneCodeQuery,
  updateNameBody,
} from '@textbook/contracts';
import { kvFor } from '../../adapters/kv/index.js';
import { createSmsProvider } from '../../adapters/sms/index.js';
import type { FastifyRequest } from 'fastify';
import type { Actor, MemberActor } from '../../http/actor.js';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok, sendNotFound } from '../../http/envelope.js';
import { AppError, refused } from '../../http/errors.js';
import { callerToken } from '../../http/session-cookie.js';
import { authorize } from '../../policies/index.js';
import { asMember } from '../../policies/helpers.js';
import { getMemberInfo } from '../member/service.js';
import { avatarStorage } from './avatar.js';
import * as service from './service.js';

/** Who may call is decided before the body is validated: a visitor learns nothing about the rules. */
const memberFirst = {
  preValidation: async (request: FastifyRequest) => {
    authorize(request.actor, 'account.self');
  },
};

function member(actor: Actor): MemberActor {
  authorize(actor, 'account.self');
  return asMember(actor);
}

/** The member's colleges and switcher, profile and security (spec §2, §7 auth and member calls). */
export const accountRoutes: ModuleRoutes = (ctx) => async (app) => {
  const maxBytes = ctx.config.accounts.avatarMaxBytes;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 2 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const kv = kvFor(ctx.config);
  const sms = createSmsProvider(ctx, app.log);
  const nothing = { 200: envelope(z.null()) };

  r.get(
    '/api/college',
    {
      schema: { tags, summary: 'The colleges of the member', response: { 200: envelope(z.array(memberCollege)) } },
    },
    async (request) => ok(await service.listColleges(ctx, member(request.actor).memberId)),
  );

  r.post(
    '/api/college/switch',
    {
      ...memberFirst,
      schema: {
        tags,
        summary: 'Makes one of the member’s colleges current; answers member info for it',
        body: z.object({ collegeId: z.number().int().positive() }),
        response: { 200: envelope(z.object({ member: memberInfo })) },
      },
    },
    async (request) => {
      const actor = member(request.actor);
      const memberOf = await service.isMemberOf(ctx, actor.memberId, request.body.collegeId);
      authorize(actor, 'account.switchCollege', { memberOf });
      await service.switchCollege(ctx, actor.memberId, request.body.collegeId);
      return ok({ member: await getMemberInfo(ctx, actor.memberId) });
    },
  );

  r.get(
    '/api/member/checkEditorToken',
    {
      schema: {
        tags,
        summary: 'The marketing editor address (members with the extras flag)',
        response: { 200: envelope(z.object({ url: z.string() })) },
      },
    },
    async (request) => {
      const actor = member(request.actor);
      authorize(actor, 'account.editor', await service.editorFlag(ctx, actor.memberId));
      return ok({ url: service.editorUrl(ctx) });
    },
  );

  r.get(
    '/api/member/openEditor',
    {
      schema: {
        tags,
        summary:
          'Opens the marketing editor: a redirect to its address with the token appended (the browser’s HttpOnly cookie never reaches page scripts)',
      },
    },
    async (request, reply) => {
      const actor = member(request.actor);
      authorize(actor, 'account.editor', await service.editorFlag(ctx, actor.memberId));
      const url = service.editorUrlWithToken(ctx, callerToken(request) ?? '');
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  r.post(
    '/api/updateName',
    {
      ...memberFirst,
      schema: { tags, summary: 'Changes the member’s user name', body: updateNameBody, response: nothing },
    },
    async (request) => {
      await service.updateName(ctx, member(request.actor).memberId, request.body.userName);
      return ok(null, AuthMsg.NAME_UPDATED);
    },
  );

  r.post(
    '/api/avatar',
    {
      schema: {
        tags,
        summary: 'Uploads an avatar (multipart field "file"; JPEG, PNG, GIF or WebP by content; resized to 256×256)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ avatar: z.string() })) },
      },
    },
    async (request) => {
      const actor = member(request.actor);
      if (!request.isMultipart()) throw refused(AuthMsg.AVATAR_TYPE);
      const file = await request.file();
      if (!file) throw refused(AuthMsg.AVATAR_TYPE);
      const bytes = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('too_large', Code.REFUSED, 413, AuthMsg.AVATAR_TOO_LARGE);
        }
        throw err;
      });
      return ok({ avatar: await service.updateAvatar(ctx, actor.memberId, bytes) });
    },
  );

  r.get(
    '/api/avatar/:name',
    {
      schema: {
        tags,
        summary: 'An avatar image (public, by generated name)',
        params: z.object({ name: z.string().regex(/^[a-f0-9]{32}\.webp$/) }),
      },
    },
    async (request, reply) => {
      authorize(request.actor, 'account.avatarFile');
      const bytes = await avatarStorage(ctx.config).get(request.params.name);
      if (!bytes) return sendNotFound(reply);
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
    },
  );

  r.get(
    '/api/member/changePwdPhone',
    { schema: { tags, summary: 'Sends a code to the member’s phone for a password change', response: nothing } },
    async (request) => {
      const actor = member(request.actor);
      await service.sendOwnCode(ctx, kv, sms, actor.memberId, 'changePwd', request.ip);
      return ok(null, AuthMsg.CODE_SENT);
    },
  );

  r.post(
    '/api/member/changePwd',
    {
      ...memberFirst,
      schema: {
        tags,
        summary: 'Changes the password with the code (passwords encrypted); other sessions end',
        body: changePwdBody,
        response: nothing,
      },
    },
    async (request) => {
      await service.changePassword(ctx, member(request.actor), request.body);
      return ok(null, AuthMsg.PASSWORD_CHANGED);
    },
  );

  r.get(
    '/api/member/changePhoneCode',
    { schema: { tags, summary: 'Phone change, step 1: a code to the current phone', response: nothing } },
    async (request) => {
      const actor = member(request.actor);
      await service.sendOwnCode(ctx, kv, sms, actor.memberId, 'changePhoneOld', request.ip);
      return ok(null, AuthMsg.CODE_SENT);
    },
  );

  r.get(
    '/api/member/validChangePhoneCode',
    {
      ...memberFirst,
      schema: {
        tags,
        summary: 'Phone change, step 2: checks the current phone’s code',
        querystring: phoneCodeQuery,
        response: nothing,
      },
    },
    async (request) => {
      await service.verifyOldPhone(ctx, kv, member(request.actor).memberId, request.query.code);
      return ok(null);
    },
  );

  r.get(
    '/api/member/changeNewPhoneCode',
    {
      ...memberFirst,
      schema: {
        tags,
        summary: 'Phone change, step 3: a code to the new phone',
        querystring: newPhoneQuery,
        response: nothing,
      },
    },
    async (request) => {
      const actor = member(request.actor);
      await service.sendNewPhoneCode(ctx, kv, sms, actor.memberId, request.query.phoneNumber, request.ip);
      return ok(null, AuthMsg.CODE_SENT);
    },
  );

  r.get(
    '/api/member/changePhone',
    {
      ...memberFirst,
      schema: {
        tags,
        summary: 'Phone change, step 4: the new phone’s code; the phone changes',
        querystring: changePhoneQuery,
        response: nothing,
      },
    },
    async (request) => {
      await service.changePhone(ctx, kv, member(request.actor).memberId, request.query);
      return ok(null, AuthMsg.PHONE_CHANGED);
    },
  );

  // Browser journeys only (TEST_ROUTES, never in production): a member with memberships in new colleges.
  if (ctx.config.testRoutes) {
    r.post(
      '/api/test/accounts/member',
      {
        schema: {
          hide: true,
          body: z.object({
            phone: z.string().regex(/^1\d{10}$/),
            colleges: z.array(
              z.object({ name: z.string().min(1).max(50), roles: z.string().regex(/^[0-3](,[0-3])*$/) }),
            ),
          }),
          response: { 200: envelope(z.object({ memberId: z.number(), collegeIds: z.array(z.number()) })) },
        },
      },
      async (request) => ok(await service.createTestMember(ctx, request.body)),
    );
  }
};
