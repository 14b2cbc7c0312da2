import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { TeachActivitiesTable } from '../../db/tables/activities.js';

/** SQL of teaching activities: only this module's tables (names and classes come through other modules). */

export type ActivityRecord = NonNullable<Awaited<ReturnType<typeof findActivity>>>;

export function findActivity(db: Db, id: number) {
  return db.selectFrom('teach_activities').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A class's activities (optionally of one section), oldest first, each with how many took part. */
export function listActivities(db: Db, classId: number, opts: { sectionId?: number; published?: boolean } = {}) {
  let q = db
    .selectFrom('teach_activities as a')
    .selectAll('a')
    .select((eb) => [
      eb
        .selectFrom('teach_activity_checkins as c')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('c.activity_id', '=', 'a.id')
        .as('checkins'),
      eb
        .selectFrom('teach_activity_replies as r')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('r.activity_id', '=', 'a.id')
        .as('replies'),
      eb
        .selectFrom('teach_activity_submissions as s')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('s.activity_id', '=', 'a.id')
        .as('submissions'),
    ])
    .where('a.class_id', '=', classId);
  if (opts.sectionId !== undefined) q = q.where('a.section_id', '=', opts.sectionId);
  if (opts.published) q = q.where('a.state', '!=', 'draft');
  return q.orderBy('a.created_at', 'asc').orderBy('a.id', 'asc').execute();
}

export function insertActivity(db: Db, row: Insertable<TeachActivitiesTable>) {
  return db.insertInto('teach_activities').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Changes an activity only while it is in the state given (a guarded update): answers the rows changed. */
export async function updateInState(db: Db, id: number, state: string, set: Updateable<TeachActivitiesTable>) {
  const result = await db
    .updateTable('teach_activities')
    .set(set)
    .where('id', '=', id)
    .where('state', '=', state)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function deleteActivity(db: Db, id: number) {
  return db.deleteFrom('teach_activities').where('id', '=', id).execute();
}

// ---- check-ins

/** One check-in per student and activity: a second (or concurrent) insert does nothing and answers undefined. */
export function insertCheckinOnce(db: Db, row: { activityId: number; memberId: number; status: string; now: number }) {
  return db
    .insertInto('teach_activity_checkins')
    .values({ activity_id: row.activityId, member_id: row.memberId, status: row.status, created_at: row.now })
    .onConflict((oc) => oc.columns(['activity_id', 'member_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function checkinsOf(db: Db, activityId: number) {
  return db
    .selectFrom('teach_activity_checkins')
    .select(['member_id as memberId', 'status', 'created_at as at'])
    .where('activity_id', '=', activityId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The member's check-ins and submissions among the activities given. */
export async function mineAmong(db: Db, memberId: number, activityIds: number[]) {
  if (activityIds.length === 0) return { checkins: [], submissions: [] };
  const [checkins, submissions] = await Promise.all([
    db
      .selectFrom('teach_activity_checkins')
      .select(['activity_id as activityId', 'status'])
      .where('member_id', '=', memberId)
      .where('activity_id', 'in', activityIds)
      .execute(),
    db
      .selectFrom('teach_activity_submissions')
      .select(['activity_id as activityId', 'score'])
      .where('member_id', '=', memberId)
      .where('activity_id', 'in', activityIds)
      .execute(),
  ]);
  return { checkins, submissions };
}

// ---- replies

export function insertReply(db: Db, row: { activityId: number; memberId: number; content: string; now: number }) {
  return db
    .insertInto('teach_activity_replies')
    .values({ activity_id: row.activityId, member_id: row.memberId, content: row.content, created_at: row.now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function repliesOf(db: Db, activityId: number) {
  return db
    .selectFrom('teach_activity_replies')
    .select(['id', 'member_id as memberId', 'content', 'created_at as at'])
    .where('activity_id', '=', activityId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findReply(db: Db, id: number) {
  return db
    .selectFrom('teach_activity_replies')
    .select(['id', 'activity_id as activityId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function deleteReply(db: Db, id: number) {
  return db.deleteFrom('teach_activity_replies').where('id', '=', id).execute();
}

// ---- quiz submissions

/** One submission per student and quiz: a second (or concurrent) one does nothing and answers undefined. */
export function insertSubmissionOnce(
  db: Db,
  row: { activityId: number; memberId: number; answers: string; grading: string; score: number; now: number },
) {
  return db
    .insertInto('teach_activity_submissions')
    .values({
      activity_id: row.activityId,
      member_id: row.memberId,
      answers: row.answers,
      grading: row.grading,
      score: row.score,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(['activity_id', 'member_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function submissionsOf(db: Db, activityId: number) {
  return db
    .selectFrom('teach_activity_submissions')
    .select(['member_id as memberId', 'answers', 'grading', 'score', 'created_at as at'])
    .where('activity_id', '=', activityId)
    .execute();
}

export function submissionOf(db: Db, activityId: number, memberId: number) {
  return db
    .selectFrom('teach_activity_submissions')
    .select(['answers', 'grading', 'score', 'created_at as at'])
    .where('activity_id', '=', activityId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}
