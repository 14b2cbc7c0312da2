import { type AnyDb, ms, withId } from './helpers.js';

/**
 * The reader's tables: favourites, reading position (a text anchor, not pixels), reading time per day, and
 * notes/highlights. Positions and notes name the chapter by its spine path as well as its id, because a
 * re-import of a new edition replaces the chapter rows (and their ids) of the same book.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('book_favourites'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addUniqueConstraint('book_favourites_member_book', ['member_id', 'book_id'])
    .execute();
  // The unique constraint serves "is it starred" and the member's favourites page (ordered by id).

  await withId(db, db.schema.createTable('reading_positions'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    /** No foreign key: a re-import replaces chapter rows; chapter_path finds the chapter again. */
    .addColumn('chapter_id', 'bigint', (c) => c.notNull())
    .addColumn('chapter_path', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    /** JSON text anchor: {quote, prefix, offset} of the first visible text. */
    .addColumn('anchor', 'text', (c) => c.notNull().defaultTo('{}'))
    /** Progress through the book, 0 to 1000 (per mille). */
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addUniqueConstraint('reading_positions_member_book', ['member_id', 'book_id'])
    .execute();

  await withId(db, db.schema.createTable('reading_time'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('chapter_id', 'bigint', (c) => c.notNull())
    /** yyyy-MM-dd in the server's time zone. */
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('reading_time_key', ['member_id', 'book_id', 'chapter_id', 'day'])
    .execute();
  // Serves study reports: one member's (or a class's members') time in one book by day.
  await db.schema.createIndex('reading_time_book_day').on('reading_time').columns(['book_id', 'day']).execute();

  await withId(db, db.schema.createTable('reader_notes'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('chapter_id', 'bigint', (c) => c.notNull())
    .addColumn('chapter_path', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('prefix', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('suffix', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    /** Character offsets of the quote in the chapter's text (a hint; the quote decides). */
    .addColumn('start_offset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('end_offset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('color', 'varchar(20)', (c) => c.notNull().defaultTo('yellow'))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    /** The book edition the note was last anchored in; another edition re-anchors it on the next read. */
    .addColumn('edition', 'integer', (c) => c.notNull().defaultTo(1))
    /** 1 when the last re-anchoring could not find the quote (the "unplaced notes" list). */
    .addColumn('orphan', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  // Serves the notes of one member in one book (reader panel, export, re-anchoring).
  await db.schema
    .createIndex('reader_notes_member_book')
    .on('reader_notes')
    .columns(['member_id', 'book_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['reader_notes', 'reading_time', 'reading_positions', 'book_favourites']) {
    await db.schema.dropTable(table).execute();
  }
}
