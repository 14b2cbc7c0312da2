import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Db, Dialect } from '../db/connection.js';
import type { CacheHub } from './read-cache.js';

/** What every module gets: the database, its dialect, the configuration and the instance's read caches. */
export interface AppContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  caches: CacheHub;
}

/** A module's routes: a Fastify plugin with the zod type provider and the context. */
export type ModuleRoutes = (ctx: AppContext) => FastifyPluginAsync;

export type { ZodTypeProvider };
