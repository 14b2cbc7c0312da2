import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';
import type { KvStore } from '../kv/index.js';
import {
  header,
  NOTIFY_CLOCK_SKEW_MS,
  type IncomingNotification,
  type PayRequest,
  type PaymentProvider,
  type PayStartAnswer,
  type ProviderAck,
  type Verification,
} from './index.js';

/** The sandbox's own pay page, served by the payments module (扫码/确认支付). */
export const SANDBOX_PAGE = '/api/pay/sandbox/page/';
/** The query parameter (on the page) and form field (on its 确认支付) that carry the page's one-time token. */
export const PAGE_TOKEN = 't';

export const SANDBOX_HEADERS = {
  timestamp: 'sandbox-timestamp',
  nonce: 'sandbox-nonce',
  signature: 'sandbox-signature',
} as const;

export interface SandboxPayment {
  orderNo: string;
  tradeNo: string;
  /** Fen. */
  amount: number;
  currency: string;
  status: 'SUCCESS' | 'CLOSED';
}

/**
 * The offline provider of the embedded profile: it pays nothing, but it behaves like one. Its pay page calls the
 * platform's notification route with a body signed by its own RSA key pair (made by each app instance, in
 * memory, on first use), the way WeChat Pay v3 signs (`timestamp\nnonce\nbody\n`, SHA256withRSA), and `verify` checks that
 * signature with the public key, through the same route and service as the real providers.
 *
 * Its pay page is a capability: `start` (asked by the order's buyer only, `order.own`) mints a one-time token
 * kept in the KV store (every instance sees it) until the order expires; the page and its 确认支付 need it, and
 * 确认支付 uses it up. So only the buyer, or whoever the buyer shows the QR code to, can pay the order: an order
 * number alone (it is printed on receipts) pays nothing.
 */
export class SandboxProvider implements PaymentProvider {
  readonly channel = 'sandbox' as const;
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;

  constructor(
    private readonly kv?: KvStore,
    keys?: { privateKey: string | KeyObject; publicKey: string | KeyObject },
  ) {
    const pair = keys ?? generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = typeof pair.privateKey === 'string' ? createPrivateKey(pair.privateKey) : pair.privateKey;
    this.publicKey = typeof pair.publicKey === 'string' ? createPublicKey(pair.publicKey) : pair.publicKey;
  }

  private store(): KvStore {
    if (!this.kv) throw new Error('this sandbox provider signs only (made without a KV store)');
    return this.kv;
  }

  async start(request: PayRequest, now = Date.now()): Promise<PayStartAnswer> {
    const token = randomBytes(18).toString('base64url');
    await this.store().set(pageKey(token), request.orderNo, Math.max(1000, request.expiresAt - now));
    const payUrl = `${SANDBOX_PAGE}${encodeURIComponent(request.orderNo)}?${PAGE_TOKEN}=${token}`;
    return { qrCode: `${request.siteOrigin}${payUrl}`, payUrl };
  }

  /** Whether `token` is a live pay-page token of this order (the page is shown; nothing is used up). */
  async pageOpens(orderNo: string, token: string | undefined): Promise<boolean> {
    return Boolean(token) && (await this.store().get(pageKey(token!))) === orderNo;
  }

  /**
   * Uses the token up (read and deleted in one step, on every instance): true once for a live token of this
   * order, so two presses of 确认支付 pay once.
   */
  async takePage(orderNo: string, token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const taken = await this.store().take(pageKey(token));
    return taken === orderNo;
  }

  /** What the sandbox sends to the notification route: headers and the exact body they sign. */
  signNotification(payment: SandboxPayment, now = Date.now()): { headers: Record<string, string>; body: string } {
    const body = JSON.stringify(payment);
    const timestamp = String(Math.floor(now / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = Rsa.sign(Formatter.response(timestamp, nonce, body), this.privateKey);
    return {
      headers: {
        'content-type': 'application/json',
        [SANDBOX_HEADERS.timestamp]: timestamp,
        [SANDBOX_HEADERS.nonce]: nonce,
        [SANDBOX_HEADERS.signature]: signature,
      },
      body,
    };
  }

  verify(incoming: IncomingNotification, now: number): Verification {
    const timestamp = header(incoming, SANDBOX_HEADERS.timestamp);
    const nonce = header(incoming, SANDBOX_HEADERS.nonce);
    const signature = header(incoming, SANDBOX_HEADERS.signature);
    if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) {
      return { ok: false, why: 'malformed', detail: 'missing signature headers' };
    }
    if (!signedInTime(Number(timestamp), now)) return { ok: false, why: 'bad_signature', detail: 'stale timestamp' };
    if (!safeVerify(Formatter.response(timestamp, nonce, incoming.rawBody), signature, this.publicKey)) {
      return { ok: false, why: 'bad_signature', detail: 'signature does not match' };
    }
    const p = parseJson(incoming.rawBody) as Partial<SandboxPayment> | null;
    if (
      !p ||
      typeof p.orderNo !== 'string' ||
      typeof p.tradeNo !== 'string' ||
      !Number.isSafeInteger(p.amount) ||
      typeof p.currency !== 'string'
    ) {
      return { ok: false, why: 'malformed', detail: 'body is not a sandbox payment' };
    }
    return {
      ok: true,
      payment: {
        orderNo: p.orderNo,
        tradeNo: p.tradeNo,
        amount: p.amount!,
        currency: p.currency,
        success: p.status === 'SUCCESS',
      },
    };
  }

  ackOk(): ProviderAck {
    return { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) };
  }

  ackFail(reason: string): ProviderAck {
    return { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: reason }) };
  }

  refund(): Promise<void> {
    return Promise.resolve();
  }
}

const pageKey = (token: string) => `paypage:${token}`;

export function signedInTime(seconds: number, now: number): boolean {
  return Math.abs(now - seconds * 1000) <= NOTIFY_CLOCK_SKEW_MS;
}

/** RSA verification that answers false (never throws) for a signature that is not even base64 of a key's size. */
export function safeVerify(message: string, signature: string, key: KeyObject): boolean {
  try {
    return Rsa.verify(message, signature, key);
  } catch {
    return false;
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
