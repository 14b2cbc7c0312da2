import { type AnyDb, withId } from './helpers.js';

/**
 * Page-faithful books (issue 32): PDF and fixed-layout EPUB beside reflowable EPUB, and print page numbers.
 * - books.format: 'epub' or 'pdf'; books.layout: the package's rendition:layout ('reflowable' or 'pre-paginated');
 *   books.spread / books.orientation: rendition:spread and rendition:orientation ('' unsaid).
 * - book_chapters.layout: JSON `ChapterLayout` (contracts): how this spine item (or PDF section) is shown.
 * - book_pages: the book's print pages in reading order, each named by its label and placed in a chapter (a
 *   page-break element's id in reflowable text, the page itself in fixed layout, the page's index in a PDF section).
 * - reader_notes.page_label / reader_bookmarks.page_label: the print page a note or bookmark was made on.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('format', 'varchar(8)', (c) => c.notNull().defaultTo('epub'))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('layout', 'varchar(16)', (c) => c.notNull().defaultTo('reflowable'))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('spread', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('orientation', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('book_chapters')
    .addColumn('layout', 'text', (c) => c.notNull().defaultTo('{"kind":"reflow"}'))
    .execute();
  await withId(db, db.schema.createTable('book_pages'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('label', 'varchar(40)', (c) => c.notNull())
    .addColumn('chapter_id', 'bigint', (c) => c.notNull().references('book_chapters.id').onDelete('cascade'))
    /** Reflowable: the id of the page-break element in the chapter's html ('' for the chapter's start). */
    .addColumn('anchor', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    /** PDF: the page's index (from 0) in its section's document; 0 otherwise. */
    .addColumn('page_index', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Serves a book's page list in order (the reader's page labels, 跳转到页).
  await db.schema.createIndex('book_pages_book').on('book_pages').columns(['book_id', 'seq']).execute();
  // Serves "which page holds this place" for a chapter (notes, citations).
  await db.schema.createIndex('book_pages_chapter').on('book_pages').column('chapter_id').execute();
  for (const table of ['reader_notes', 'reader_bookmarks']) {
    await db.schema
      .alterTable(table)
      .addColumn('page_label', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['reader_bookmarks', 'reader_notes']) {
    await db.schema.alterTable(table).dropColumn('page_label').execute();
  }
  await db.schema.dropTable('book_pages').execute();
  await db.schema.alterTable('book_chapters').dropColumn('layout').execute();
  for (const column of ['orientation', 'spread', 'layout', 'format']) {
    await db.schema.alterTable('books').dropColumn(column).execute();
  }
}
