import { type AnyDb, ms, withId } from './helpers.js';

/** Supplementary resources (video, audio, documents, links) attached by staff to a book's sections. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('section_resources'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    /** The section's chapter (sections are rebuilt by a re-import; the chapter path finds it again). */
    .addColumn('chapter_path', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('section_title', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    /** video | audio | document | link */
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  // Serves the resources of a book (catalog, categories) and of one chapter (side panel).
  await db.schema
    .createIndex('section_resources_book')
    .on('section_resources')
    .columns(['book_id', 'chapter_path'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('section_resources').execute();
}
