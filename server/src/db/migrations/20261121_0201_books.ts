import { type AnyDb, isPostgres, ms, sql, withId } from './helpers.js';

/** Books imported from EPUB, their chapters, table of contents and files; subjects; book lists; import jobs. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('dict_data'))
    /** 'book_subject' (hierarchical, search key 1) or 'book_collection' (search key 4). */
    .addColumn('dict_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    .addColumn('value', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Serves the hierarchical dictionary of one type (subject tree, collections).
  await db.schema.createIndex('dict_data_type').on('dict_data').columns(['dict_type', 'parent_id', 'sort']).execute();

  await withId(db, db.schema.createTable('books'))
    /** The package's unique identifier: a new edition with the same identifier keeps the book id. */
    .addColumn('identifier', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('title_pinyin', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('title_initials', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    /** Storage name of the cover image ('' for none). */
    .addColumn('cover', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('authors', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('publisher', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('isbn', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(35)', (c) => c.notNull().defaultTo(''))
    .addColumn('subject_id', 'bigint', (c) => c.references('dict_data.id').onDelete('set null'))
    .addColumn('collection_id', 'bigint', (c) => c.references('dict_data.id').onDelete('set null'))
    /** In fen (1/100 yuan). */
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('editor_book_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recommended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pub_year', 'integer')
    /** Page progression: ltr, rtl or default. */
    .addColumn('direction', 'varchar(10)', (c) => c.notNull().defaultTo('default'))
    /** Where the table of contents came from: nav, ncx, headings or spine. */
    .addColumn('toc_source', 'varchar(10)', (c) => c.notNull().defaultTo('nav'))
    /** JSON object of further fields (GET /api/book/extra/{id}). */
    .addColumn('extras', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('edition', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  // Serves the public lists: newest published books, recommended books.
  await db.schema.createIndex('books_published').on('books').columns(['published', 'published_at']).execute();
  // Serves the textbook list filtered by subject (and its subtree).
  await db.schema.createIndex('books_subject').on('books').column('subject_id').execute();
  // Serves the textbook list filtered by collection.
  await db.schema.createIndex('books_collection').on('books').column('collection_id').execute();

  await withId(db, db.schema.createTable('book_chapters'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** JSON array of stylesheet URLs (stored assets). */
    .addColumn('styles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('css', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('linear', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Serves the chapters of a book in spine order (reader, in-book search, free-chapter flags).
  await db.schema.createIndex('book_chapters_book').on('book_chapters').columns(['book_id', 'seq']).execute();

  await withId(db, db.schema.createTable('book_sections'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('chapter_id', 'bigint', (c) => c.references('book_chapters.id').onDelete('cascade'))
    .addColumn('anchor', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  // Serves GET /api/book/sectionTree (all sections of a book, in order).
  await db.schema.createIndex('book_sections_book').on('book_sections').columns(['book_id', 'seq']).execute();

  await withId(db, db.schema.createTable('book_assets'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    /** Generated storage name; the asset route serves by it. */
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('media_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .execute();
  // Serves "the files of a book" (removal of an old edition's files).
  await db.schema.createIndex('book_assets_book').on('book_assets').column('book_id').execute();

  await withId(db, db.schema.createTable('book_lists'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('book_list_items'))
    .addColumn('list_id', 'bigint', (c) => c.notNull().references('book_lists.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('book_list_items_list_book', ['list_id', 'book_id'])
    .execute();
  // The unique constraint serves "books of a list"; this one serves "lists holding a book".
  await db.schema.createIndex('book_list_items_book').on('book_list_items').column('book_id').execute();

  await withId(db, db.schema.createTable('import_jobs'))
    .addColumn('staff_id', 'bigint', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    /** pending, running, done, failed. */
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('book_id', 'bigint', (c) => c.references('books.id').onDelete('set null'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  // Serves the uploader's recent jobs.
  await db.schema.createIndex('import_jobs_staff').on('import_jobs').columns(['staff_id', 'created_at']).execute();

  // Full-text search over segmented words (jieba, search mode) and title pinyin.
  if (isPostgres(db)) {
    await sql`alter table books add column search_vector tsvector not null default ''::tsvector`.execute(db);
    // Serves the ranked book search (GET /api/book/search).
    await sql`create index books_search on books using gin (search_vector)`.execute(db);
  } else {
    // rowid is the book id; columns hold space-separated words. Serves the ranked book search.
    await sql`create virtual table book_fts using fts5(title, authors, body, py, tokenize = 'unicode61')`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) await sql`drop table book_fts`.execute(db);
  for (const table of [
    'import_jobs',
    'book_list_items',
    'book_lists',
    'book_assets',
    'book_sections',
    'book_chapters',
    'books',
    'dict_data',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
