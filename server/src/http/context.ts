import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Db, Dialect } from '../db/connection.js';
import type { HeavyWork } from '../adapters/workers/pool.js';
import type { CacheHub } from './read-cache.js';

/** What every module gets: the database, its dialect, the configuration, the instance's read caches and workers. */
export interface AppContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  caches: CacheHub;
  /** CPU-heavy work in worker threads (captcha, exports, image decoding, the dictionary); built once per app. */
  workers: HeavyWork;
}

/** A module's routes: a Fastify plugin with the zod type provider and the context. */
export type ModuleRoutes = (ctx: AppContext) => FastifyPluginAsync;

export type { ZodTypeProvider };
