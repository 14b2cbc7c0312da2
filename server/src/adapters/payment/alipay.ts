import { AlipaySdk } from 'alipay-sdk';
import type { PaymentsConfig } from '../../config.js';
import {
  fenToYuan,
  yuanToFen,
  type IncomingNotification,
  type PayRequest,
  type PaymentProvider,
  type PayStartAnswer,
  type ProviderAck,
  type RefundRequest,
  type Verification,
} from './index.js';

/**
 * Alipay with the official alipay-sdk: face-to-face precreate (a QR code's content), refunds, and asynchronous
 * notifications (form-encoded, RSA2 signature over the sorted parameters, verified with the Alipay public key by
 * `checkNotifySignV2`). The notification must name this app; Alipay trades are in yuan (CNY).
 */
export class AlipayProvider implements PaymentProvider {
  readonly channel = 'alipay' as const;
  private readonly sdk: AlipaySdk | null;

  constructor(private readonly config: PaymentsConfig['alipay']) {
    this.sdk =
      config.privateKey && config.publicKey
        ? new AlipaySdk({
            appId: config.appId,
            privateKey: config.privateKey,
            keyType: config.privateKey.includes('BEGIN PRIVATE KEY') ? 'PKCS8' : 'PKCS1',
            alipayPublicKey: config.publicKey,
            endpoint: config.endpoint,
          })
        : null;
  }

  private ready(): AlipaySdk {
    if (!this.sdk) throw new Error('Alipay is not configured');
    return this.sdk;
  }

  async start(request: PayRequest): Promise<PayStartAnswer> {
    const result = await this.ready().exec('alipay.trade.precreate', {
      notify_url: request.notifyUrl,
      bizContent: {
        out_trade_no: request.orderNo,
        total_amount: fenToYuan(request.amount),
        subject: request.subject.slice(0, 256),
        time_expire: new Date(request.expiresAt).toISOString().slice(0, 19).replace('T', ' '),
      },
    });
    const qr = (result as { qrCode?: string }).qrCode;
    if (result.code !== '10000' || !qr) throw new Error(`Alipay precreate: ${result.code} ${result.msg}`);
    return { qrCode: qr, payUrl: null };
  }

  verify(incoming: IncomingNotification): Verification {
    const params: Record<string, string> = {};
    try {
      for (const [k, v] of new URLSearchParams(incoming.rawBody)) params[k] = v;
    } catch {
      return { ok: false, why: 'malformed', detail: 'not a form' };
    }
    if (!params.sign || !params.out_trade_no) return { ok: false, why: 'malformed', detail: 'no sign or order' };
    if (!this.sdk) return { ok: false, why: 'bad_signature', detail: 'Alipay is not configured' };
    let valid: boolean;
    try {
      valid = this.sdk.checkNotifySignV2(params);
    } catch {
      valid = false;
    }
    if (!valid) return { ok: false, why: 'bad_signature', detail: 'RSA2 signature does not match' };
    if (params.app_id !== this.config.appId) return { ok: false, why: 'bad_signature', detail: 'another app_id' };
    const amount = yuanToFen(params.total_amount);
    if (amount === null) return { ok: false, why: 'malformed', detail: 'total_amount is not an amount' };
    return {
      ok: true,
      payment: {
        orderNo: params.out_trade_no,
        tradeNo: params.trade_no ?? '',
        amount,
        currency: 'CNY',
        success: params.trade_status === 'TRADE_SUCCESS' || params.trade_status === 'TRADE_FINISHED',
      },
    };
  }

  /** Alipay stops retrying on the plain text `success`; anything else (`fail`) is retried. */
  ackOk(): ProviderAck {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' };
  }

  ackFail(): ProviderAck {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'fail' };
  }

  async refund(request: RefundRequest): Promise<void> {
    const result = await this.ready().exec('alipay.trade.refund', {
      bizContent: {
        out_trade_no: request.orderNo,
        refund_amount: fenToYuan(request.amount),
        refund_reason: request.reason.slice(0, 256),
        out_request_no: `R${request.orderNo}`,
      },
    });
    if (result.code !== '10000') throw new Error(`Alipay refund: ${result.code} ${result.msg}`);
  }
}
