import { z } from 'zod';
import {
  AuthMsg,
  bindPhoneBody,
  externalCallbackBody,
  Msg,
  captchaCheckBody,
  captchaPuzzle,
  cipherInfo,
  envelope,
  forgotPwdBody,
  loginCodeQuery,
  PASSWORD_CIPHER,
  pwdLoginBody,
  smsLoginBody,
  tokenAnswer,
} from '@textbook/contracts';
import { kvFor } from '../../adapters/kv/index.js';
import { readOutbox } from '../../adapters/sms/outbox.js';
import { createSmsProvider } from '../../adapters/sms/index.js';
import type { ModuleRoutes, ZodTypeProvider } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { setSessionCookies } from '../../http/session-cookie.js';
import { authorize } from '../../policies/index.js';
import { checkPuzzle, issuePuzzle, takeTicket } from './captcha.js';
import { bindPhone, externalLogin, testProvider } from './external.js';
import { sendCode } from './codes.js';
import { forgotPwd, pwdLogin, readAgreement, smsLogin } from './service.js';

/** Login: slider puzzle, SMS codes, code and password login, forgotten password (spec §4, §5, §7). */
export const authRoutes: ModuleRoutes = (ctx) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const kv = kvFor(ctx.config);
  const sms = createSmsProvider(ctx, app.log);
  app.addHook('onClose', async () => kv.close());

  r.get(
    '/api/auth/cipher',
    {
      schema: {
        tags,
        summary: `The ${PASSWORD_CIPHER} key the browser encrypts passwords with (obfuscation; argon2id on the server)`,
        response: { 200: envelope(cipherInfo) },
      },
    },
    async (request) => {
      authorize(request.actor, 'auth.login');
      return ok({ algorithm: PASSWORD_CIPHER, key: ctx.config.accounts.passwordCipherKey });
    },
  );

  r.get(
    '/api/captcha',
    {
      schema: {
        tags,
        summary: 'A new slider puzzle (drawn on the server)',
        response: { 200: envelope(captchaPuzzle) },
      },
    },
    async (request, reply) => {
      authorize(request.actor, 'auth.login');
      reply.header('cache-control', 'no-store');
      return ok(await issuePuzzle(kv));
    },
  );

  r.post(
    '/api/captcha/check',
    {
      schema: {
        tags,
        summary: 'Checks the dropped piece once; answers a single-use ticket for /api/loginCode',
        body: captchaCheckBody,
        response: { 200: envelope(z.object({ ticket: z.string() })) },
      },
    },
    async (request) => {
      authorize(request.actor, 'auth.login');
      return ok({ ticket: await checkPuzzle(kv, request.body) });
    },
  );

  r.get(
    '/api/loginCode',
    {
      schema: {
        tags,
        summary: 'Sends a login code (needs a slider ticket; 60 s per phone, daily caps per phone and address)',
        querystring: loginCodeQuery,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      authorize(request.actor, 'auth.login');
      await takeTicket(kv, request.query.ticket);
      await sendCode(ctx, kv, sms, { phone: request.query.phoneNumber, purpose: 'login', address: request.ip });
      return ok(null, AuthMsg.CODE_SENT);
    },
  );

  r.post(
    '/api/smsLogin',
    {
      schema: {
        tags,
        summary: 'Code login; a new phone registers (role 0) with the agreement ticked',
        body: smsLoginBody,
        response: { 200: envelope(tokenAnswer) },
      },
    },
    async (request, reply) => {
      authorize(request.actor, 'auth.login');
      const token = await smsLogin(ctx, request.body);
      setSessionCookies(request, reply, ctx.config, 'member', token);
      return ok({ token });
    },
  );

  r.post(
    '/api/pwdLogin',
    {
      schema: {
        tags,
        summary: 'Password login (password encrypted by the client); locks after repeated failures',
        body: pwdLoginBody,
        response: { 200: envelope(tokenAnswer) },
      },
    },
    async (request, reply) => {
      authorize(request.actor, 'auth.login');
      const token = await pwdLogin(ctx, request.body);
      setSessionCookies(request, reply, ctx.config, 'member', token);
      return ok({ token });
    },
  );

  r.post(
    '/api/forgotPwd',
    {
      schema: {
        tags,
        summary: 'Resets a forgotten password with a login code (passwords encrypted by the client)',
        body: forgotPwdBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      authorize(request.actor, 'auth.login');
      await forgotPwd(ctx, request.body);
      return ok(null, AuthMsg.RESET_DONE);
    },
  );

  r.get(
    '/api/agreement/:id',
    {
      schema: {
        tags,
        summary: 'The user agreement or privacy policy named by /api/site toolbar ids (sanitized HTML)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelope(z.object({ id: z.number(), title: z.string(), body: z.string() })) },
      },
    },
    async (request) => {
      authorize(request.actor, 'auth.login');
      return ok(await readAgreement(ctx, request.params.id));
    },
  );

  const providers = new Map(ctx.config.testRoutes ? [[testProvider.name, testProvider]] : []);

  r.post(
    '/api/external/callback',
    {
      schema: {
        tags,
        summary:
          'External single sign-on: exchanges the provider’s code; a user without a phone is answered 501 with a bindToken',
        body: externalCallbackBody,
        response: { 200: envelope(tokenAnswer) },
      },
    },
    async (request, reply) => {
      authorize(request.actor, 'auth.login');
      const provider = providers.get(request.body.provider);
      if (!provider) throw notFound();
      const identity = await provider.exchange(request.body.code);
      const token = await externalLogin(ctx, kv, identity);
      setSessionCookies(request, reply, ctx.config, 'member', token);
      return ok({ token });
    },
  );

  r.post(
    '/api/bindPhone',
    {
      schema: {
        tags,
        summary: 'Binding mode: binds a phone (with its login code) to a pending external login; answers the token',
        body: bindPhoneBody,
        response: { 200: envelope(tokenAnswer) },
      },
    },
    async (request, reply) => {
      authorize(request.actor, 'auth.login');
      const token = await bindPhone(ctx, kv, request.body);
      setSessionCookies(request, reply, ctx.config, 'member', token);
      return ok({ token }, Msg.BIND_SUCCESS);
    },
  );

  // Development only: the outbox of the default SMS provider. Not registered at all in production.
  if (ctx.config.env !== 'production') {
    r.get(
      '/api/dev/sms',
      {
        schema: {
          hide: true,
          querystring: z.object({ phone: z.string().max(20).optional() }),
          response: {
            200: envelope(
              z.array(z.object({ id: z.number(), phone: z.string(), content: z.string(), createdAt: z.number() })),
            ),
          },
        },
      },
      async (request) => {
        authorize(request.actor, 'auth.devOutbox');
        return ok(await readOutbox(ctx.db, request.query.phone));
      },
    );
  }

  // Browser journeys only (TEST_ROUTES, never in production): the answer of a puzzle, so a journey can drag
  // the piece where a person's eyes would.
  if (ctx.config.testRoutes) {
    r.get(
      '/api/test/captcha/:captchaId',
      {
        schema: {
          hide: true,
          params: z.object({ captchaId: z.string().max(64) }),
          response: { 200: envelope(z.object({ x: z.number() })) },
        },
      },
      async (request) => {
        const stored = await kv.get(`captcha:${request.params.captchaId}`);
        if (!stored) throw notFound();
        return ok({ x: (JSON.parse(stored) as { x: number }).x });
      },
    );
  }
};
