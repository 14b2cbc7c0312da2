import type { AnyDb } from './helpers.js';

/**
 * How far each chapter of a book was read, per member and book: JSON `{ [chapter path]: per mille }` beside the
 * position. The book's progress is worked out from it (by text length), so it is the same on every device and
 * opening the last chapter no longer counts as having read the book.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('reading_positions')
    .addColumn('reads', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('reading_positions').dropColumn('reads').execute();
}
