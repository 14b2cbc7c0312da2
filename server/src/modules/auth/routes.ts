import { z } from 'zod';
import {
  AuthMsg,
  bindPhoneBody,
  externalCallbackBody,
  Msg,
  captchaCheckBody,
  captchaPuzzle,
  cipherInfo,
  forgotPwdBody,
  loginCodeQuery,
  PASSWORD_CIPHER,
  pwdLoginBody,
  smsLoginBody,
  tokenAnswer,
} from '@textbook/contracts';
import { defineModule, HEAVY, route, say } from '../../http/module.js';
import { checkPuzzle, issuePuzzle, takeTicket } from './captcha.js';
import { bindPhone, externalLogin, externalProvider } from './external.js';
import { signedIn } from '../../http/session-cookie.js';
import { sendCode } from './codes.js';
import { readAgreement } from '../content/index.js';
import { forgotPwd, pwdLogin, smsLogin } from './service.js';

/** Login: slider puzzle, SMS codes, code and password login, forgotten password (spec §4, §5, §7). */
export const authModule = defineModule({
  prefix: '/api',
  tag: 'auth',
  routes: [
    route({
      method: 'GET',
      url: '/auth/cipher',
      summary: `The ${PASSWORD_CIPHER} key the browser encrypts passwords with (obfuscation; argon2id on the server)`,
      policy: 'auth.login',
      answer: cipherInfo,
      handler: ({ ctx }) => ({ algorithm: PASSWORD_CIPHER, key: ctx.config.accounts.passwordCipherKey }),
    }),

    route({
      method: 'GET',
      url: '/captcha',
      summary: 'A new slider puzzle (drawn on the server)',
      policy: 'auth.login',
      rateLimit: HEAVY,
      answer: captchaPuzzle,
      handler: async ({ ctx, reply }) => {
        reply.header('cache-control', 'no-store');
        return issuePuzzle(ctx.kv, ctx.workers);
      },
    }),

    route({
      method: 'POST',
      url: '/captcha/check',
      summary: 'Checks the dropped piece once; answers a single-use ticket for /api/loginCode',
      policy: 'auth.login',
      body: captchaCheckBody,
      answer: z.object({ ticket: z.string() }),
      handler: async ({ ctx, body, request }) => ({ ticket: await checkPuzzle(ctx, body, request.ip) }),
    }),

    route({
      method: 'GET',
      url: '/loginCode',
      summary: 'Sends a login code (needs a slider ticket; 60 s per phone, daily caps per phone and address)',
      policy: 'auth.login',
      query: loginCodeQuery,
      answer: z.null(),
      handler: async ({ ctx, query, request }) => {
        await takeTicket(ctx.kv, query.ticket);
        await sendCode(ctx, ctx.limits, ctx.sms, { phone: query.phoneNumber, purpose: 'login', address: request.ip });
        return say(AuthMsg.CODE_SENT, null);
      },
    }),

    route({
      method: 'POST',
      url: '/smsLogin',
      summary: 'Code login; a new phone registers (role 0) with the agreement ticked',
      policy: 'auth.login',
      body: smsLoginBody,
      answer: tokenAnswer,
      handler: async (input) => signedIn(input, 'member', await smsLogin(input.ctx, input.body)),
    }),

    route({
      method: 'POST',
      url: '/pwdLogin',
      summary: 'Password login (password encrypted by the client); locks after repeated failures',
      policy: 'auth.login',
      body: pwdLoginBody,
      answer: tokenAnswer,
      handler: async (input) => signedIn(input, 'member', await pwdLogin(input.ctx, input.body)),
    }),

    route({
      method: 'POST',
      url: '/forgotPwd',
      summary: 'Resets a forgotten password with a login code (passwords encrypted by the client)',
      policy: 'auth.login',
      body: forgotPwdBody,
      answer: z.null(),
      handler: async ({ ctx, body }) => {
        await forgotPwd(ctx, body);
        return say(AuthMsg.RESET_DONE, null);
      },
    }),

    route({
      method: 'GET',
      url: '/agreement/:id',
      summary: 'The user agreement or privacy policy named by /api/site toolbar ids (sanitized HTML)',
      policy: 'auth.login',
      params: z.object({ id: z.coerce.number().int().positive() }),
      answer: z.object({ id: z.number(), title: z.string(), body: z.string() }),
      handler: ({ ctx, params }) => readAgreement(ctx, params.id),
    }),

    route({
      method: 'POST',
      url: '/external/callback',
      summary:
        'External single sign-on: exchanges the provider’s code; a user without a phone is answered 501 with a bindToken',
      policy: 'auth.login',
      body: externalCallbackBody,
      answer: tokenAnswer,
      handler: async (input) => {
        const identity = await externalProvider(input.ctx, input.body.provider).exchange(input.body.code);
        return signedIn(input, 'member', await externalLogin(input.ctx, identity));
      },
    }),

    route({
      method: 'POST',
      url: '/bindPhone',
      summary: 'Binding mode: binds a phone (with its login code) to a pending external login; answers the token',
      policy: 'auth.login',
      body: bindPhoneBody,
      answer: tokenAnswer,
      handler: async (input) =>
        say(Msg.BIND_SUCCESS, signedIn(input, 'member', await bindPhone(input.ctx, input.body))),
    }),
  ],
});
