import { randomBytes } from 'node:crypto';
import { loadConfig } from '../server/src/config.js';
// Shared types and helpers of the benchmark. A bench module (any bench/*.ts besides run.ts, server.ts and
// lib.ts) may export:
//   export const endpoints: EndpointSpec[] = [{ url: '/api/book/list?pageNum=1' }, { url: '/api/shelf', as: 'student' }];
//   export const measurements: Measurement[] = [{ name: 'reader open', run: async (ctx) => ({ ... }) }];
// Endpoints join the API table (measured against the bare hello route); measurements add rows of their own.
import type { Browser } from 'playwright-core';

/** Seeded demo members by role (server/src/demo/demo-site.ts). */
export const MEMBER_ALIASES = {
  common: 'phone:13800000000',
  collegeAdmin: 'phone:13800000001',
  teacher: 'phone:13800000002',
  student: 'phone:13800000003',
} as const;
export type MemberAlias = keyof typeof MEMBER_ALIASES;

export interface EndpointSpec {
  url: string;
  /** Row label; default `${method} ${url}`. */
  name?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body (sent with content-type application/json). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Call as a seeded member (bearer token): a role alias, `member:<id>` or `phone:<phone>`. */
  as?: MemberAlias | `member:${number}` | `phone:${string}`;
  /** DESIGN.md §8 defaults: at least half the hello throughput, p99 under 50 ms. `false`: report only. */
  budget?: { minRatio?: number; maxP99Ms?: number } | false;
}

export interface EndpointResult {
  name: string;
  url: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Throughput relative to the bare hello route (hello itself: 1). */
  ratio: number;
  requests: number;
  non2xx: number;
  errors: number;
  budget: { minRatio: number; maxP99Ms: number } | null;
  pass: boolean | null;
  notes: string[];
  /** Hello's req/s just before and just after this endpoint: its ratio is against their mean. */
  helloBeside?: [number, number];
}

export interface MeasurementResult {
  name: string;
  value: number;
  unit: string;
  /** The budget and its direction: `max` means value <= budget passes. */
  budget?: number;
  limit?: 'max' | 'min';
  pass?: boolean | null;
  detail?: unknown;
}

export interface BenchContext {
  baseURL: string;
  /** The bench server's data folder (its SQLite file and stored files), for modules that prepare data. */
  dataDir: string;
  durationSec: number;
  connections: number;
  /** Bearer token of a seeded member. */
  token(as: NonNullable<EndpointSpec['as']>): string;
  /** One shared headless Chromium (launched on first use, closed at the end). */
  browser(): Promise<Browser>;
  /** Runs autocannon on one endpoint spec (the result's ratio is against this run's hello). */
  measureEndpoint(spec: EndpointSpec): Promise<EndpointResult>;
}

export interface Measurement {
  name: string;
  run(ctx: BenchContext): Promise<MeasurementResult | MeasurementResult[]>;
}

export interface BenchModule {
  endpoints?: EndpointSpec[];
  measurements?: Measurement[];
}

export function judge(value: number, budget: number | undefined, limit: 'max' | 'min' = 'max'): boolean | null {
  if (budget === undefined) return null;
  return limit === 'max' ? value <= budget : value >= budget;
}

/** Production-mode apps built in process by bench modules need a cipher key (a random one per run). */
export const BENCH_CIPHER_KEY = randomBytes(32).toString('base64');

/**
 * The configuration of a production-mode app a bench module builds in process (no web app): it loads no
 * dictionary at start (a production app does, about 10 s of one core in a thread of its own, long before the
 * load it is measured under; built seconds before, that load would take one of the two cores from it).
 */
export function benchAppConfig(env: Record<string, string> = {}) {
  return {
    ...loadConfig({
      NODE_ENV: 'production',
      PASSWORD_CIPHER_KEY: BENCH_CIPHER_KEY,
      LOG_LEVEL: 'warn',
      DICTIONARY_AT_START: '0',
      ...env,
    }),
    webDist: '/nonexistent',
  };
}
