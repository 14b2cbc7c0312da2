import { type AnyDb, ms, withId } from './helpers.js';

/** SMS outbox and codes, and the password lockout of members (issue #3). */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('sms_outbox'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  // Serves the development outbox route: the latest messages to a phone.
  await db.schema.createIndex('sms_outbox_phone').on('sms_outbox').columns(['phone', 'created_at']).execute();

  await withId(db, db.schema.createTable('sms_codes'))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    /** What the code is for: login, changePwd, changePhoneOld, changePhoneNew. */
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', ms)
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  // Serves "the latest code of this phone for this purpose" on every check.
  await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'purpose', 'created_at']).execute();

  await db.schema
    .alterTable('members')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('members').addColumn('locked_until', ms).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('members').dropColumn('locked_until').execute();
  await db.schema.alterTable('members').dropColumn('failed_logins').execute();
  await db.schema.dropTable('sms_codes').execute();
  await db.schema.dropTable('sms_outbox').execute();
}
