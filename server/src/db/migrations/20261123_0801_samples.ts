import { type AnyDb, ms, sql, withId } from './helpers.js';

/** The staff's defaults for sample copies (dictionary rows they change later): yearly quota and validity options. */
export const SAMPLE_DEFAULTS = {
  quota: 10,
  times: [
    { code: '3M', value: '3个月' },
    { code: '6M', value: '6个月' },
    { code: '1Y', value: '1年' },
  ],
} as const;

/**
 * Sample copies (issue 15): teachers' applications, the yearly count per teacher (the lock that keeps the
 * quota exact under concurrent applies), the books the publisher approves automatically, and the settings.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('sample_auto_approve', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('sample_applications'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('college_id', 'bigint', (c) => c.notNull().references('colleges.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    /** The validity option chosen (e.g. 6M, 1Y) and its label at the time. */
    .addColumn('validity_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('validity_label', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    /** 0 waiting for review, 1 approved, 2 rejected. */
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    /** The calendar year (China time) the application counts against. */
    .addColumn('quota_year', 'integer', (c) => c.notNull())
    .addColumn('auto_approved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reviewed_by', 'bigint')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('reviewed_at', ms)
    .addColumn('expires_at', ms)
    .execute();
  // Serves "my applications" and the EXIST check.
  await db.schema
    .createIndex('sample_applications_member')
    .on('sample_applications')
    .columns(['member_id', 'book_id', 'state'])
    .execute();
  // Serves the staff's list by state, newest first.
  await db.schema
    .createIndex('sample_applications_state')
    .on('sample_applications')
    .columns(['state', 'created_at'])
    .execute();
  // One waiting application per teacher, book and college, whatever the timing of the presses.
  await db.schema
    .createIndex('sample_applications_one_waiting')
    .on('sample_applications')
    .columns(['member_id', 'college_id', 'book_id'])
    .unique()
    .where(sql<boolean>`state = 0`)
    .execute();

  /** Applications counted against a teacher's yearly quota (rejections give theirs back). */
  await db.schema
    .createTable('sample_quota_usage')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('quota_year', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sample_quota_usage_pk', ['member_id', 'quota_year'])
    .execute();

  await db
    .insertInto('dict_data')
    .values([
      {
        dict_type: 'sample_quota',
        parent_id: 0,
        label: '每年可申请样书数量',
        value: String(SAMPLE_DEFAULTS.quota),
        sort: 0,
      },
      ...SAMPLE_DEFAULTS.times.map((t, i) => ({
        dict_type: 'sample_validity',
        parent_id: 0,
        label: t.value,
        value: t.code,
        sort: i,
      })),
    ])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom('dict_data').where('dict_type', 'in', ['sample_quota', 'sample_validity']).execute();
  await db.schema.dropTable('sample_quota_usage').execute();
  await db.schema.dropTable('sample_applications').execute();
  await db.schema.alterTable('books').dropColumn('sample_auto_approve').execute();
}
