import { type AnyDb, ms, withId } from './helpers.js';

/**
 * The console's people (issue 19): a member account may be disabled by the staff (no login, sessions ended), and
 * members apply to be certified as teachers of a college (staff approve or reject with a reason).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('teacher_certifications'))
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    .addColumn('college_id', 'bigint', (c) => c.notNull())
    .addColumn('real_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('proof', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('proof_image', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'bigint')
    .addColumn('decided_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('teacher_certifications_member')
    .on('teacher_certifications')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('teacher_certifications_state')
    .on('teacher_certifications')
    .columns(['state', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('teacher_certifications').execute();
  await db.schema.alterTable('members').dropColumn('disabled').execute();
}
