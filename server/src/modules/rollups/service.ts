import type { Db } from '../../db/connection.js';
import * as q from './queries.js';

export type { Scope } from './queries.js';

/** Reading days are counted in China Standard Time (the platform's colleges), whatever the server's zone. */
const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const chinaDayOf = (ms: number): string => DAY.format(new Date(ms));

/**
 * The reader saved a position: the book's progress and per-chapter reads as they now stand, and the active
 * seconds since the last save, counted on the day and chapter they were spent in. Called in the same
 * database handle as the reader's own write (one transaction when the caller has one).
 */
export async function recordReading(
  db: Db,
  e: { memberId: number; bookId: number; path: string; progress: number; reads: string; seconds: number; at: number },
): Promise<void> {
  await q.upsertBook(db, { memberId: e.memberId, bookId: e.bookId, progress: e.progress, reads: e.reads, at: e.at });
  if (e.seconds > 0) {
    await q.addSeconds(db, {
      memberId: e.memberId,
      bookId: e.bookId,
      path: e.path,
      day: chinaDayOf(e.at),
      seconds: e.seconds,
    });
  }
}

/** A note with text counts as a note; one without (a coloured passage) as a highlight. */
export interface NoteFacts {
  memberId: number;
  bookId: number;
  path: string;
  createdAt: number;
  content: string;
}

const kind = (n: NoteFacts) => (n.content.trim() ? { notes: 1, highlights: 0 } : { notes: 0, highlights: 1 });

async function count(db: Db, n: NoteFacts, sign: 1 | -1) {
  const k = kind(n);
  await q.addNotes(db, {
    memberId: n.memberId,
    bookId: n.bookId,
    path: n.path,
    day: chinaDayOf(n.createdAt),
    notes: sign * k.notes,
    highlights: sign * k.highlights,
  });
}

/**
 * A note was added (before null), changed (text or chapter: before and after) or deleted (after null): it is
 * counted on the day it was made, in its chapter, as a note or a highlight as it now is.
 */
export async function recordNote(db: Db, before: NoteFacts | null, after: NoteFacts | null): Promise<void> {
  if (before && after && before.path === after.path && kind(before).notes === kind(after).notes) return;
  if (before) await count(db, before, -1);
  if (after) await count(db, after, 1);
}

export const rollups = {
  rows: (db: Db, s: q.Scope) => q.rows(db, s),
  byDay: (db: Db, s: q.Scope) => q.byDay(db, s),
  byMember: (db: Db, s: q.Scope) => q.byMember(db, s),
  byMemberBook: (db: Db, s: q.Scope) => q.byMemberBook(db, s),
  byChapter: (db: Db, s: q.Scope) => q.byChapter(db, s),
  byMonth: (db: Db, s: q.Scope) => q.byMonth(db, s),
  readingDays: (db: Db, s: q.Scope) => q.readingDays(db, s),
  bookStates: (db: Db, s: { memberIds?: number[]; bookId?: number }) => q.bookStates(db, s),
  booksRead: (db: Db) => q.booksRead(db),
};
