import { type AnyDb, ms, withId } from './helpers.js';

/**
 * Personal orders (a member buys a book) and the log of payment notifications (issue #15). Money is in fen
 * (integer), like books.price. `open_key` is `member:book` while an order is unpaid and null after: its unique
 * index makes "one open order per member and book" hold under concurrent presses on both dialects (NULLs are
 * distinct in a unique index on SQLite and PostgreSQL).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('personal_orders'))
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('book_title', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo('CNY'))
    /** unpaid | paid | closed | refunded */
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('unpaid'))
    /** alipay | wechat | sandbox: the channel last chosen, then the one that paid. */
    .addColumn('channel', 'varchar(12)')
    .addColumn('trade_no', 'varchar(64)')
    .addColumn('open_key', 'varchar(64)')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('paid_at', ms)
    .addColumn('closed_at', ms)
    .addColumn('refunded_at', ms)
    .addColumn('refund_reason', 'varchar(200)')
    .execute();
  await db.schema.createIndex('personal_orders_open').on('personal_orders').column('open_key').unique().execute();
  await db.schema
    .createIndex('personal_orders_member')
    .on('personal_orders')
    .columns(['member_id', 'created_at'])
    .execute();
  // Serves the close job: unpaid orders past their time.
  await db.schema.createIndex('personal_orders_due').on('personal_orders').columns(['status', 'expires_at']).execute();

  await withId(db, db.schema.createTable('payment_notifications'))
    .addColumn('channel', 'varchar(12)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('trade_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'bigint')
    /** accepted | duplicate | ignored | bad_signature | malformed | unknown_order | amount_mismatch | closed */
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addColumn('detail', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('received_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_notifications_received')
    .on('payment_notifications')
    .column('received_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('payment_notifications').execute();
  await db.schema.dropTable('personal_orders').execute();
}
