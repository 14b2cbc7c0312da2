import { type AnyDb, ms, withId } from './helpers.js';

/**
 * The admin console (issue 19): staff roles (editor, reviewer, finance; `is_admin` stays the super administrator)
 * and the audit log of every staff write under /api/admin.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('staff')
    .addColumn('roles', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();

  await withId(db, db.schema.createTable('staff_audit'))
    .addColumn('staff_id', 'bigint', (c) => c.notNull())
    .addColumn('staff_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('action', 'varchar(100)', (c) => c.notNull())
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('summary', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('target', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_audit_time').on('staff_audit').columns(['created_at']).execute();
  await db.schema.createIndex('staff_audit_staff').on('staff_audit').columns(['staff_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('staff_audit').execute();
  await db.schema.alterTable('staff').dropColumn('roles').execute();
}
