import { type AnyDb, ms, withId } from './helpers.js';

/**
 * The teacher's question bank (issue 17): a folder tree of groups per teacher and the questions in it. A
 * question's `version` goes up with every edit; homework and activities keep a snapshot of the version they
 * released, so released work never changes under the students. Deleting a question only marks it.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('question_groups'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    /** The parent group (same owner), null at the top level. */
    .addColumn('parent_id', 'bigint')
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    /** Place among its siblings, from 0. */
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  // Serves the tree of one teacher.
  await db.schema
    .createIndex('question_groups_owner')
    .on('question_groups')
    .columns(['owner_id', 'parent_id'])
    .execute();

  await withId(db, db.schema.createTable('questions'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    /** null: in no group (未分组). */
    .addColumn('group_id', 'bigint')
    /** single, multiple, judge, blank, short (contracts `QuestionType`). */
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    /** Sanitized rich text. */
    .addColumn('stem', 'text', (c) => c.notNull())
    /** The stem's text without markup, for the search. */
    .addColumn('stem_text', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON: [{key, html}] for choice questions, [] otherwise. */
    .addColumn('options_json', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON: the correct answer, its shape by type (contracts `QuestionAnswer`). */
    .addColumn('answer_json', 'text', (c) => c.notNull())
    .addColumn('analysis', 'text', (c) => c.notNull().defaultTo(''))
    /** 1 (easy) to 5 (hard). */
    .addColumn('difficulty', 'integer', (c) => c.notNull().defaultTo(3))
    /** JSON array of strings. */
    .addColumn('tags_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('book_id', 'bigint', (c) => c.references('books.id').onDelete('set null'))
    .addColumn('section_id', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  // Serves the list of a teacher's bank by group and the random draw by group and type.
  await db.schema
    .createIndex('questions_owner_group')
    .on('questions')
    .columns(['owner_id', 'deleted', 'group_id', 'type'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('questions').execute();
  await db.schema.dropTable('question_groups').execute();
}
