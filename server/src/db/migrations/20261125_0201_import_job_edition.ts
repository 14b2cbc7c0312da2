import type { AnyDb } from './helpers.js';

/**
 * A book's editions in the console: each import job that made or updated a book keeps the edition it made, and
 * the jobs of one book are found by its id (the console's editions list).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('import_jobs').addColumn('edition', 'integer').execute();
  await db.schema.createIndex('import_jobs_book').on('import_jobs').columns(['book_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('import_jobs_book').execute();
  await db.schema.alterTable('import_jobs').dropColumn('edition').execute();
}
