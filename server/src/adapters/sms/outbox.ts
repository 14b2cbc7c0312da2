import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.js';
import type { SmsMessage, SmsProvider } from './index.js';

/**
 * The default provider: logs the message and keeps it in `sms_outbox`, where the test-mode route
 * `GET /api/dev/sms` shows it (the browser journeys read their codes there).
 */
export class OutboxSms implements SmsProvider {
  readonly name = 'outbox';

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({ phone: message.phone, content: message.text, provider: this.name, created_at: Date.now() })
      .execute();
    this.log.info({ phone: message.phone, sms: message.text }, 'sms kept in the outbox');
  }
}

export function readOutbox(db: Db, phone: string | undefined, limit = 20) {
  let query = db.selectFrom('sms_outbox').select(['id', 'phone', 'content', 'created_at as createdAt']);
  if (phone) query = query.where('phone', '=', phone);
  return query.orderBy('id', 'desc').limit(limit).execute();
}
