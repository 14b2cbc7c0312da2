import type { Db } from '../../db/connection.js';

/**
 * The writes and reads of the journeys' test-only routes: a fixture reaches into other modules' tables on
 * purpose (a book held without an import, a membership without the college admin tools), so it lives here and
 * never in a production module. Routes call these; they hold no SQL themselves.
 */
export async function currentCollegeOf(db: Db, memberId: number): Promise<{ collegeId: number | null } | null> {
  const row = await db.selectFrom('members').select('current_college_id').where('id', '=', memberId).executeTakeFirst();
  return row ? { collegeId: row.current_college_id } : null;
}

export async function insertPublishedBook(db: Db, title: string): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('books')
    .values({
      identifier: `urn:e2e:class:${now}:${Math.random()}`,
      title,
      published: 1,
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function addMembership(db: Db, memberId: number, collegeId: number, roles: string): Promise<void> {
  await db
    .insertInto('college_members')
    .values({ member_id: memberId, college_id: collegeId, roles, created_at: Date.now() })
    .execute();
  await db.updateTable('members').set({ current_college_id: collegeId }).where('id', '=', memberId).execute();
}

export async function setClassTimes(db: Db, classId: number, startTime: number, endTime: number): Promise<void> {
  await db.updateTable('classes').set({ start_time: startTime, end_time: endTime }).where('id', '=', classId).execute();
}

export async function deleteShelfEntries(db: Db, memberId: number, bookId: number): Promise<void> {
  await db.deleteFrom('shelf_entries').where('member_id', '=', memberId).where('book_id', '=', bookId).execute();
}

export function chaptersOf(db: Db, bookId: number): Promise<{ id: number; title: string; html: string }[]> {
  return db
    .selectFrom('book_chapters')
    .select(['id', 'title', 'html'])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
}
