import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';
import type { FeedbacksTable, HelpContentsTable } from '../../db/tables/site.js';

// ---- help

export function pageTopics(db: Db, offset: number, limit: number) {
  return paged(db.selectFrom('help_topics'), { offset, limit }, (q) =>
    q.select(['id', 'name', 'sort']).orderBy('sort').orderBy('id'),
  );
}

export interface ContentFilter {
  topicId?: number;
  id?: number;
  keyword?: string;
  offset: number;
  limit: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function pageContents(db: Db, f: ContentFilter) {
  let base = db.selectFrom('help_contents').innerJoin('help_topics', 'help_topics.id', 'help_contents.topic_id');
  if (f.topicId) base = base.where('help_contents.topic_id', '=', f.topicId);
  if (f.id) base = base.where('help_contents.id', '=', f.id);
  if (f.keyword) {
    const pattern = `%${escapeLike(f.keyword.toLowerCase())}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(help_contents.title)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(help_contents.body)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return paged(base, f, (q) =>
    q
      .select([
        'help_contents.id',
        'help_contents.topic_id as topicId',
        'help_topics.name as topicName',
        'help_contents.title',
        'help_contents.body',
        'help_contents.read_count as readCount',
        'help_contents.updated_at as updateTime',
      ])
      .orderBy('help_topics.sort')
      .orderBy('help_contents.sort')
      .orderBy('help_contents.id'),
  );
}

export function findContent(db: Db, id: number) {
  return db.selectFrom('help_contents').select(['id']).where('id', '=', id).executeTakeFirst();
}

export async function recordAccess(db: Db, contentId: number, memberId: number | null, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('help_access')
      .values({ content_id: contentId, member_id: memberId, created_at: now })
      .execute();
    await trx
      .updateTable('help_contents')
      .set((eb) => ({ read_count: eb('read_count', '+', 1) }))
      .where('id', '=', contentId)
      .execute();
  });
}

/** Which help is read: visits per content since a time, most read first. */
export function accessStats(db: Db, since: number) {
  return db
    .selectFrom('help_access')
    .innerJoin('help_contents', 'help_contents.id', 'help_access.content_id')
    .select((eb) => [
      'help_contents.id',
      'help_contents.title',
      eb.fn.countAll<number>().as('visits'),
      eb.fn.count<number>('help_access.member_id').distinct().as('members'),
    ])
    .where('help_access.created_at', '>=', since)
    .groupBy(['help_contents.id', 'help_contents.title'])
    .orderBy('visits', 'desc')
    .execute();
}

export function topicExists(db: Db, id: number) {
  return db.selectFrom('help_topics').select('id').where('id', '=', id).executeTakeFirst();
}
export function insertTopic(db: Db, name: string, sort: number, now: number) {
  return db.insertInto('help_topics').values({ name, sort, created_at: now }).returning('id').executeTakeFirstOrThrow();
}
export function updateTopic(db: Db, id: number, name: string, sort: number | undefined) {
  return db
    .updateTable('help_topics')
    .set({ name, ...(sort !== undefined ? { sort } : {}) })
    .where('id', '=', id)
    .executeTakeFirst();
}
export function sortTopics(db: Db, ids: number[]) {
  return db.transaction().execute(async (trx) => {
    for (const [sort, id] of ids.entries())
      await trx.updateTable('help_topics').set({ sort }).where('id', '=', id).execute();
  });
}
export function deleteTopic(db: Db, id: number) {
  return db.deleteFrom('help_topics').where('id', '=', id).executeTakeFirst();
}
export function insertContent(db: Db, row: Insertable<HelpContentsTable>) {
  return db.insertInto('help_contents').values(row).returning('id').executeTakeFirstOrThrow();
}
export function updateContent(db: Db, id: number, patch: Updateable<HelpContentsTable>) {
  return db.updateTable('help_contents').set(patch).where('id', '=', id).executeTakeFirst();
}
export function deleteContent(db: Db, id: number) {
  return db.deleteFrom('help_contents').where('id', '=', id).executeTakeFirst();
}

// ---- feedback

export function insertFeedback(db: Db, row: Insertable<FeedbacksTable>) {
  return db.insertInto('feedbacks').values(row).returning('id').executeTakeFirstOrThrow();
}

export interface FeedbackFilter {
  memberId?: number;
  kind?: string;
  replied?: boolean;
  closed?: boolean;
  offset: number;
  limit: number;
}

export function pageFeedback(db: Db, f: FeedbackFilter) {
  let base = db.selectFrom('feedbacks');
  if (f.memberId !== undefined) base = base.where('feedbacks.member_id', '=', f.memberId);
  if (f.kind) base = base.where('feedbacks.kind', '=', f.kind);
  if (f.replied === true) base = base.where('feedbacks.replied_at', 'is not', null);
  if (f.replied === false) base = base.where('feedbacks.replied_at', 'is', null);
  if (f.closed === true) base = base.where('feedbacks.closed_at', 'is not', null);
  if (f.closed === false) base = base.where('feedbacks.closed_at', 'is', null);
  return paged(base, f, (q) =>
    q
      .leftJoin('books', 'books.id', 'feedbacks.book_id')
      .leftJoin('book_chapters', 'book_chapters.id', 'feedbacks.chapter_id')
      .select([
        'feedbacks.id',
        'feedbacks.kind',
        'feedbacks.content',
        'feedbacks.contact',
        'feedbacks.images',
        'feedbacks.book_id as bookId',
        'books.title as bookName',
        'feedbacks.chapter_id as chapterId',
        'book_chapters.title as chapterName',
        'feedbacks.quote',
        'feedbacks.reply',
        'feedbacks.replied_at as replyTime',
        'feedbacks.closed_at as closeTime',
        'feedbacks.created_at as createTime',
        'feedbacks.member_id as memberId',
      ])
      .orderBy('feedbacks.created_at', 'desc')
      .orderBy('feedbacks.id', 'desc'),
  );
}

export function findFeedback(db: Db, id: number) {
  return db
    .selectFrom('feedbacks')
    .select(['id', 'member_id as memberId', 'kind', 'closed_at as closeTime'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function setClosed(db: Db, id: number, staffId: number, now: number) {
  return db
    .updateTable('feedbacks')
    .set({ closed_at: now, closed_by: staffId })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
}

export function setReply(db: Db, id: number, reply: string, staffId: number, now: number) {
  return db
    .updateTable('feedbacks')
    .set({ reply, replied_at: now, replied_by: staffId })
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findBook(db: Db, id: number) {
  return db.selectFrom('books').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
}

export function findChapter(db: Db, id: number) {
  return db.selectFrom('book_chapters').select(['id', 'book_id as bookId']).where('id', '=', id).executeTakeFirst();
}
