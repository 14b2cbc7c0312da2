import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountsConfig } from '../../config.js';
import type { SmsMessage, SmsProvider } from './index.js';

const DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

/** RFC 3986 encoding as Aliyun's RPC signature wants it (space %20, `*` %2A, `~` kept). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/g, '~');
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

/** Aliyun RPC signature v1: HMAC-SHA1 over "GET&%2F&" + the encoded canonical query, key = secret + "&". */
export function signAliyun(params: Record<string, string>, secret: string, method = 'GET'): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** Aliyun SMS (dysmsapi SendSms, version 2017-05-25) with the configured sign name and template. */
export class AliyunSms implements SmsProvider {
  readonly name = 'aliyun';

  constructor(
    private readonly config: AccountsConfig,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  requestUrl(message: SmsMessage, nonce = randomUUID()): string {
    const params: Record<string, string> = {
      AccessKeyId: this.config.smsAccessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.phone,
      RegionId: 'cn-hangzhou',
      SignName: this.config.smsSignName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: this.config.smsTemplate,
      TemplateParam: JSON.stringify({ code: message.code }),
      Timestamp: this.now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = signAliyun(params, this.config.smsAccessKeySecret);
    const endpoint = this.config.smsEndpoint || DEFAULT_ENDPOINT;
    return `${endpoint}?Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
  }

  async send(message: SmsMessage): Promise<void> {
    const response = await fetch(this.requestUrl(message), { signal: AbortSignal.timeout(10_000) });
    const body = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string; RequestId?: string };
    if (body.Code !== 'OK') {
      this.log.error({ code: body.Code, msg: body.Message, requestId: body.RequestId }, 'aliyun sms refused');
      throw new Error(`aliyun sms: ${body.Code ?? response.status} ${body.Message ?? ''}`);
    }
    this.log.info({ phone: message.phone, requestId: body.RequestId }, 'sms sent through aliyun');
  }
}
