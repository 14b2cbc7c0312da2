import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root: server/src (sources) and server/dist (bundle) are both two levels below. */
export const ROOT_DIR = path.resolve(here, '..', '..');

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** postgres://… selects PostgreSQL; anything else is a SQLite file path. */
  databaseUrl: string;
  dataDir: string;
  webDist: string;
  logLevel: string;
  /** Registers the test-only routes (never in production). */
  testRoutes: boolean;
  /** Shows 系统维护 on the public site. */
  maintenance: boolean;
  /** Seeds demo content into an empty database on start. */
  seedOnStart: boolean;
  /** Single sign-on base URL (the embedded SSO lives on this server by default). */
  ssoUrl: string;
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
  /** Distinct page addresses recorded per day before the rest are folded into one row. */
  routerDailyPaths: number;
  /** Sentence-translation provider of the reader ('' for none: word look-up only, offline). */
  translateProvider?: string;
  /** A font file with Chinese glyphs for PDF exports ('' to look in the usual system places). */
  pdfFont?: string;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const dataDir = path.resolve(ROOT_DIR, env.DATA_DIR ?? 'data');
  const testRoutes = mode !== 'production' && bool(env.TEST_ROUTES, mode === 'test');
  return {
    env: mode,
    host: env.HOST ?? '0.0.0.0',
    port: int(env.PORT, 3000),
    databaseUrl: env.DATABASE_URL ?? path.join(dataDir, 'platform.db'),
    dataDir,
    webDist: path.resolve(ROOT_DIR, env.WEB_DIST ?? 'web/dist'),
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    testRoutes,
    maintenance: bool(env.MAINTENANCE, false),
    seedOnStart: bool(env.SEED_ON_START, true),
    ssoUrl: env.SSO_URL ?? '/sso',
    bodyLimit: int(env.BODY_LIMIT, 1024 * 1024),
    routerDailyPaths: int(env.ROUTER_DAILY_PATHS, 5000),
    translateProvider: env.TRANSLATE_PROVIDER ?? '',
    pdfFont: env.PDF_FONT ?? '',
  };
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}
