import { type AnyDb, ms, withId } from './helpers.js';

/**
 * Homework (issue 17): a teacher's homework for a class and a chapter (a node of the book's section tree), its
 * questions (bank questions, snapshotted when released) and each student's submission (draft answers while
 * writing, then submitted once, graded and reviewed).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('homework'))
    .addColumn('class_id', 'bigint', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('teacher_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('college_id', 'bigint', (c) => c.notNull())
    .addColumn('book_id', 'bigint', (c) => c.notNull())
    /** The chapter: a node of the book's section tree (book_sections.id), and its title when saved. */
    .addColumn('section_id', 'bigint', (c) => c.notNull())
    .addColumn('section_title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('open_at', ms, (c) => c.notNull())
    .addColumn('due_at', ms, (c) => c.notNull())
    /** 'none': late work refused; 'deduct': accepted, late_deduct percent taken off. */
    .addColumn('late_rule', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
    .addColumn('late_deduct', 'integer', (c) => c.notNull().defaultTo(0))
    /** 0 draft, 1 released. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_score', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('released_at', ms)
    /** When the reminder before the deadline went out (the job claims it once). */
    .addColumn('reminded_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('homework_class').on('homework').columns(['class_id', 'section_id']).execute();
  await db.schema.createIndex('homework_due').on('homework').columns(['status', 'due_at']).execute();

  await withId(db, db.schema.createTable('homework_items'))
    .addColumn('homework_id', 'bigint', (c) => c.notNull().references('homework.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'bigint', (c) => c.notNull())
    .addColumn('score', 'real', (c) => c.notNull())
    /** The question as released (JSON QuestionSnapshot); null while a draft. */
    .addColumn('snapshot', 'text')
    .execute();
  await db.schema
    .createIndex('homework_items_homework')
    .on('homework_items')
    .columns(['homework_id', 'position'])
    .execute();

  await withId(db, db.schema.createTable('homework_submissions'))
    .addColumn('homework_id', 'bigint', (c) => c.notNull().references('homework.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    /** 0 draft answers, 1 submitted, 2 reviewed. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON: answers by item id. */
    .addColumn('answers', 'text', (c) => c.notNull())
    /** JSON: ItemResult[] once submitted. */
    .addColumn('results', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('score', 'real')
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('saved_at', ms, (c) => c.notNull())
    .addColumn('submitted_at', ms)
    .addColumn('reviewed_at', ms)
    .execute();
  // One submission per student and homework: concurrent first saves meet on one row.
  await db.schema
    .createIndex('homework_submissions_one')
    .on('homework_submissions')
    .columns(['homework_id', 'member_id'])
    .unique()
    .execute();
  await db.schema.createIndex('homework_submissions_member').on('homework_submissions').column('member_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('homework_submissions').execute();
  await db.schema.dropTable('homework_items').execute();
  await db.schema.dropTable('homework').execute();
}
