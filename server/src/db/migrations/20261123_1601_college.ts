import { type AnyDb, ms, withId } from './helpers.js';

/**
 * College administration (issue 16): the college's own details, its books with seat counts, the one seat
 * ledger every change of those counts writes, seat authorizations, activation codes and college orders.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('colleges')
    .addColumn('logo', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('colleges')
    .addColumn('contact', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('colleges')
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('colleges')
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('colleges')
    .addColumn('introduction', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .execute();

  await withId(db, db.schema.createTable('college_books'))
    .addColumn('college_id', 'bigint', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    /** Sums of the ledger's deltas, kept beside it in the same transaction (a test recomputes them). */
    .addColumn('bought_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('given_count', 'integer', (c) => c.notNull().defaultTo(0))
    /** When the college's right to the book ends (null: no end); grants end then. */
    .addColumn('expires_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addUniqueConstraint('college_books_college_book', ['college_id', 'book_id'])
    .execute();

  await withId(db, db.schema.createTable('college_seat_ledger'))
    .addColumn('college_book_id', 'bigint', (c) => c.notNull().references('college_books.id').onDelete('cascade'))
    .addColumn('college_id', 'bigint', (c) => c.notNull())
    /** order | adjust | grant | revoke | redeem */
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('bought_delta', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('given_delta', 'integer', (c) => c.notNull().defaultTo(0))
    /** The member a seat went to or came back from. */
    .addColumn('member_id', 'bigint')
    /** Who made the change: a member (college admin, code redeemer) or a staff account. */
    .addColumn('by_member_id', 'bigint')
    .addColumn('by_staff_id', 'bigint')
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    /** The order, authorization or code behind the change. */
    .addColumn('ref_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('college_seat_ledger_book').on('college_seat_ledger').column('college_book_id').execute();

  await withId(db, db.schema.createTable('college_authorizations'))
    .addColumn('college_book_id', 'bigint', (c) => c.notNull().references('college_books.id').onDelete('cascade'))
    .addColumn('college_id', 'bigint', (c) => c.notNull())
    .addColumn('book_id', 'bigint', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    /** grant (by the admin) | code (an activation code) */
    .addColumn('via', 'varchar(10)', (c) => c.notNull())
    .addColumn('expires_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addUniqueConstraint('college_authorizations_book_member', ['college_book_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('college_authorizations_member')
    .on('college_authorizations')
    .column('member_id')
    .execute();

  await withId(db, db.schema.createTable('college_active_codes'))
    .addColumn('college_book_id', 'bigint', (c) => c.notNull().references('college_books.id').onDelete('cascade'))
    .addColumn('college_id', 'bigint', (c) => c.notNull())
    .addColumn('code', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('batch', 'bigint', (c) => c.notNull())
    /** 0 unused, 1 redeemed, 3 revoked (expired is told by expires_at). */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('redeemed_by', 'bigint')
    .addColumn('redeemed_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('college_active_codes_book')
    .on('college_active_codes')
    .column('college_book_id')
    .execute();

  await withId(db, db.schema.createTable('college_orders'))
    .addColumn('college_id', 'bigint', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    /** Months of use the seats are for. */
    .addColumn('term_months', 'integer', (c) => c.notNull())
    /** 0 waiting for the publisher, 1 confirmed, 2 refused. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'bigint')
    .addColumn('decided_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('college_orders_college').on('college_orders').column('college_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'college_orders',
    'college_active_codes',
    'college_authorizations',
    'college_seat_ledger',
    'college_books',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ['logo', 'contact', 'phone', 'address', 'introduction']) {
    await db.schema.alterTable('colleges').dropColumn(column).execute();
  }
}
