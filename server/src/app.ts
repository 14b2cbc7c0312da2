import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DbHandle } from './db/connection.js';
import { registerAuthHook } from './http/auth.js';
import type { AppContext } from './http/context.js';
import { CacheHub } from './http/read-cache.js';
import { registerErrorFunnel } from './http/envelope.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/static.js';
import { moduleRoutes } from './modules/index.js';
import { testingRoutes } from './modules/testing/routes.js';

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

export async function buildApp({ config, database, extend }: BuildOptions): Promise<FastifyInstance> {
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
  });

  // Requests are validated by the contracts' zod schemas. Responses are typed by the same schemas at
  // compile time and serialized with plain JSON.stringify (no second validation on the hot path).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const caches = new CacheHub(config.redisUrl, (err) => app.log.warn({ err }, 'cache bus'));
  app.addHook('onClose', async () => caches.close());
  const ctx: AppContext = { db: database.db, dialect: database.dialect, config, caches };
  contexts.set(app, ctx);

  registerErrorFunnel(app);
  registerSecurityHeaders(app, config);
  registerAuthHook(app, ctx);

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
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  for (const routes of moduleRoutes) await app.register(routes(ctx));
  if (config.testRoutes) await app.register(testingRoutes(ctx));
  extend?.(app);

  await registerWebApp(app, config.webDist);
  return app;
}
