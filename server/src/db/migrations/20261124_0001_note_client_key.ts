import type { AnyDb } from './helpers.js';

/**
 * A note written offline carries a key the browser made (`clientKey`): sent again after a lost answer, it finds
 * the note it already made instead of adding a second one. Unique per member; null for notes written online
 * before this column (many nulls never collide).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('reader_notes').addColumn('client_key', 'text').execute();
  await db.schema
    .createIndex('reader_notes_client_key')
    .on('reader_notes')
    .columns(['member_id', 'client_key'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('reader_notes_client_key').execute();
  await db.schema.alterTable('reader_notes').dropColumn('client_key').execute();
}
