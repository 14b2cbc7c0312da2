import { type AnyDb, ms } from './helpers.js';

/**
 * The admin console's site and feedback areas (issue 19): staff close a member's feedback (after a reply, or as
 * nothing to do), and content written by staff remembers its author, who sees a rejected audit's reason.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('feedbacks').addColumn('closed_at', ms).execute();
  await db.schema.alterTable('feedbacks').addColumn('closed_by', 'bigint').execute();
  await db.schema.alterTable('site_contents').addColumn('author_staff_id', 'bigint').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('site_contents').dropColumn('author_staff_id').execute();
  await db.schema.alterTable('feedbacks').dropColumn('closed_by').execute();
  await db.schema.alterTable('feedbacks').dropColumn('closed_at').execute();
}
