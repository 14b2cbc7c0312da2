import { createPublicKey, type KeyObject } from 'node:crypto';
import { Aes, Formatter, Wechatpay } from 'wechatpay-axios-plugin';
import type { PaymentsConfig } from '../../config.js';
import {
  header,
  type IncomingNotification,
  type PayRequest,
  type PaymentProvider,
  type PayStartAnswer,
  type ProviderAck,
  type RefundRequest,
  type Verification,
} from './index.js';
import { parseJson, safeVerify, signedInTime } from './sandbox.js';

interface WechatResource {
  algorithm?: string;
  ciphertext?: string;
  nonce?: string;
  associated_data?: string;
}

interface WechatTransaction {
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  mchid?: string;
  amount?: { total?: number; currency?: string };
}

/**
 * WeChat Pay API v3 with wechatpay-axios-plugin (maintained: TheNorthMemory/wechatpay-axios-plugin): Native
 * payment (a `code_url` to show as a QR code), refunds, and notifications verified with the platform
 * certificate (`Wechatpay-Signature` over `timestamp\nnonce\nbody\n`, SHA256withRSA, `Wechatpay-Serial` must be
 * the configured certificate's) and decrypted with the APIv3 key (AEAD_AES_256_GCM).
 */
export class WechatProvider implements PaymentProvider {
  readonly channel = 'wechat' as const;
  private readonly platformKey: KeyObject | null;
  private clientMade: Wechatpay | null = null;

  constructor(private readonly config: PaymentsConfig['wechat']) {
    this.platformKey = config.platformCert ? createPublicKey(config.platformCert) : null;
  }

  private client(): Wechatpay {
    if (!this.clientMade) {
      if (!this.config.mchPrivateKey || !this.platformKey) throw new Error('WeChat Pay is not configured');
      this.clientMade = new Wechatpay({
        mchid: this.config.mchId,
        serial: this.config.mchSerial,
        privateKey: this.config.mchPrivateKey,
        certs: { [this.config.platformSerial]: this.config.platformCert },
      });
    }
    return this.clientMade;
  }

  async start(request: PayRequest): Promise<PayStartAnswer> {
    const v3 = this.client().v3 as unknown as WechatApi;
    const res = await v3.pay.transactions.native.post({
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: request.subject.slice(0, 127),
      out_trade_no: request.orderNo,
      time_expire: new Date(request.expiresAt).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      notify_url: request.notifyUrl,
      amount: { total: request.amount, currency: request.currency },
    });
    const codeUrl = (res.data as { code_url?: string }).code_url;
    if (!codeUrl) throw new Error('WeChat Pay answered no code_url');
    return { qrCode: codeUrl, payUrl: null };
  }

  verify(incoming: IncomingNotification, now: number): Verification {
    const timestamp = header(incoming, 'wechatpay-timestamp');
    const nonce = header(incoming, 'wechatpay-nonce');
    const signature = header(incoming, 'wechatpay-signature');
    const serial = header(incoming, 'wechatpay-serial');
    if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature || !serial) {
      return { ok: false, why: 'malformed', detail: 'missing Wechatpay-* headers' };
    }
    if (!this.platformKey || serial !== this.config.platformSerial) {
      return { ok: false, why: 'bad_signature', detail: `unknown platform certificate ${serial.slice(0, 40)}` };
    }
    if (!signedInTime(Number(timestamp), now)) return { ok: false, why: 'bad_signature', detail: 'stale timestamp' };
    if (!safeVerify(Formatter.response(timestamp, nonce, incoming.rawBody), signature, this.platformKey)) {
      return { ok: false, why: 'bad_signature', detail: 'signature does not match the platform certificate' };
    }
    const event = parseJson(incoming.rawBody) as { event_type?: string; resource?: WechatResource } | null;
    const r = event?.resource;
    if (!r || r.algorithm !== 'AEAD_AES_256_GCM' || !r.ciphertext || !r.nonce) {
      return { ok: false, why: 'malformed', detail: 'no AEAD_AES_256_GCM resource' };
    }
    let tx: WechatTransaction | null;
    try {
      tx = parseJson(
        Aes.AesGcm.decrypt(r.ciphertext, this.config.apiV3Key, r.nonce, r.associated_data ?? ''),
      ) as WechatTransaction | null;
    } catch {
      return { ok: false, why: 'bad_signature', detail: 'resource does not decrypt with the APIv3 key' };
    }
    const total = tx?.amount?.total;
    if (!tx || typeof tx.out_trade_no !== 'string' || !Number.isSafeInteger(total)) {
      return { ok: false, why: 'malformed', detail: 'resource is not a transaction' };
    }
    if (tx.mchid !== undefined && tx.mchid !== this.config.mchId) {
      return { ok: false, why: 'bad_signature', detail: 'another merchant' };
    }
    return {
      ok: true,
      payment: {
        orderNo: tx.out_trade_no,
        tradeNo: String(tx.transaction_id ?? ''),
        amount: total!,
        currency: tx.amount?.currency ?? 'CNY',
        success: event?.event_type === 'TRANSACTION.SUCCESS' && tx.trade_state === 'SUCCESS',
      },
    };
  }

  /** WeChat Pay v3 expects 200 (or 204) on success, a 4XX/5XX with {code: FAIL} otherwise. */
  ackOk(): ProviderAck {
    return { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) };
  }

  ackFail(reason: string): ProviderAck {
    return { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: reason }) };
  }

  async refund(request: RefundRequest): Promise<void> {
    const v3 = this.client().v3 as unknown as WechatApi;
    await v3.refund.domestic.refunds.post({
      out_trade_no: request.orderNo,
      out_refund_no: `R${request.orderNo}`,
      reason: request.reason.slice(0, 80) || undefined,
      amount: { refund: request.amount, total: request.amount, currency: request.currency },
    });
  }
}

/** The few chained API v3 paths this adapter calls (the plugin builds them from property names). */
interface WechatApi {
  pay: { transactions: { native: { post(data: object): Promise<{ data: unknown }> } } };
  refund: { domestic: { refunds: { post(data: object): Promise<{ data: unknown }> } } };
}
