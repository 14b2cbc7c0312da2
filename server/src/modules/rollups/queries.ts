import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

export interface Scope {
  /** Only these members (a class's roster); all members when absent. */
  memberIds?: number[];
  bookId?: number;
  /** yyyy-MM-dd, both ends included. */
  start?: string;
  end?: string;
}

function daily(db: Db, s: Scope) {
  return db
    .selectFrom('report_daily as d')
    .$if(s.memberIds !== undefined, (q) => q.where('d.member_id', 'in', s.memberIds!.length ? s.memberIds! : [-1]))
    .$if(s.bookId !== undefined, (q) => q.where('d.book_id', '=', s.bookId!))
    .$if(s.start !== undefined, (q) => q.where('d.day', '>=', s.start!))
    .$if(s.end !== undefined, (q) => q.where('d.day', '<=', s.end!));
}

export function addSeconds(
  db: Db,
  row: { memberId: number; bookId: number; path: string; day: string; seconds: number },
) {
  return db
    .insertInto('report_daily')
    .values({
      member_id: row.memberId,
      book_id: row.bookId,
      chapter_path: row.path,
      day: row.day,
      seconds: row.seconds,
    })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'book_id', 'day', 'chapter_path'])
        .doUpdateSet((eb) => ({ seconds: eb('report_daily.seconds', '+', row.seconds) })),
    )
    .execute();
}

export function addNotes(
  db: Db,
  row: { memberId: number; bookId: number; path: string; day: string; notes: number; highlights: number },
) {
  return db
    .insertInto('report_daily')
    .values({
      member_id: row.memberId,
      book_id: row.bookId,
      chapter_path: row.path,
      day: row.day,
      notes: Math.max(0, row.notes),
      highlights: Math.max(0, row.highlights),
    })
    .onConflict((oc) =>
      oc.columns(['member_id', 'book_id', 'day', 'chapter_path']).doUpdateSet((eb) => ({
        notes: eb('report_daily.notes', '+', row.notes),
        highlights: eb('report_daily.highlights', '+', row.highlights),
      })),
    )
    .execute();
}

export function upsertBook(
  db: Db,
  row: { memberId: number; bookId: number; progress: number; reads: string; at: number },
) {
  return db
    .insertInto('report_books')
    .values({
      member_id: row.memberId,
      book_id: row.bookId,
      progress: row.progress,
      reads: row.reads,
      first_at: row.at,
      last_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['member_id', 'book_id']).doUpdateSet({ progress: row.progress, reads: row.reads, last_at: row.at }),
    )
    .execute();
}

/** The rollup rows themselves (a class's few thousand), for reports that sum them several ways in one pass. */
export function rows(db: Db, s: Scope) {
  return daily(db, s)
    .select(['d.member_id as memberId', 'd.chapter_path as path', 'd.day', 'd.seconds', 'd.notes', 'd.highlights'])
    .execute();
}

/** Per day: seconds and how many members read. */
export function byDay(db: Db, s: Scope) {
  return daily(db, s)
    .select((eb) => [
      'd.day',
      eb.fn.sum<number>('d.seconds').as('seconds'),
      sql<number>`count(distinct case when ${sql.ref('d.seconds')} > 0 then ${sql.ref('d.member_id')} end)`.as(
        'readers',
      ),
    ])
    .groupBy('d.day')
    .orderBy('d.day')
    .execute();
}

/** Per member and day with reading, each member's seconds per day (the teaching report's lines). */
export function byMember(db: Db, s: Scope) {
  return daily(db, s)
    .select((eb) => [
      'd.member_id as memberId',
      eb.fn.sum<number>('d.seconds').as('seconds'),
      sql<number>`count(distinct case when ${sql.ref('d.seconds')} > 0 then ${sql.ref('d.day')} end)`.as('days'),
      eb.fn.sum<number>('d.notes').as('notes'),
      eb.fn.sum<number>('d.highlights').as('highlights'),
      sql<string | null>`max(case when ${sql.ref('d.seconds')} > 0 then ${sql.ref('d.day')} end)`.as('lastDay'),
    ])
    .groupBy('d.member_id')
    .execute();
}

/** Per member and book (the study report's books). */
export function byMemberBook(db: Db, s: Scope) {
  return daily(db, s)
    .select((eb) => [
      'd.book_id as bookId',
      eb.fn.sum<number>('d.seconds').as('seconds'),
      sql<number>`count(distinct case when ${sql.ref('d.seconds')} > 0 then ${sql.ref('d.day')} end)`.as('days'),
      eb.fn.sum<number>('d.notes').as('notes'),
      eb.fn.sum<number>('d.highlights').as('highlights'),
      sql<string | null>`max(case when ${sql.ref('d.seconds')} > 0 then ${sql.ref('d.day')} end)`.as('lastDay'),
    ])
    .groupBy('d.book_id')
    .execute();
}

/** Per book and chapter: seconds, notes, highlights, members who spent time there. */
export function byChapter(db: Db, s: Scope) {
  return daily(db, s)
    .select((eb) => [
      'd.book_id as bookId',
      'd.chapter_path as path',
      eb.fn.sum<number>('d.seconds').as('seconds'),
      eb.fn.sum<number>('d.notes').as('notes'),
      eb.fn.sum<number>('d.highlights').as('highlights'),
      sql<number>`count(distinct case when ${sql.ref('d.seconds')} > 0 then ${sql.ref('d.member_id')} end)`.as(
        'readers',
      ),
    ])
    .groupBy(['d.book_id', 'd.chapter_path'])
    .execute();
}

/** Distinct days with reading (any book of the scope). */
export async function readingDays(db: Db, s: Scope): Promise<number> {
  const row = await daily(db, s)
    .select(sql<number>`count(distinct ${sql.ref('d.day')})`.as('n'))
    .where('d.seconds', '>', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Per month: reads (member-days with reading) and readers (distinct members). */
export function byMonth(db: Db, s: Scope) {
  const memberDays = daily(db, s)
    .select(['d.member_id as memberId', 'd.day'])
    .where('d.seconds', '>', 0)
    .groupBy(['d.member_id', 'd.day'])
    .as('md');
  return db
    .selectFrom(memberDays)
    .select([
      sql<string>`substr(${sql.ref('md.day')}, 1, 7)`.as('month'),
      sql<number>`count(*)`.as('reads'),
      sql<number>`count(distinct ${sql.ref('md.memberId')})`.as('readers'),
    ])
    .groupBy(sql`substr(${sql.ref('md.day')}, 1, 7)`)
    .execute();
}

/** Progress rows of members in books. */
export function bookStates(db: Db, s: { memberIds?: number[]; bookId?: number }) {
  return db
    .selectFrom('report_books')
    .select([
      'member_id as memberId',
      'book_id as bookId',
      'progress',
      'reads',
      'first_at as firstAt',
      'last_at as lastAt',
    ])
    .$if(s.memberIds !== undefined, (q) => q.where('member_id', 'in', s.memberIds!.length ? s.memberIds! : [-1]))
    .$if(s.bookId !== undefined, (q) => q.where('book_id', '=', s.bookId!))
    .execute();
}

/** Books with any reading (the textbook report's chooser for the staff). */
export function booksRead(db: Db) {
  return db.selectFrom('report_books').select('book_id as bookId').distinct().execute();
}
