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
  /**
   * The site's public origin (`https://books.example.edu.cn`). Absolute return addresses of single sign-on are
   * judged against it (never against Host or forwarding headers); it also marks cookies Secure when https.
   * Unset: only relative return addresses count as the site's own.
   */
  publicOrigin: string | undefined;
  /**
   * Addresses (or CIDR ranges, or `loopback`) of the reverse proxies whose `X-Forwarded-For/-Proto/-Host`
   * are believed; none by default, so a client cannot choose its own address for the per-address limits.
   */
  trustedProxies: string[];
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
  /** Distinct page addresses recorded per day before the rest are folded into one row. */
  routerDailyPaths: number;
  /**
   * Redis for the scale profile: notice fan-out between instances, and the accounts' limits, captcha answers and
   * tickets; unset keeps them in process.
   */
  redisUrl: string | undefined;
  /** Sentence-translation provider of the reader ('' for none: word look-up only, offline). */
  translateProvider?: string;
  /** A font file with Chinese glyphs for PDF exports ('' to look in the usual system places). */
  pdfFont?: string;
  /** Accounts: login, SMS, captcha, single sign-on, staff (issue #3). */
  accounts: AccountsConfig;
}

export interface AccountsConfig {
  /** Base64 of the 32-byte AES-256-GCM key the browser encrypts passwords with (obfuscation only). */
  passwordCipherKey: string;
  /** `outbox` (logged and kept in the database) or `aliyun`. */
  smsProvider: 'outbox' | 'aliyun';
  smsAccessKeyId: string;
  smsAccessKeySecret: string;
  smsSignName: string;
  smsTemplate: string;
  /** Provider endpoint (overridable for tests and private deployments). */
  smsEndpoint: string;
  smsDailyPerPhone: number;
  smsDailyPerAddress: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Origins besides the site's own that single sign-on may send a browser back to. */
  ssoAllowedOrigins: string[];
  /** First staff administrator, created on start when no staff exists. */
  staffAdminUser: string;
  staffAdminPassword: string;
  /** Marketing editor address returned by checkEditorToken. */
  editorUrl: string;
  avatarMaxBytes: number;
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

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** `https://host[:port]` of an http(s) address, or undefined for anything else. */
function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
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
    publicOrigin: originOf(env.PUBLIC_ORIGIN),
    trustedProxies: list(env.TRUSTED_PROXIES),
    bodyLimit: int(env.BODY_LIMIT, 1024 * 1024),
    routerDailyPaths: int(env.ROUTER_DAILY_PATHS, 5000),
    redisUrl: env.REDIS_URL || undefined,
    translateProvider: env.TRANSLATE_PROVIDER ?? '',
    accounts: loadAccountsConfig(env),
    pdfFont: env.PDF_FONT ?? '',
  };
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** A fixed development key: deployments set PASSWORD_CIPHER_KEY (it only obfuscates passwords in transit). */
const DEV_CIPHER_KEY = 'dGV4dGJvb2stcGxhdGZvcm0tZGV2LWtleS0zMmJ5dGU=';

function loadAccountsConfig(env: NodeJS.ProcessEnv): AccountsConfig {
  const provider = env.SMS_PROVIDER;
  return {
    passwordCipherKey: env.PASSWORD_CIPHER_KEY || DEV_CIPHER_KEY,
    smsProvider: provider === 'aliyun' ? provider : 'outbox',
    smsAccessKeyId: env.SMS_ACCESS_KEY_ID ?? '',
    smsAccessKeySecret: env.SMS_ACCESS_KEY_SECRET ?? '',
    smsSignName: env.SMS_SIGN_NAME ?? '',
    smsTemplate: env.SMS_TEMPLATE ?? '',
    smsEndpoint: env.SMS_ENDPOINT ?? '',
    smsDailyPerPhone: int(env.SMS_DAILY_PER_PHONE, 10),
    smsDailyPerAddress: int(env.SMS_DAILY_PER_ADDRESS, 50),
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5),
    loginLockMinutes: int(env.LOGIN_LOCK_MINUTES, 15),
    ssoAllowedOrigins: list(env.SSO_ALLOWED_ORIGINS),
    staffAdminUser: env.STAFF_ADMIN_USER ?? 'admin',
    staffAdminPassword: env.STAFF_ADMIN_PASSWORD ?? '',
    editorUrl: env.EDITOR_URL ?? '',
    avatarMaxBytes: int(env.AVATAR_MAX_BYTES, 2 * 1024 * 1024),
  };
}
