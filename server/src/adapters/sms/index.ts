import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../http/context.js';
import { AliyunSms } from './aliyun.js';
import { OutboxSms } from './outbox.js';

/** One verification-code text message. */
export interface SmsMessage {
  phone: string;
  code: string;
  /** The text as the outbox shows it (real providers render their approved template with `code`). */
  text: string;
}

/** Sends text messages. The outbox keeps them (embedded profile); real providers send them. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export function createSmsProvider(ctx: AppContext, log: FastifyBaseLogger): SmsProvider {
  switch (ctx.config.accounts.smsProvider) {
    case 'aliyun':
      return new AliyunSms(ctx.config.accounts, log);
    default:
      return new OutboxSms(ctx.db, log);
  }
}
