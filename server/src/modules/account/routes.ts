import { z } from 'zod';
import {
  AuthMsg,
  changePhoneQuery,
  changePwdBody,
  memberCollege,
  memberInfo,
  newPhoneQuery,
  phoneCodeQuery,
  updateNameBody,
} from '@textbook/contracts';
import { readUpload } from '../../http/files.js';
import { sendStored } from '../../http/stored-file.js';
import { callerToken } from '../../http/session-cookie.js';
import { defineModule, HEAVY, route, say } from '../../http/module.js';
import { asMember } from '../../policies/helpers.js';
import { getMemberInfo } from '../member/index.js';
import * as service from './service.js';

const nothing = z.null();

/**
 * The member's colleges and switcher, profile and security (spec §2, §7 auth and member calls). Every route is
 * the member's own (`account.self`, decided before the input is read); SMS codes go out through `ctx.sms`, the
 * phone-change window is kept in `ctx.kv`, avatars in `ctx.files.avatars`.
 */
export const accountModule = defineModule({
  prefix: '/api',
  tag: 'account',
  routes: [
    route({
      method: 'GET',
      url: '/college',
      summary: 'The colleges of the member',
      policy: 'account.self',
      answer: z.array(memberCollege),
      handler: ({ ctx, actor }) => service.listColleges(ctx, asMember(actor).memberId),
    }),
    route({
      method: 'POST',
      url: '/college/switch',
      summary: 'Makes one of the member’s colleges current; answers member info for it',
      policy: 'account.switchCollege',
      gate: 'account.self',
      body: z.object({ collegeId: z.number().int().positive() }),
      answer: z.object({ member: memberInfo }),
      load: async ({ ctx, actor, body }) => ({
        memberOf: await service.isMemberOf(ctx, asMember(actor).memberId, body.collegeId),
      }),
      handler: async ({ ctx, actor, body }) => {
        const { memberId } = asMember(actor);
        await service.switchCollege(ctx, memberId, body.collegeId);
        return { member: await getMemberInfo(ctx, memberId) };
      },
    }),
    route({
      method: 'GET',
      url: '/member/checkEditorToken',
      summary: 'The marketing editor address (members with the extras flag)',
      policy: 'account.editor',
      gate: 'account.self',
      answer: z.object({ url: z.string() }),
      load: ({ ctx, actor }) => service.editorFlag(ctx, asMember(actor).memberId),
      handler: ({ ctx }) => ({ url: service.editorUrl(ctx) }),
    }),
    route({
      method: 'GET',
      url: '/member/openEditor',
      summary:
        'Opens the marketing editor: a redirect to its address with the token appended (the browser’s HttpOnly cookie never reaches page scripts)',
      policy: 'account.editor',
      gate: 'account.self',
      load: ({ ctx, actor }) => service.editorFlag(ctx, asMember(actor).memberId),
      handler: ({ ctx, request, reply }) => {
        const url = service.editorUrlWithToken(ctx, callerToken(request) ?? '');
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      },
    }),
    route({
      method: 'POST',
      url: '/updateName',
      summary: 'Changes the member’s user name',
      policy: 'account.self',
      body: updateNameBody,
      answer: nothing,
      handler: async ({ ctx, actor, body }) => {
        await service.updateName(ctx, asMember(actor).memberId, body.userName);
        return say(AuthMsg.NAME_UPDATED, null);
      },
    }),
    route({
      method: 'POST',
      url: '/avatar',
      summary: 'Uploads an avatar (multipart field "file"; JPEG, PNG, GIF or WebP by content; resized to 256×256)',
      policy: 'account.self',
      rateLimit: HEAVY,
      upload: true,
      answer: z.object({ avatar: z.string() }),
      handler: async ({ ctx, actor, request }) => {
        const file = await readUpload(request, {
          maxBytes: ctx.config.accounts.avatarMaxBytes,
          missing: AuthMsg.AVATAR_TYPE,
          tooLarge: AuthMsg.AVATAR_TOO_LARGE,
        });
        return { avatar: await service.updateAvatar(ctx, asMember(actor).memberId, file.bytes) };
      },
    }),
    route({
      method: 'GET',
      url: '/avatar/:name',
      summary: 'An avatar image (public, by generated name)',
      policy: 'account.avatarFile',
      params: z.object({ name: z.string().regex(/^[a-f0-9]{32}\.webp$/) }),
      handler: ({ ctx, params, request, reply }) =>
        sendStored(request, reply, ctx.files.avatars, params.name, {
          type: 'image/webp',
          headers: { 'cache-control': 'public, max-age=31536000, immutable' },
        }),
    }),
    route({
      method: 'GET',
      url: '/member/changePwdPhone',
      summary: 'Sends a code to the member’s phone for a password change',
      policy: 'account.self',
      answer: nothing,
      handler: async ({ ctx, actor, request }) => {
        await service.sendOwnCode(ctx, asMember(actor).memberId, 'changePwd', request.ip);
        return say(AuthMsg.CODE_SENT, null);
      },
    }),
    route({
      method: 'POST',
      url: '/member/changePwd',
      summary: 'Changes the password with the code (passwords encrypted); other sessions end',
      policy: 'account.self',
      body: changePwdBody,
      answer: nothing,
      handler: async ({ ctx, actor, body }) => {
        await service.changePassword(ctx, asMember(actor), body);
        return say(AuthMsg.PASSWORD_CHANGED, null);
      },
    }),
    route({
      method: 'GET',
      url: '/member/changePhoneCode',
      summary: 'Phone change, step 1: a code to the current phone',
      policy: 'account.self',
      answer: nothing,
      handler: async ({ ctx, actor, request }) => {
        await service.sendOwnCode(ctx, asMember(actor).memberId, 'changePhoneOld', request.ip);
        return say(AuthMsg.CODE_SENT, null);
      },
    }),
    route({
      method: 'GET',
      url: '/member/validChangePhoneCode',
      summary: 'Phone change, step 2: checks the current phone’s code',
      policy: 'account.self',
      query: phoneCodeQuery,
      answer: nothing,
      handler: async ({ ctx, actor, query }) => {
        await service.verifyOldPhone(ctx, asMember(actor).memberId, query.code);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: '/member/changeNewPhoneCode',
      summary: 'Phone change, step 3: a code to the new phone',
      policy: 'account.self',
      query: newPhoneQuery,
      answer: nothing,
      handler: async ({ ctx, actor, query, request }) => {
        await service.sendNewPhoneCode(ctx, asMember(actor).memberId, query.phoneNumber, request.ip);
        return say(AuthMsg.CODE_SENT, null);
      },
    }),
    route({
      method: 'GET',
      url: '/member/changePhone',
      summary: 'Phone change, step 4: the new phone’s code; the phone changes',
      policy: 'account.self',
      query: changePhoneQuery,
      answer: nothing,
      handler: async ({ ctx, actor, query }) => {
        await service.changePhone(ctx, asMember(actor).memberId, query);
        return say(AuthMsg.PHONE_CHANGED, null);
      },
    }),
  ],
});
