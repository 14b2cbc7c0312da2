import { type AnyDb, ms, withId } from './helpers.js';

/**
 * Reader bookmarks (issue 30): a member's marked places in a book, like notes named by the chapter's id and its
 * spine path (a new edition replaces chapter rows) and placed by a text anchor (the first words on screen), with
 * those words as the bookmark's label.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('reader_bookmarks'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('chapter_id', 'bigint', (c) => c.notNull())
    .addColumn('chapter_path', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    /** JSON text anchor: {quote, prefix, offset} of the first visible text. */
    .addColumn('anchor', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('label', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  // Serves one member's bookmarks in one book (the reader's list).
  await db.schema
    .createIndex('reader_bookmarks_member_book')
    .on('reader_bookmarks')
    .columns(['member_id', 'book_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('reader_bookmarks').execute();
}
