import type { AnyDb } from './helpers.js';

/**
 * What the package says about showing a book (W3C reading-system tests): the base direction of its title and of
 * its creators (`dir` on dc:title / dc:creator, else on <package>; '' when unsaid) and its rendition:flow.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('title_dir', 'varchar(4)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('authors_dir', 'varchar(4)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('books')
    .addColumn('flow', 'varchar(24)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['flow', 'authors_dir', 'title_dir']) {
    await db.schema.alterTable('books').dropColumn(column).execute();
  }
}
