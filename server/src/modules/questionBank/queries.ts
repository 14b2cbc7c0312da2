import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';
import type { QuestionsTable } from '../../db/tables/questions.js';

// ---- groups ----

export function groupsOf(db: Db, ownerId: number) {
  return db
    .selectFrom('question_groups')
    .select(['id', 'owner_id as ownerId', 'parent_id as parentId', 'name', 'sort'])
    .where('owner_id', '=', ownerId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export type GroupRecord = NonNullable<Awaited<ReturnType<typeof findGroup>>>;

export function findGroup(db: Db, id: number) {
  return db
    .selectFrom('question_groups')
    .select(['id', 'owner_id as ownerId', 'parent_id as parentId', 'name', 'sort'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countGroups(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('question_groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertGroup(db: Db, ownerId: number, parentId: number | null, name: string, now: number) {
  const siblings = await db
    .selectFrom('question_groups')
    .select((eb) => eb.fn.max<number>('sort').as('top'))
    .where('owner_id', '=', ownerId)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .executeTakeFirst();
  const sort = siblings?.top === null || siblings?.top === undefined ? 0 : Number(siblings.top) + 1;
  const row = await db
    .insertInto('question_groups')
    .values({ owner_id: ownerId, parent_id: parentId, name, sort, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), parentId, name, sort };
}

export function renameGroup(db: Db, id: number, name: string, now: number) {
  return db.updateTable('question_groups').set({ name, updated_at: now }).where('id', '=', id).execute();
}

export function placeGroup(db: Db, id: number, parentId: number | null, sort: number, now: number) {
  return db
    .updateTable('question_groups')
    .set({ parent_id: parentId, sort, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export function deleteGroups(db: Db, ownerId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.deleteFrom('question_groups').where('owner_id', '=', ownerId).where('id', 'in', ids).execute();
}

// ---- questions ----

const questionColumns = [
  'q.id',
  'q.owner_id as ownerId',
  'q.group_id as groupId',
  'q.type',
  'q.stem',
  'q.options_json as optionsJson',
  'q.answer_json as answerJson',
  'q.analysis',
  'q.difficulty',
  'q.tags_json as tagsJson',
  'q.book_id as bookId',
  'q.section_id as sectionId',
  'q.version',
  'q.created_at as createdAt',
  'q.updated_at as updatedAt',
] as const;

export type QuestionRecord = NonNullable<Awaited<ReturnType<typeof findQuestion>>>;

/** A live (not deleted) question by id, whoever owns it (the policy decides). */
export function findQuestion(db: Db, id: number) {
  return db
    .selectFrom('questions as q')
    .select(questionColumns)
    .where('q.id', '=', id)
    .where('q.deleted', '=', 0)
    .executeTakeFirst();
}

/** The owner's live questions among `ids`. */
export function ownQuestions(db: Db, ownerId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('questions as q')
    .select(questionColumns)
    .where('q.owner_id', '=', ownerId)
    .where('q.deleted', '=', 0)
    .where('q.id', 'in', ids)
    .execute();
}

export interface QuestionFilter {
  ownerId: number;
  /** Any of these groups (a group and its subgroups); null: in no group; undefined: any. */
  groupIds?: number[] | null;
  type?: string;
  difficulty?: number;
  bookId?: number | null;
  sectionId?: number | null;
  keyword?: string;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Db, f: QuestionFilter) {
  let query = db.selectFrom('questions as q').where('q.owner_id', '=', f.ownerId).where('q.deleted', '=', 0);
  if (f.groupIds === null) query = query.where('q.group_id', 'is', null);
  else if (f.groupIds) query = query.where('q.group_id', 'in', f.groupIds.length ? f.groupIds : [-1]);
  if (f.type) query = query.where('q.type', '=', f.type);
  if (f.difficulty) query = query.where('q.difficulty', '=', f.difficulty);
  if (f.bookId) query = query.where('q.book_id', '=', f.bookId);
  if (f.sectionId) query = query.where('q.section_id', '=', f.sectionId);
  if (f.keyword) {
    const pattern = likeLiteral(f.keyword.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(q.stem_text)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(q.tags_json)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

export function listQuestions(db: Db, f: QuestionFilter, offset: number, limit: number) {
  return paged(filtered(db, f), { offset, limit }, (q) => q.select(questionColumns).orderBy('q.id', 'desc'));
}

/** Every matching question (export), oldest first. */
export function allQuestions(db: Db, f: QuestionFilter, limit: number) {
  return filtered(db, f).select(questionColumns).orderBy('q.id').limit(limit).execute();
}

/** The ids matching a filter (the random draw picks among them). */
export async function questionIds(db: Db, f: QuestionFilter): Promise<number[]> {
  const rows = await filtered(db, f).select('q.id').execute();
  return rows.map((r) => Number(r.id));
}

/** Questions per group (live ones), for the tree's counts. */
export function countsByGroup(db: Db, ownerId: number) {
  return db
    .selectFrom('questions')
    .select(['group_id as groupId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('owner_id', '=', ownerId)
    .where('deleted', '=', 0)
    .groupBy('group_id')
    .execute();
}

export async function insertQuestion(db: Db, values: Insertable<QuestionsTable>): Promise<number> {
  const row = await db.insertInto('questions').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Rewrites a question and bumps its version (only when it is still the version the editor read, if given). */
export function updateQuestion(db: Db, id: number, values: Updateable<QuestionsTable>) {
  return db
    .updateTable('questions')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
}

export function softDelete(db: Db, id: number, now: number) {
  return db.updateTable('questions').set({ deleted: 1, updated_at: now }).where('id', '=', id).execute();
}

/** Moves every live question of the groups to `target` (null: no group). */
export function moveQuestionsOf(db: Db, ownerId: number, groupIds: number[], target: number | null, now: number) {
  return db
    .updateTable('questions')
    .set({ group_id: target, updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('group_id', 'in', groupIds)
    .execute();
}

/** Marks every question of the groups deleted (and out of them, since the groups go). */
export function deleteQuestionsOf(db: Db, ownerId: number, groupIds: number[], now: number) {
  return db
    .updateTable('questions')
    .set({ deleted: 1, group_id: null, updated_at: now })
    .where('owner_id', '=', ownerId)
    .where('group_id', 'in', groupIds)
    .execute();
}
