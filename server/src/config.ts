import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
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
  /** Checks every code-200 answer against its route's schema before sending it (tests; never in production). */
  checkAnswers: boolean;
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
  /** On SIGTERM/SIGINT, how long requests under way may take to finish before their connections are cut. */
  shutdownGraceMs: number;
  /** Distinct page addresses recorded per day before the rest are folded into one row. */
  routerDailyPaths: number;
  /**
   * Redis for the scale profile: notice fan-out between instances, and the accounts' limits, captcha answers and
   * tickets; unset keeps them in process.
   */
  redisUrl: string | undefined;
  /** Where uploaded and imported files live (book files, avatars, site images, material files). */
  storage: StorageConfig;
  /**
   * What this deployment's Redis keys and channels start with (`REDIS_PREFIX`, default `tb:`): deployments, or
   * test runs, that share one Redis keep apart.
   */
  redisPrefix: string;
  /** This instance's name behind a proxy (`INSTANCE_NAME`), sent as `x-served-by`; unset: no header. */
  instanceName: string | undefined;
  /** Sentence-translation provider of the reader ('' for none: word look-up only, offline). */
  translateProvider?: string;
  /** A font file with Chinese glyphs for PDF exports ('' to look in the usual system places). */
  pdfFont?: string;
  /** Largest image (width × height, read from its header before decoding) an upload may declare. */
  imageMaxPixels: number;
  /** Serves the OpenAPI page at /api/docs (off by default in production). */
  apiDocs: boolean;
  /** Worker threads for CPU-heavy work (captcha drawing, exports, image decoding, the dictionary). */
  workerThreads: number;
  /** Tasks that may wait for a worker; beyond it a request is refused with 503 at once. */
  workerQueue: number;
  /** Loads the word dictionary in its worker at start (off in tests: it loads on the first look-up there). */
  dictionaryAtStart: boolean;
  /** CPU-heavy requests (captcha, exports, look-ups, avatars) one caller may make per minute. */
  heavyPerMinute: number;
  /** Accounts: login, SMS, captcha, single sign-on, staff (issue #3). */
  accounts: AccountsConfig;
  /** Personal orders and payment providers (issue #15). */
  payments: PaymentsConfig;
  /** `npm run backup` and the scheduled backup (issue 35). */
  backup: BackupConfig;
  /** Who may read `GET /metrics` (issue 35): neither a token nor an address range set: nobody (404). */
  metrics: MetricsConfig;
}

export interface BackupConfig {
  /** `BACKUP_DIR`: where backups are written (one folder each), default `DATA_DIR/backups`. */
  dir: string;
  /** `BACKUP_EVERY_HOURS`: a scheduled backup this often (once across instances); unset: none. */
  everyHours: number | undefined;
  /** `BACKUP_KEEP`: the newest this many backups in `dir` are kept after each scheduled one. */
  keep: number;
}

export interface MetricsConfig {
  /** `METRICS_TOKEN`: a scraper sends `Authorization: Bearer <token>` (16 characters or more). */
  token: string;
  /** `METRICS_ALLOW`: client addresses or CIDR ranges (or `loopback`) that may scrape without the token. */
  allow: string[];
}

export interface StorageConfig {
  /**
   * `STORAGE_URL`. Unset: folders under DATA_DIR (`files`, `avatars`, `site-files`; embedded profile).
   * `s3://bucket[/prefix]?endpoint=https://…&region=…&forcePathStyle=1`: an S3-compatible bucket shared by every
   * instance (scale profile; AWS S3, MinIO, Aliyun OSS, Tencent COS), the same three areas as key prefixes.
   */
  url: string | undefined;
  /** `STORAGE_ACCESS_KEY_ID` / `STORAGE_SECRET_ACCESS_KEY`; empty: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…). */
  accessKeyId: string;
  secretAccessKey: string;
}

export interface PaymentsConfig {
  /**
   * Channels offered to members (`PAY_CHANNELS`); unset: the real providers configured, else `sandbox` (offline,
   * embedded) outside production. A production start offers the sandbox only when PAY_CHANNELS names it (it pays
   * with no money: main.ts and the staff console then say so loudly); with neither, nothing is offered.
   */
  channels: ('alipay' | 'wechat' | 'sandbox')[];
  /** Minutes before an unpaid order closes. */
  orderMinutes: number;
  /** Origin the providers call back (`https://…`); default PUBLIC_ORIGIN. */
  notifyOrigin: string | undefined;
  alipay: { appId: string; privateKey: string; publicKey: string; endpoint: string };
  wechat: {
    mchId: string;
    appId: string;
    apiV3Key: string;
    /** Serial number of the merchant's API certificate, and its private key (PEM or a file path). */
    mchSerial: string;
    mchPrivateKey: string;
    /** The platform certificate (PEM or a file path) and its serial: notifications are verified with it. */
    platformCert: string;
    platformSerial: string;
  };
}

/** A PEM given inline, or the contents of the file it names. */
function pem(value: string | undefined): string {
  const v = (value ?? '').trim();
  if (!v || v.includes('-----BEGIN')) return v.replace(/\\n/g, '\n');
  try {
    return fs.readFileSync(v, 'utf8');
  } catch {
    return '';
  }
}

function loadPaymentsConfig(
  env: NodeJS.ProcessEnv,
  publicOrigin: string | undefined,
  mode: Config['env'],
): PaymentsConfig {
  const alipay = {
    appId: env.ALIPAY_APP_ID ?? '',
    privateKey: pem(env.ALIPAY_PRIVATE_KEY),
    publicKey: pem(env.ALIPAY_PUBLIC_KEY),
    endpoint: env.ALIPAY_ENDPOINT ?? 'https://openapi.alipay.com',
  };
  const wechat = {
    mchId: env.WECHAT_MCH_ID ?? '',
    appId: env.WECHAT_APP_ID ?? '',
    apiV3Key: env.WECHAT_API_V3_KEY ?? '',
    mchSerial: env.WECHAT_MCH_SERIAL ?? '',
    mchPrivateKey: pem(env.WECHAT_MCH_PRIVATE_KEY),
    platformCert: pem(env.WECHAT_PLATFORM_CERT),
    platformSerial: env.WECHAT_PLATFORM_SERIAL ?? '',
  };
  const known = ['alipay', 'wechat', 'sandbox'] as const;
  const named = list(env.PAY_CHANNELS);
  const unknown = named.filter((c) => !(known as readonly string[]).includes(c));
  if (unknown.length) problems.push(`PAY_CHANNELS=${JSON.stringify(env.PAY_CHANNELS)}: expected ${known.join(', ')}`);
  const asked = named.filter((c): c is PaymentsConfig['channels'][number] => (known as readonly string[]).includes(c));
  const real = [...(alipay.appId ? (['alipay'] as const) : []), ...(wechat.mchId ? (['wechat'] as const) : [])];
  return {
    channels: asked.length ? asked : real.length ? real : mode === 'production' ? [] : ['sandbox'],
    orderMinutes: int(env, 'PAY_ORDER_MINUTES', 30),
    notifyOrigin: originOf(env, 'PAY_NOTIFY_ORIGIN') ?? publicOrigin,
    alipay,
    wechat,
  };
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

/**
 * What is wrong with the environment being read: a typo must never fall back to a default silently
 * (`PORT=abc` is refused at start, not served on 3000). `loadConfig` collects them and throws them all at once.
 */
let problems: string[] = [];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`configuration refused:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const v = value.trim().toLowerCase();
  if (TRUE.includes(v)) return true;
  if (FALSE.includes(v)) return false;
  problems.push(`${name}=${JSON.stringify(value)}: expected one of ${[...TRUE, ...FALSE].join(', ')}`);
  return fallback;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value.trim());
  if (Number.isSafeInteger(n) && n > 0 && /^\d+$/.test(value.trim())) return n;
  problems.push(`${name}=${JSON.stringify(value)}: expected a whole number above 0`);
  return fallback;
}

/** One of the allowed words, or a problem named after the variable. */
function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  problems.push(`${name}=${JSON.stringify(value)}: expected one of ${allowed.join(', ')}`);
  return fallback;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** `https://host[:port]` of an http(s) address; anything else set is a problem. */
function originOf(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // refused below
  }
  problems.push(`${name}=${JSON.stringify(value)}: expected an http(s) address such as https://books.example.edu.cn`);
  return undefined;
}

/** Addresses and CIDR ranges (`10.0.0.0/8`, `::1`, `loopback`); anything else is a problem. */
function addressList(env: NodeJS.ProcessEnv, name: string): string[] {
  const entries = list(env[name]);
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = net.isIP(address);
    const max = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (entry === 'loopback' || (family && bitsOk && extra === undefined)) continue;
    problems.push(
      `${name}=${JSON.stringify(env[name])}: ${JSON.stringify(entry)} is not an address, CIDR range or loopback`,
    );
  }
  return entries;
}

function loadOpsConfig(env: NodeJS.ProcessEnv, dataDir: string): Pick<Config, 'backup' | 'metrics'> {
  const token = env.METRICS_TOKEN ?? '';
  if (token && token.length < 16)
    problems.push(`METRICS_TOKEN=(${token.length} characters, not shown): expected 16 characters or more`);
  return {
    backup: {
      dir: path.resolve(ROOT_DIR, env.BACKUP_DIR || path.join(dataDir, 'backups')),
      everyHours: env.BACKUP_EVERY_HOURS ? int(env, 'BACKUP_EVERY_HOURS', 24) : undefined,
      keep: int(env, 'BACKUP_KEEP', 7),
    },
    metrics: { token, allow: addressList(env, 'METRICS_ALLOW') },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  problems = [];
  const mode = oneOf(env, 'NODE_ENV', ['production', 'test', 'development'] as const, 'development');
  oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info');
  const dataDir = path.resolve(ROOT_DIR, env.DATA_DIR ?? 'data');
  const testRoutes = mode !== 'production' && bool(env, 'TEST_ROUTES', mode === 'test');
  const config: Config = {
    env: mode,
    host: env.HOST ?? '0.0.0.0',
    port: int(env, 'PORT', 3000),
    databaseUrl: env.DATABASE_URL ?? path.join(dataDir, 'platform.db'),
    dataDir,
    webDist: path.resolve(ROOT_DIR, env.WEB_DIST ?? 'web/dist'),
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    testRoutes,
    checkAnswers: mode !== 'production' && bool(env, 'CHECK_ANSWERS', mode === 'test'),
    maintenance: bool(env, 'MAINTENANCE', false),
    seedOnStart: bool(env, 'SEED_ON_START', true),
    ssoUrl: env.SSO_URL ?? '/sso',
    publicOrigin: originOf(env, 'PUBLIC_ORIGIN'),
    trustedProxies: list(env.TRUSTED_PROXIES),
    bodyLimit: int(env, 'BODY_LIMIT', 1024 * 1024),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000),
    routerDailyPaths: int(env, 'ROUTER_DAILY_PATHS', 5000),
    redisUrl: env.REDIS_URL || undefined,
    storage: {
      url: env.STORAGE_URL || undefined,
      accessKeyId: env.STORAGE_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.STORAGE_SECRET_ACCESS_KEY ?? '',
    },
    redisPrefix: env.REDIS_PREFIX || 'tb:',
    instanceName: env.INSTANCE_NAME || undefined,
    translateProvider: env.TRANSLATE_PROVIDER ?? '',
    accounts: loadAccountsConfig(env, mode),
    payments: loadPaymentsConfig(env, originOf(env, 'PUBLIC_ORIGIN'), mode),
    pdfFont: env.PDF_FONT ?? '',
    imageMaxPixels: int(env, 'IMAGE_MAX_PIXELS', 25_000_000),
    apiDocs: bool(env, 'API_DOCS', mode !== 'production'),
    // One core is left to the event loop.
    workerThreads: int(env, 'WORKER_THREADS', Math.max(1, os.availableParallelism() - 1)),
    workerQueue: int(env, 'WORKER_QUEUE', 64),
    heavyPerMinute: int(env, 'HEAVY_PER_MINUTE', 60),
    dictionaryAtStart: bool(env, 'DICTIONARY_AT_START', mode !== 'test'),
    ...loadOpsConfig(env, dataDir),
  };
  const found = [...new Set(problems)];
  problems = [];
  if (found.length) throw new ConfigError(found);
  return config;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/**
 * A fixed key for development and tests only. In production an unset PASSWORD_CIPHER_KEY is left empty here and
 * `ensureCipherKey` (called by main.ts) reads or makes one in the data folder; buildApp refuses an empty key.
 */
const DEV_CIPHER_KEY = 'dGV4dGJvb2stcGxhdGZvcm0tZGV2LWtleS0zMmJ5dGU=';
export const CIPHER_KEY_FILE = 'password-cipher.key';

/**
 * Production without PASSWORD_CIPHER_KEY: the key kept in DATA_DIR/password-cipher.key, made (32 random bytes,
 * readable by the owner only) on the first start. Instances that do not share the data folder must set the
 * variable to one key.
 */
export function ensureCipherKey(config: Config): void {
  if (config.accounts.passwordCipherKey) return;
  const file = path.join(config.dataDir, CIPHER_KEY_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (Buffer.from(key, 'base64').length !== 32) throw new Error(`${file} does not hold a base64 32-byte key`);
  config.accounts.passwordCipherKey = key;
}

function loadAccountsConfig(env: NodeJS.ProcessEnv, mode: Config['env']): AccountsConfig {
  const provider = oneOf(env, 'SMS_PROVIDER', ['outbox', 'aliyun'] as const, 'outbox');
  return {
    passwordCipherKey: env.PASSWORD_CIPHER_KEY || (mode === 'production' ? '' : DEV_CIPHER_KEY),
    smsProvider: provider,
    smsAccessKeyId: env.SMS_ACCESS_KEY_ID ?? '',
    smsAccessKeySecret: env.SMS_ACCESS_KEY_SECRET ?? '',
    smsSignName: env.SMS_SIGN_NAME ?? '',
    smsTemplate: env.SMS_TEMPLATE ?? '',
    smsEndpoint: env.SMS_ENDPOINT ?? '',
    smsDailyPerPhone: int(env, 'SMS_DAILY_PER_PHONE', 10),
    smsDailyPerAddress: int(env, 'SMS_DAILY_PER_ADDRESS', 50),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5),
    loginLockMinutes: int(env, 'LOGIN_LOCK_MINUTES', 15),
    ssoAllowedOrigins: list(env.SSO_ALLOWED_ORIGINS),
    staffAdminUser: env.STAFF_ADMIN_USER ?? 'admin',
    staffAdminPassword: env.STAFF_ADMIN_PASSWORD ?? '',
    editorUrl: env.EDITOR_URL ?? '',
    avatarMaxBytes: int(env, 'AVATAR_MAX_BYTES', 2 * 1024 * 1024),
  };
}
