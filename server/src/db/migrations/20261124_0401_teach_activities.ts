import { type AnyDb, ms, withId } from './helpers.js';

/**
 * Teaching activities (issue 17): a teacher's check-ins, discussions, in-class quizzes and shared material per
 * class and chapter, with the students' check-ins, replies and quiz submissions. A student checks in and
 * submits a quiz once: unique indexes, so concurrent presses meet on one row.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('teach_activities'))
    .addColumn('class_id', 'bigint', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    /** The class's book section (chapter) it belongs to, and its title at the time. */
    .addColumn('section_id', 'bigint')
    .addColumn('section_title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    /** checkin, discussion, quiz, material. */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    /** draft, open, closed. */
    .addColumn('state', 'varchar(8)', (c) => c.notNull().defaultTo('draft'))
    /** Check-in: minutes on time, grace minutes late, the code (made when it opens). */
    .addColumn('minutes', 'integer')
    .addColumn('late_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code', 'varchar(16)')
    /** Material: a link and/or a stored file (generated name in the site storage area) with its name. */
    .addColumn('link', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_key', 'varchar(100)')
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    /** Quiz: the bank question ids (JSON) while a draft, their snapshots (JSON) from the moment it opens. */
    .addColumn('question_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('snapshots', 'text')
    .addColumn('opened_at', ms)
    .addColumn('closed_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('teach_activities_class')
    .on('teach_activities')
    .columns(['class_id', 'section_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('teach_activity_checkins'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull().references('teach_activities.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    /** ontime or late. */
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('teach_activity_checkins_once')
    .on('teach_activity_checkins')
    .columns(['activity_id', 'member_id'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('teach_activity_replies'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull().references('teach_activities.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('teach_activity_replies_activity')
    .on('teach_activity_replies')
    .columns(['activity_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('teach_activity_submissions'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull().references('teach_activities.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    /** The answers (JSON, by question id) and their grading (JSON), the total score. */
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('grading', 'text', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('teach_activity_submissions_once')
    .on('teach_activity_submissions')
    .columns(['activity_id', 'member_id'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'teach_activity_submissions',
    'teach_activity_replies',
    'teach_activity_checkins',
    'teach_activities',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
