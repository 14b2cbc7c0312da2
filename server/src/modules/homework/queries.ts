import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';
import type { HomeworkItemsTable, HomeworkTable } from '../../db/tables/homework.js';

export type HomeworkRecord = NonNullable<Awaited<ReturnType<typeof findHomework>>>;
export type ItemRecord = Awaited<ReturnType<typeof itemsOf>>[number];
export type SubmissionRecord = NonNullable<Awaited<ReturnType<typeof findSubmission>>>;

const homeworkColumns = [
  'h.id',
  'h.class_id as classId',
  'h.teacher_id as teacherId',
  'h.college_id as collegeId',
  'h.book_id as bookId',
  'h.section_id as sectionId',
  'h.section_title as sectionTitle',
  'h.title',
  'h.description',
  'h.open_at as openAt',
  'h.due_at as dueAt',
  'h.late_rule as lateRule',
  'h.late_deduct as lateDeduct',
  'h.status',
  'h.total_score as totalScore',
  'h.released_at as releasedAt',
  'h.reminded_at as remindedAt',
  'h.created_at as createdAt',
] as const;

function homeworkFrom(db: Db) {
  return db.selectFrom('homework as h');
}

/** Homework with its question count: what a student's lists show. */
function releasedColumns(query: ReturnType<typeof homeworkFrom>) {
  return query
    .select(homeworkColumns)
    .select((eb) =>
      eb
        .selectFrom('homework_items as i')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('i.homework_id', '=', 'h.id')
        .as('questionCount'),
    );
}

/** Homework as its teacher sees it: with the work handed in and the work still to review (counted from one index). */
function teacherColumns(query: ReturnType<typeof homeworkFrom>) {
  return releasedColumns(query).select((eb) => [
    eb
      .selectFrom('homework_submissions as s')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('s.homework_id', '=', 'h.id')
      .where('s.status', '>=', 1)
      .as('submittedCount'),
    eb
      .selectFrom('homework_submissions as s')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('s.homework_id', '=', 'h.id')
      .where('s.status', '=', 1)
      .where('s.needs_review', '=', 1)
      .as('toReviewCount'),
  ]);
}

/** Released homework as a student's lists and the reports show it (no counts of the class's work). */
export type ReleasedHomeworkRecord = Awaited<ReturnType<typeof releasedHomeworkOf>>[number];

export function findHomework(db: Db, id: number) {
  return teacherColumns(homeworkFrom(db)).where('h.id', '=', id).executeTakeFirst();
}

export function insertHomework(db: Db, row: Insertable<HomeworkTable>) {
  return db.insertInto('homework').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateHomework(db: Db, id: number, set: Updateable<HomeworkTable>) {
  return db.updateTable('homework').set(set).where('id', '=', id).execute();
}

export function deleteHomework(db: Db, id: number) {
  return db.deleteFrom('homework').where('id', '=', id).execute();
}

/** Releases a draft: only one release wins (a guarded update). */
export async function markReleased(db: Db, id: number, now: number): Promise<boolean> {
  const done = await db
    .updateTable('homework')
    .set({ status: 1, released_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export interface HomeworkFilter {
  classIds: number[];
  sectionId?: number;
  releasedOnly?: boolean;
  dueFrom?: number;
  dueTo?: number;
  bookId?: number;
}

function filtered(db: Db, f: HomeworkFilter) {
  let out = homeworkFrom(db).where('h.class_id', 'in', f.classIds.length ? f.classIds : [0]);
  if (f.sectionId) out = out.where('h.section_id', '=', f.sectionId);
  if (f.bookId) out = out.where('h.book_id', '=', f.bookId);
  if (f.releasedOnly) out = out.where('h.status', '=', 1);
  if (f.dueFrom !== undefined) out = out.where('h.due_at', '>=', f.dueFrom);
  if (f.dueTo !== undefined) out = out.where('h.due_at', '<=', f.dueTo);
  return out;
}

/** Homework as its teacher sees it, the latest deadline first. */
export function homeworkOf(db: Db, f: HomeworkFilter) {
  return teacherColumns(filtered(db, f)).orderBy('h.due_at', 'desc').orderBy('h.id', 'desc').execute();
}

/** One page of {@link homeworkOf} and how many there are. */
export function homeworkPage(db: Db, f: HomeworkFilter, window: { offset: number; limit: number }) {
  return paged(filtered(db, f), window, (q) => teacherColumns(q).orderBy('h.due_at', 'desc').orderBy('h.id', 'desc'));
}

/** Released homework of some classes: a student's lists, the reports. */
export function releasedHomeworkOf(db: Db, f: Omit<HomeworkFilter, 'releasedOnly'>) {
  return releasedColumns(filtered(db, { ...f, releasedOnly: true }))
    .orderBy('h.due_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
}

/** Homework counts per class (teacher's class list). */
export function countsByClass(db: Db, classIds: number[]) {
  return db
    .selectFrom('homework')
    .select((eb) => ['class_id as classId', eb.fn.countAll<number>().as('n')])
    .where('class_id', 'in', classIds.length ? classIds : [0])
    .groupBy('class_id')
    .execute();
}

/** Homework counts per section of a book over some classes (released only for students). */
export function countsBySection(db: Db, bookId: number, classIds: number[], releasedOnly: boolean) {
  let q = db
    .selectFrom('homework')
    .select((eb) => ['section_id as sectionId', eb.fn.countAll<number>().as('n')])
    .where('book_id', '=', bookId)
    .where('class_id', 'in', classIds.length ? classIds : [0]);
  if (releasedOnly) q = q.where('status', '=', 1);
  return q.groupBy('section_id').execute();
}

// ---- items ----

export function itemsOf(db: Db, homeworkId: number) {
  return db
    .selectFrom('homework_items')
    .select(['id', 'position', 'question_id as questionId', 'score', 'snapshot'])
    .where('homework_id', '=', homeworkId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function replaceItems(
  db: Db,
  homeworkId: number,
  rows: Omit<Insertable<HomeworkItemsTable>, 'homework_id'>[],
) {
  await db.deleteFrom('homework_items').where('homework_id', '=', homeworkId).execute();
  if (rows.length)
    await db
      .insertInto('homework_items')
      .values(rows.map((r) => ({ ...r, homework_id: homeworkId })))
      .execute();
}

export function setSnapshot(db: Db, itemId: number, snapshot: string) {
  return db.updateTable('homework_items').set({ snapshot }).where('id', '=', itemId).execute();
}

// ---- submissions ----

const submissionColumns = [
  's.id',
  's.homework_id as homeworkId',
  's.member_id as memberId',
  's.status',
  's.answers',
  's.results',
  's.score',
  's.late',
  's.comment',
  's.saved_at as savedAt',
  's.submitted_at as submittedAt',
  's.reviewed_at as reviewedAt',
] as const;

export function findSubmission(db: Db, id: number) {
  return db.selectFrom('homework_submissions as s').select(submissionColumns).where('s.id', '=', id).executeTakeFirst();
}

export function submissionOf(db: Db, homeworkId: number, memberId: number) {
  return db
    .selectFrom('homework_submissions as s')
    .select(submissionColumns)
    .where('s.homework_id', '=', homeworkId)
    .where('s.member_id', '=', memberId)
    .executeTakeFirst();
}

export function submissionsOf(db: Db, homeworkId: number) {
  return db
    .selectFrom('homework_submissions as s')
    .select(submissionColumns)
    .where('s.homework_id', '=', homeworkId)
    .execute();
}

/** A student's work on homework as their lists show it (state, time, score; not the answers). */
export function submissionsOfMember(db: Db, memberId: number) {
  return db
    .selectFrom('homework_submissions as s')
    .select(['s.homework_id as homeworkId', 's.status', 's.score', 's.late', 's.submitted_at as submittedAt'])
    .where('s.member_id', '=', memberId)
    .execute();
}

/** Makes the student's draft row once (concurrent first saves meet on the unique index). */
export function ensureSubmission(db: Db, homeworkId: number, memberId: number, now: number) {
  return db
    .insertInto('homework_submissions')
    .values({ homework_id: homeworkId, member_id: memberId, answers: '{}', saved_at: now })
    .onConflict((oc) => oc.columns(['homework_id', 'member_id']).doNothing())
    .execute();
}

/** Saves draft answers: only while not submitted. */
export async function saveDraft(db: Db, homeworkId: number, memberId: number, answers: string, now: number) {
  const done = await db
    .updateTable('homework_submissions')
    .set({ answers, saved_at: now })
    .where('homework_id', '=', homeworkId)
    .where('member_id', '=', memberId)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Submits: the one guarded update from draft to submitted; a second or concurrent press changes nothing. */
export async function submit(
  db: Db,
  homeworkId: number,
  memberId: number,
  set: { answers: string; results: string; needsReview: boolean; score: number; late: number; now: number },
) {
  const done = await db
    .updateTable('homework_submissions')
    .set({
      status: 1,
      answers: set.answers,
      results: set.results,
      needs_review: set.needsReview ? 1 : 0,
      score: set.score,
      late: set.late,
      saved_at: set.now,
      submitted_at: set.now,
    })
    .where('homework_id', '=', homeworkId)
    .where('member_id', '=', memberId)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export function saveReview(
  db: Db,
  id: number,
  set: { results: string; needsReview: boolean; score: number; status: number; comment: string; now: number },
) {
  return db
    .updateTable('homework_submissions')
    .set({
      results: set.results,
      needs_review: set.needsReview ? 1 : 0,
      score: set.score,
      status: set.status,
      comment: set.comment,
      reviewed_at: set.now,
    })
    .where('id', '=', id)
    .where('status', '>=', 1)
    .execute();
}

// ---- reminders ----

/** Released homework whose deadline is within the window and not yet reminded. */
export function dueForReminder(db: Db, now: number, windowMs: number) {
  return db
    .selectFrom('homework')
    .select(['id', 'class_id as classId', 'title', 'due_at as dueAt', 'book_id as bookId', 'open_at as openAt'])
    .where('status', '=', 1)
    .where('reminded_at', 'is', null)
    .where('due_at', '>', now)
    .where('due_at', '<=', now + windowMs)
    .execute();
}

/** Claims the reminder of one homework: of two instances, exactly one sends it. */
export async function claimReminder(db: Db, id: number, now: number): Promise<boolean> {
  const done = await db
    .updateTable('homework')
    .set({ reminded_at: now })
    .where('id', '=', id)
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export function submittedMembers(db: Db, homeworkId: number) {
  return db
    .selectFrom('homework_submissions')
    .select('member_id as memberId')
    .where('homework_id', '=', homeworkId)
    .where('status', '>=', 1)
    .execute();
}

// ---- scores (reports) ----

export function scoreRows(db: Db, f: { classId?: number; memberId?: number; from?: number; to?: number }) {
  let q = db
    .selectFrom('homework_submissions as s')
    .innerJoin('homework as h', 'h.id', 's.homework_id')
    .select([
      'h.id as homeworkId',
      'h.title',
      'h.class_id as classId',
      'h.section_id as sectionId',
      'h.due_at as dueAt',
      'h.total_score as totalScore',
      's.member_id as memberId',
      's.status',
      's.score',
      's.late',
      's.submitted_at as submittedAt',
    ])
    .where('h.status', '=', 1)
    .where('s.status', '>=', 1);
  if (f.classId) q = q.where('h.class_id', '=', f.classId);
  if (f.memberId) q = q.where('s.member_id', '=', f.memberId);
  if (f.from !== undefined) q = q.where('s.submitted_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('s.submitted_at', '<', f.to);
  return q.orderBy('h.due_at').orderBy('s.member_id').execute();
}
