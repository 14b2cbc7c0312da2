import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { ClassMsg, envelope, Msg, type Envelope } from '@textbook/contracts';
import type { Actor } from './actor.js';
import type { AppContext } from './context.js';
import type { Config } from '../config.js';
import { ok } from './envelope.js';
import { auditSinkOf } from './audit-sink.js';
import { forbidden, rateLimited, unauthorized } from './errors.js';
import { authorize, staffMayCall, type Action, type policies } from '../policies/index.js';

/**
 * A module is a declared unit: a prefix and a list of routes, each of them data. `registerModule` builds the one
 * corridor every request walks (docs/ARCHITECTURE.md, "A request"):
 *
 *   auth hook → admin gate (/api/admin/…: staff only) → authorize (thing-less policy, or the route's
 *   `gate`) → rate limit → validate → load the thing → authorize(thing) → handler (in a transaction when
 *   `transaction`) → envelope.
 *
 * A visitor is told 401 and a member without the right 403 before the input is validated, so nobody learns a
 * route's rules without the right to call it.
 */

/** Policies that decide on the caller alone. */
export type ThinglessAction = {
  [A in Action]: Parameters<(typeof policies)[A]>[1] extends undefined ? A : never;
}[Action];
/** Policies that decide on a thing the route loads first. */
export type ThingAction = Exclude<Action, ThinglessAction>;
type ThingOf<A extends Action> = Exclude<Parameters<(typeof policies)[A]>[1], undefined>;

type Schema = z.ZodType | undefined;
type Infer<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

/** What a loader and a handler get: the context, the caller and the validated input. */
export interface RouteInput<Q, P, B> {
  ctx: AppContext;
  actor: Actor;
  query: Q;
  params: P;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A rate limit on a route: at most `max` calls per `windowMs` per caller (member or staff id, else address),
 * counted in `ctx.limits`, so it holds across instances with Redis (per instance while Redis is down). Checked after the early authorization: a caller
 * the route refuses is told 401/403, not 429.
 */
export interface RateLimit {
  /** A number, or one read from the configuration (e.g. `HEAVY_PER_MINUTE`). */
  max: number | ((config: Config) => number);
  windowMs: number;
  /** `ip`: per address even for logged-in callers. Default: the caller, or the address for a visitor. */
  per?: 'caller' | 'ip';
  message?: string;
  /** Routes that name the same bucket share one count (every class-code route, every heavy route). */
  bucket?: string;
}

/** Costly work (CPU in the worker pool: captcha, exports, image decoding, look-ups): `HEAVY_PER_MINUTE` a caller. */
export const HEAVY: RateLimit = { max: (config) => config.heavyPerMinute, windowMs: 60_000, bucket: 'heavy' };

/** Class-code checks and joins: 30 a minute a member (a code is 8 characters; guessing needs millions). */
export const CLASS_CODE: RateLimit = {
  max: 30,
  windowMs: 60_000,
  message: ClassMsg.CODE_TOO_OFTEN,
  bucket: 'class-code',
};

/** An answer with a message of its own (the envelope's `msg`), e.g. 修改成功. */
export class Said<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}
export const say = <T>(msg: string, data: T): Said<T> => new Said(data, msg);

interface RouteBase<QS extends Schema, PS extends Schema, BS extends Schema> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under the module's prefix: `prefix + url`. */
  url: string;
  summary: string;
  query?: QS;
  params?: PS;
  body?: BS;
  /**
   * The data of the envelope. Absent: the handler answers the reply itself (a file, a stream, a redirect), and
   * errors still answer the JSON envelope (spec §8's blob rule).
   */
  answer?: z.ZodType;
  bodyLimit?: number;
  rateLimit?: RateLimit;
  /** Multipart upload route (the file is read with `readUpload`): documented as such. */
  upload?: boolean;
  /**
   * The handler runs in one transaction (its `ctx.db` is the transaction). Only for handlers whose services
   * open none of their own.
   */
  transaction?: boolean;
  /** Hidden from the OpenAPI document (test routes). */
  hide?: boolean;
  /**
   * `false`: the route acts on no browser session; what authorises it is a one-time token in its input (the
   * sandbox's 确认支付, a plain form its own page posts). The auth hook reads no cookie for it: a write carrying
   * one is neither refused as cross-site nor given the session, so a cross-site form gains nothing there.
   */
  session?: false;
  /**
   * Staff writes under /api/admin are recorded in the audit log by the corridor (who, what, before, after).
   * `false`: not a change (logout, an export). `before`: the state before, for a route without a `load` (whose
   * loaded thing is the "before" otherwise).
   */
  audit?: false | { before: (input: RouteInput<Infer<QS>, Infer<PS>, Infer<BS>>) => Promise<unknown> | unknown };
}

type Handler<Q, P, B, T, R> = (input: RouteInput<Q, P, B> & { thing: T }) => Promise<R> | R;

/** A route whose policy decides on the caller alone (or `public`, written out). */
export interface CallerRoute<QS extends Schema, PS extends Schema, BS extends Schema, R> extends RouteBase<QS, PS, BS> {
  policy: ThinglessAction | 'public';
  handler: Handler<Infer<QS>, Infer<PS>, Infer<BS>, undefined, R>;
}

/** A route whose policy decides on a thing: `load` fetches it after validation, then the policy runs. */
export interface ThingRoute<
  QS extends Schema,
  PS extends Schema,
  BS extends Schema,
  A extends ThingAction,
  T extends ThingOf<A>,
  R,
> extends RouteBase<QS, PS, BS> {
  policy: A;
  /** A thing-less policy checked before validation (e.g. `class.teach` before `class.manage`). */
  gate?: ThinglessAction;
  load: (input: RouteInput<Infer<QS>, Infer<PS>, Infer<BS>>) => Promise<T> | T;
  handler: Handler<Infer<QS>, Infer<PS>, Infer<BS>, T, R>;
}

/** A route as the module holds it, after its types have been checked by `route`. */
export interface AnyRoute extends RouteBase<Schema, Schema, Schema> {
  policy: Action | 'public';
  gate?: ThinglessAction;
  load?: (input: RouteInput<unknown, unknown, unknown>) => unknown;
  handler: (input: RouteInput<unknown, unknown, unknown> & { thing: unknown }) => unknown;
}

/** Declares one route; the types of its input, thing and answer are checked here. */
export function route<
  QS extends Schema = undefined,
  PS extends Schema = undefined,
  BS extends Schema = undefined,
  R = unknown,
>(def: CallerRoute<QS, PS, BS, R>): AnyRoute;
export function route<
  A extends ThingAction,
  T extends ThingOf<A>,
  QS extends Schema = undefined,
  PS extends Schema = undefined,
  BS extends Schema = undefined,
  R = unknown,
>(def: ThingRoute<QS, PS, BS, A, T, R>): AnyRoute;
export function route(def: unknown): AnyRoute {
  return def as AnyRoute;
}

export interface ModuleDef {
  /** Prepended to every route's url (e.g. `/api/class`); `''` when the module's urls are whole. */
  prefix: string;
  /** OpenAPI tag. */
  tag: string;
  routes: AnyRoute[];
  /** Plugins the module needs on its routes (e.g. a content-type parser), rarely. */
  setup?: (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;
}

export function defineModule(def: ModuleDef): ModuleDef {
  return def;
}

/** One registered route as the permission matrix and the fuzz tests see it. */
export interface RouteRow {
  method: string;
  url: string;
  policy: Action | 'public';
  gate?: ThinglessAction;
  hasThing: boolean;
  module: string;
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  upload: boolean;
  /** Counted against a rate limit (`ctx.limits`): the Redis-outage test tries each of them. */
  rateLimited: boolean;
}

const tables = new WeakMap<FastifyInstance, RouteRow[]>();

/** Every route registered through a module, in registration order. */
export function routeTable(app: FastifyInstance): RouteRow[] {
  return tables.get(app) ?? [];
}

const registered = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Records every route the app registers from now on, by whatever means (the matrix test checks them all). */
export function trackRoutes(app: FastifyInstance): void {
  const all: { method: string; url: string }[] = [];
  registered.set(app, all);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      if (method !== 'HEAD') all.push({ method, url: options.url });
    }
  });
}

/** Every route the app registered (HEAD answers aside). */
export function registeredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  return registered.get(app) ?? [];
}

const ADMIN_PREFIX = '/api/admin/';

function refuse(actor: Actor): never {
  throw actor.kind === 'visitor' ? unauthorized() : forbidden();
}

function rateKey(request: FastifyRequest, limit: RateLimit): string {
  const actor = request.actor;
  if (limit.per !== 'ip') {
    if (actor.kind === 'member') return `m${actor.memberId}`;
    if (actor.kind === 'staff') return `s${actor.staffId}`;
  }
  return `ip${request.ip}`;
}

/** Registers a module's routes on the app, each behind the corridor. */
export async function registerModule(root: FastifyInstance, ctx: AppContext, mod: ModuleDef): Promise<void> {
  const table = tables.get(root) ?? [];
  tables.set(root, table);
  await root.register(async (app) => {
    await mod.setup?.(app, ctx);
    for (const def of mod.routes) {
      const url = mod.prefix + def.url;
      const admin = url.startsWith(ADMIN_PREFIX);
      const early = def.policy !== 'public' && !def.load ? (def.policy as ThinglessAction) : def.gate;
      table.push({
        method: def.method,
        url,
        policy: def.policy,
        gate: def.gate,
        hasThing: Boolean(def.load),
        module: mod.tag,
        query: def.query,
        params: def.params,
        body: def.body,
        upload: Boolean(def.upload),
        rateLimited: Boolean(def.rateLimit),
      });

      const limit = def.rateLimit;
      const limitName = `rate:${def.rateLimit?.bucket ?? `${def.method}:${url}`}`;
      app.route({
        method: def.method as HTTPMethods,
        url,
        bodyLimit: def.bodyLimit,
        config: { policy: def.policy, session: def.session },
        schema: {
          tags: [mod.tag],
          summary: def.summary,
          hide: def.hide,
          ...(def.upload ? { consumes: ['multipart/form-data'] } : {}),
          ...(def.query ? { querystring: def.query } : {}),
          ...(def.params ? { params: def.params } : {}),
          ...(def.body ? { body: def.body } : {}),
          ...(def.answer ? { response: { 200: envelope(def.answer) } } : {}),
        },
        preValidation: async (request) => {
          const actor = request.actor;
          // Staff only, and only the roles the route's action is mapped to (policies/staff-access.ts; unmapped: super).
          if (admin && (actor.kind !== 'staff' || !staffMayCall(actor, def.policy))) refuse(actor);
          if (early) (authorize as (a: Actor, action: Action) => void)(actor, early);
          if (limit) {
            const window = Math.floor(Date.now() / limit.windowMs);
            const key = `${limitName}:${rateKey(request, limit)}:${window}`;
            const count = await ctx.limits.incr(key, limit.windowMs);
            const max = typeof limit.max === 'function' ? limit.max(ctx.config) : limit.max;
            if (count > max) throw rateLimited(limit.message ?? Msg.RATE_LIMITED);
          }
        },
        handler: async (request, reply) => {
          const run = async (runCtx: AppContext) => {
            const input = {
              ctx: runCtx,
              actor: request.actor,
              query: request.query,
              params: request.params,
              body: request.body,
              request,
              reply,
            };
            let thing: unknown;
            const audited = admin && def.method !== 'GET' && def.audit !== false && request.actor.kind === 'staff';
            let before: unknown = null;
            if (audited && def.audit) before = await def.audit.before(input);
            if (def.load) {
              thing = await def.load(input);
              (authorize as (a: Actor, action: Action, thing: unknown) => void)(
                request.actor,
                def.policy as Action,
                thing,
              );
              if (audited) before = thing;
            }
            const result = await def.handler({ ...input, thing });
            const sink = audited ? auditSinkOf(ctx).sink : undefined;
            if (sink) {
              await sink(runCtx, {
                actor: request.actor,
                action: def.policy,
                method: def.method,
                url: request.url,
                summary: def.summary,
                params: request.params,
                body: request.body,
                before,
                after: result instanceof Said ? result.data : result,
              });
            }
            return result;
          };
          const result = def.transaction
            ? await ctx.db.transaction().execute((trx) => run({ ...ctx, db: trx }))
            : await run(ctx);
          if (!def.answer) return result;
          if (result instanceof Said) return ok(result.data, result.msg) satisfies Envelope<unknown>;
          return ok(result);
        },
      });
    }
  });
}
