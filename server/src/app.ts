import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DbHandle } from './db/connection.js';
import { startWorkers } from './workers.js';
import { JobRegistry } from './util/repeat.js';
import { registerAuthHook } from './http/auth.js';
import type { AppContext } from './http/context.js';
import { CacheHub } from './http/read-cache.js';
import { checkedSerializer } from './http/answer-check.js';
import { frameworkRefusal, registerErrorFunnel, serializeAnswer } from './http/envelope.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerDraining } from './http/shutdown.js';
import { registerWebApp } from './http/static.js';
import { modules } from './modules/index.js';
import { registerModule, trackRoutes } from './http/module.js';
import { createKv } from './adapters/kv/index.js';
import { createSmsProvider } from './adapters/sms/index.js';
import { openFileAreas } from './adapters/storage/areas.js';
import { testingModules } from './modules/testing/index.js';
import { countedSms, createAppMetrics } from './ops/metrics/app-metrics.js';
import { registerMetrics } from './ops/metrics/http.js';

/** One log line per request (Fastify's "request completed", with the request id), not two. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
}

export interface BuildOptions {
  config: Config;
  database: DbHandle;
  /** Extra plugins for the same app (the benchmark's bare route). */
  extend?: (app: FastifyInstance) => void;
}

const contexts = new WeakMap<FastifyInstance, AppContext>();

/** The context an app's modules were given (tests call services with it). */
export function appContext(app: FastifyInstance): AppContext {
  const ctx = contexts.get(app);
  if (!ctx) throw new Error('not an app made by buildApp');
  return ctx;
}

/** The context of one app: its adapters are made here, once, and closed with the app. */
function buildContext(app: FastifyInstance, config: Config, database: DbHandle): AppContext {
  const caches = new CacheHub(config.redisUrl, (err) => app.log.warn({ err }, 'cache bus'), config.redisPrefix);
  const stores = createKv(config, app.log);
  const { kv, limits } = stores;
  const workers = startWorkers({
    threads: config.workerThreads,
    queue: config.workerQueue,
    dictionaryAtStart: config.dictionaryAtStart,
  });
  const local = new Map<string, unknown>();
  // Scheduled jobs run once across the instances: each round takes a lock in the shared store.
  const jobs = new JobRegistry(kv);
  const storage = openFileAreas(config);
  const metrics = createAppMetrics({
    database,
    workers: () => workers.stats(),
    caches: () => caches.counts(),
    jobs: () => jobs.list(),
  });
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    caches,
    kv,
    limits,
    storeOutage: () => stores.state.current,
    workers,
    jobs,
    metrics,
    sms: undefined as never,
    files: storage.files,
    local: <T>(key: string, make: () => T): T => {
      if (!local.has(key)) local.set(key, make());
      return local.get(key) as T;
    },
  };
  ctx.sms = countedSms(createSmsProvider(ctx, app.log), metrics);
  // Ready once Redis answered or refused its first connection: a shared value asked before would be refused.
  app.addHook('onReady', () => stores.connected(2_000));
  app.addHook('onClose', async () => {
    jobs.close();
    await caches.close();
    await stores.close();
    await workers.close();
    storage.close();
    metrics.close();
    for (const value of local.values()) await (value as { close?: () => unknown }).close?.();
  });
  return ctx;
}

export async function buildApp({ config, database, extend }: BuildOptions): Promise<FastifyInstance> {
  if (!config.accounts.passwordCipherKey) {
    throw new Error('PASSWORD_CIPHER_KEY is not set (main.ts keeps one in DATA_DIR; set it for every instance)');
  }
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: config.bodyLimit,
    // Forwarding headers (X-Forwarded-For/-Proto/-Host) count only from the configured proxies: otherwise any
    // client could pick its own address (per-address limits) or host.
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
    frameworkErrors: frameworkRefusal,
  });

  // Requests are validated by the contracts' zod schemas. Responses are typed by the same schemas at
  // compile time and serialized with plain JSON.stringify (no second validation on the hot path), or sent as the
  // bytes a cached list was written to once (`JsonData`).
  app.setValidatorCompiler(validatorCompiler);
  // (Fastify's types say string; it sends a Buffer from a serializer as it does a string.)
  app.setSerializerCompiler(
    (config.checkAnswers
      ? ({ schema, method, url }: { schema: unknown; method: string; url: string }) =>
          checkedSerializer(schema, `${method} ${url}`)
      : () => serializeAnswer) as unknown as Parameters<typeof app.setSerializerCompiler>[0],
  );
  const instance = config.instanceName;
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Behind a proxy, which instance answered (set INSTANCE_NAME per instance; unset says nothing).
    if (instance) reply.header('x-served-by', instance);
  });

  const ctx = buildContext(app, config, database);
  contexts.set(app, ctx);

  trackRoutes(app);
  registerMetrics(app, ctx.metrics, config.metrics);
  registerErrorFunnel(app);
  registerSecurityHeaders(app, config);
  registerDraining(app);
  registerAuthHook(app, ctx);
  registerInputGuard(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '高校数字教材平台 API',
        version: '0.1.0',
        description: 'Envelope {code, msg, data}; see DESIGN.md §4.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The API's own description is for developers: off in production unless API_DOCS=1.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: config.bodyLimit } });
  for (const mod of modules) await registerModule(app, ctx, mod);
  // Test-only modules (`/api/test/*`, `/api/dev/*`) exist only in test mode, never with NODE_ENV=production.
  if (config.testRoutes) for (const mod of testingModules) await registerModule(app, ctx, mod);
  extend?.(app);

  await registerWebApp(app, config.webDist);
  return app;
}
