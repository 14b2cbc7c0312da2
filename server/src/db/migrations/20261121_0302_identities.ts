import { type AnyDb, ms, withId } from './helpers.js';

/** Members' external identities (single sign-on providers), mapped to members by phone (issue #3). */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('member_identities'))
    .addColumn('provider', 'varchar(50)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('created_at', ms, (c) => c.notNull())
    // Serves "the member behind this provider's user" on every external login.
    .addUniqueConstraint('member_identities_provider_subject', ['provider', 'subject'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('member_identities').execute();
}
