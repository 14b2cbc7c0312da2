import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Db, Dialect } from '../db/connection.js';
import type { Workers } from '../workers.js';
import type { KvStore, StoreOutage } from '../adapters/kv/index.js';
import type { SmsProvider } from '../adapters/sms/index.js';
import type { FileAreas } from '../adapters/storage/index.js';
import type { CacheHub } from './read-cache.js';
import type { JobRegistry } from '../util/repeat.js';
import type { AppMetrics } from '../ops/metrics/app-metrics.js';

export type { FileAreas };

/**
 * What every module gets, built once per app in `buildApp` and closed with it: the database, its dialect, the
 * configuration, the instance's read caches and the adapters. Nothing else is shared between requests: no
 * module keeps a process-global singleton; per-instance state a module owns lives in `ctx.local`.
 */
export interface AppContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  caches: CacheHub;
  /**
   * Short-lived values every instance must see alike (captcha answers and tickets, bind tokens, phone-change
   * windows, job locks): in process, or Redis. While Redis is down each call is refused at once (503).
   */
  kv: KvStore;
  /**
   * Limit counters (rate limits, SMS gaps and daily caps, captcha failures): the same store, but while Redis is
   * down they are counted in this instance's memory (the limit then holds per instance), never refused.
   */
  limits: KvStore;
  /** The Redis outage under way as this instance sees it (`/api/ready`'s degraded), else null. */
  storeOutage: () => StoreOutage | null;
  sms: SmsProvider;
  files: FileAreas;
  /** This instance's own state of a module (a cache, a queue), made on first use and dropped with the app. */
  local: <T>(key: string, make: () => T) => T;
  /** CPU-heavy work in worker threads (captcha, exports, image decoding, the dictionary); built once per app. */
  workers: Workers;
  /** The app's repeating jobs (modules add theirs with `ctx.jobs.add`): the console lists, runs now, pauses them. */
  jobs: JobRegistry;
  /** This instance's metrics (`/metrics`, the console's monitor): modules count their outcomes here. */
  metrics: AppMetrics;
}

/** A module's routes: a Fastify plugin with the zod type provider and the context (the older, hand-made form). */
export type ModuleRoutes = (ctx: AppContext) => FastifyPluginAsync;

export type { ZodTypeProvider };
