import { type AnyDb, sql } from './helpers.js';

/**
 * The homework lists count each homework's handed-in work and the work still to review (issue 21). The second
 * count read every submission's results JSON and matched it with LIKE; a flag says it now (`needs_review`: handed
 * in, and a question waits for the teacher's score), kept by the submit and the review, and one index covers both
 * counts, so they are read from the index alone.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('homework_submissions')
    .addColumn('needs_review', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update homework_submissions set needs_review = 1
    where status = 1 and results like ${'%"needsReview":true%'}`.execute(db);
  await db.schema
    .createIndex('homework_submissions_counts')
    .on('homework_submissions')
    .columns(['homework_id', 'status', 'needs_review'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('homework_submissions_counts').execute();
  await db.schema.alterTable('homework_submissions').dropColumn('needs_review').execute();
}
