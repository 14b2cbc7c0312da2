import type { PayChannel } from '../../db/tables/orders.js';
import type { Config } from '../../config.js';
import type { AppContext } from '../../http/context.js';
import type { KvStore } from '../kv/index.js';
import { AlipayProvider } from './alipay.js';
import { SandboxProvider } from './sandbox.js';
import { WechatProvider } from './wechat.js';

export type { PayChannel };

/** What a provider is asked to collect: the platform's order, in fen. */
export interface PayRequest {
  orderNo: string;
  /** Fen. */
  amount: number;
  currency: string;
  subject: string;
  /** Absolute address of the platform's notification route for this provider. */
  notifyUrl: string;
  expiresAt: number;
  /** The site's origin as the browser sees it (the sandbox's own pay page lives there). */
  siteOrigin: string;
}

/** What the browser needs to pay: a QR code's content and/or an address to open. */
export interface PayStartAnswer {
  qrCode: string | null;
  payUrl: string | null;
}

/** A notification as it arrived: its headers and the exact bytes of its body (signatures cover them). */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** The facts of a notification whose signature holds. */
export interface VerifiedPayment {
  orderNo: string;
  tradeNo: string;
  /** Fen. */
  amount: number;
  currency: string;
  /** The trade succeeded (other states, e.g. closed or waiting, are acknowledged and ignored). */
  success: boolean;
}

export type Verification =
  { ok: true; payment: VerifiedPayment } | { ok: false; why: 'bad_signature' | 'malformed'; detail: string };

/** The answer a provider expects to a notification. */
export interface ProviderAck {
  status: number;
  contentType: string;
  body: string;
}

export interface RefundRequest {
  orderNo: string;
  tradeNo: string | null;
  /** Fen. */
  amount: number;
  currency: string;
  reason: string;
}

/**
 * One payment provider behind the platform: Alipay, WeChat Pay v3 or the offline sandbox. Orders and payments
 * speak only to this interface; every notification, the sandbox's too, goes through `verify`.
 */
export interface PaymentProvider {
  readonly channel: PayChannel;
  start(request: PayRequest): Promise<PayStartAnswer>;
  /** Checks the signature and reads the facts; never throws on hostile input. */
  verify(incoming: IncomingNotification, now: number): Verification | Promise<Verification>;
  /** Accepted (or already accepted): the provider stops retrying. */
  ackOk(): ProviderAck;
  /** Refused: the provider is told it failed. */
  ackFail(reason: string): ProviderAck;
  refund(request: RefundRequest): Promise<void>;
}

/** Yuan as a decimal string with at most two places ("12.50") to fen; null for anything else. */
export function yuanToFen(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, part = ''] = value.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

export function fenToYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

export function header(incoming: IncomingNotification, name: string): string {
  const v = incoming.headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

/** Notifications older or newer than this are refused (replays of a captured request). */
export const NOTIFY_CLOCK_SKEW_MS = 5 * 60_000;

/** The providers the configuration enables, by channel (made once per app: the sandbox keeps its key pair). */
export function createPaymentProviders(config: Config, kv: KvStore): Map<PayChannel, PaymentProvider> {
  const made = new Map<PayChannel, PaymentProvider>();
  for (const channel of config.payments.channels) {
    if (channel === 'sandbox') made.set(channel, new SandboxProvider(kv));
    if (channel === 'alipay') made.set(channel, new AlipayProvider(config.payments.alipay));
    if (channel === 'wechat') made.set(channel, new WechatProvider(config.payments.wechat));
  }
  return made;
}

/** This app's providers (one set per app, kept in `ctx.local`; the sandbox keeps its key pair for the app's life). */
export function paymentProviders(ctx: Pick<AppContext, 'local' | 'config' | 'kv'>): Map<PayChannel, PaymentProvider> {
  return ctx.local('payments:providers', () => createPaymentProviders(ctx.config, ctx.kv));
}

/**
 * The sandbox offered by a production start (only when PAY_CHANNELS names it): its orders are paid with no money.
 * The start's console and log, and the staff console, say so loudly.
 */
export function playMoney(config: Pick<Config, 'env' | 'payments'>): boolean {
  return config.env === 'production' && config.payments.channels.includes('sandbox');
}

/** The warning a production start with the sandbox prints (null when there is nothing to warn about). */
export function playMoneyBanner(config: Pick<Config, 'env' | 'payments'>): string | null {
  if (!playMoney(config)) return null;
  const line = '!'.repeat(72);
  return [
    line,
    '!!  PAY_CHANNELS names `sandbox` in production: the sandbox pays with NO REAL MONEY.',
    "!!  Anyone holding an order's pay page can mark it paid and read the book for free.",
    '!!  For a local demo only. A live site sets ALIPAY_* / WECHAT_* and leaves sandbox out.',
    line,
  ].join('\n');
}
