import { type AnyDb, ms, withId } from './helpers.js';

/**
 * Shelf entries: why a member may read a book (DESIGN.md §6). One row per grant; a book is on the shelf while
 * any unexpired entry exists. Classes, samples, college authorizations, orders and free books all add rows
 * through modules/shelf/service.ts.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('shelf_entries'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('book_id', 'bigint', (c) => c.notNull().references('books.id').onDelete('cascade'))
    /** purchase | sample | authorization | class | free */
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    /** The order, sample application, authorization or class that granted it (0 for a free book). */
    .addColumn('source_ref', 'bigint', (c) => c.notNull().defaultTo(0))
    /** The college the grant belongs to (another college's grant asks to switch college). */
    .addColumn('college_id', 'bigint', (c) => c.references('colleges.id').onDelete('set null'))
    .addColumn('expires_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addUniqueConstraint('shelf_entries_grant', ['member_id', 'book_id', 'source', 'source_ref'])
    .execute();
  // Serves "the member's shelf" and "may this member read this book".
  await db.schema
    .createIndex('shelf_entries_member_book')
    .on('shelf_entries')
    .columns(['member_id', 'book_id'])
    .execute();
  // Serves "revoke everything a class (or sample, order) granted".
  await db.schema.createIndex('shelf_entries_source').on('shelf_entries').columns(['source', 'source_ref']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('shelf_entries').execute();
}
