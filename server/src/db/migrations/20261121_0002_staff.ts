import { type AnyDb, ms, withId } from './helpers.js';

/** The publisher's staff and their sessions: a separate identity from members (DESIGN.md §5). */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('staff'))
    .addColumn('user_name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('staff_sessions'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('staff_id', 'bigint', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff').execute();
}
