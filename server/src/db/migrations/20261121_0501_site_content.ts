import { type AnyDb, ms, withId } from './helpers.js';

/**
 * Site content (issue #5): a link on content items (image-text items point somewhere), client versions for the
 * download page, help topics and contents with their visits, member feedback and error reports on book content.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('site_contents')
    .addColumn('link', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  // Serves the public lists by kind (home news block, image-text list), newest first.
  await db.schema
    .createIndex('site_contents_type')
    .on('site_contents')
    .columns(['content_type', 'created_at'])
    .execute();
  // Serves "my writings and their audit state".
  await db.schema.createIndex('site_contents_author').on('site_contents').column('author_member_id').execute();

  await withId(db, db.schema.createTable('app_versions'))
    /** android | ios | windows | mac */
    .addColumn('platform', 'varchar(20)', (c) => c.notNull())
    .addColumn('version', 'varchar(30)', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('store_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('qr_code', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('help_topics'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('help_contents'))
    .addColumn('topic_id', 'bigint', (c) => c.notNull().references('help_topics.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  // Serves the contents of a topic in order.
  await db.schema.createIndex('help_contents_topic').on('help_contents').columns(['topic_id', 'sort']).execute();

  await withId(db, db.schema.createTable('help_access'))
    .addColumn('content_id', 'bigint', (c) => c.notNull().references('help_contents.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  // Serves "which help is read" for staff, by content and time.
  await db.schema.createIndex('help_access_content').on('help_access').columns(['content_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('feedbacks'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    /** general (personal centre) | error (report on book content) */
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('contact', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    /** JSON array of stored screenshot URLs. */
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('book_id', 'bigint', (c) => c.references('books.id').onDelete('set null'))
    .addColumn('chapter_id', 'bigint')
    .addColumn('quote', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('reply', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('replied_at', ms)
    .addColumn('replied_by', 'bigint', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  // Serves "my feedback" (newest first) and the staff queue by kind.
  await db.schema.createIndex('feedbacks_member').on('feedbacks').columns(['member_id', 'created_at']).execute();
  await db.schema.createIndex('feedbacks_kind').on('feedbacks').columns(['kind', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['feedbacks', 'help_access', 'help_contents', 'help_topics', 'app_versions']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('site_contents_author').execute();
  await db.schema.dropIndex('site_contents_type').execute();
  await db.schema.alterTable('site_contents').dropColumn('link').execute();
}
