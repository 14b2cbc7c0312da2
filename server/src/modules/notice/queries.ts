import { sql } from 'kysely';
import { PLATFORM } from '@textbook/contracts';
import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';

export async function countUnread(db: Db, memberId: number, source = PLATFORM): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('source', '=', source)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewNotice {
  member_id: number;
  type: string;
  title: string;
  content?: string;
  book_id?: number | null;
  link?: string;
  source?: number;
  created_at: number;
}

export function insertNotices(db: Db, rows: NewNotice[]) {
  return db.insertInto('notices').values(rows).execute();
}

export interface PageFilter {
  memberId: number;
  type?: string;
  bookId?: number;
  readState?: number;
  offset: number;
  limit: number;
}

/** The member's notices of the platform, newest first, with the book they are about. */
export async function pageNotices(db: Db, f: PageFilter) {
  let base = db
    .selectFrom('notices')
    .where('notices.member_id', '=', f.memberId)
    .where('notices.source', '=', PLATFORM);
  if (f.type) base = base.where('notices.type', '=', f.type);
  if (f.bookId) base = base.where('notices.book_id', '=', f.bookId);
  if (f.readState === 0) base = base.where('notices.read_at', 'is', null);
  if (f.readState === 1) base = base.where('notices.read_at', 'is not', null);
  return paged(base, f, (q) =>
    q
      .leftJoin('books', 'books.id', 'notices.book_id')
      .select([
        'notices.id',
        'notices.type',
        'notices.title',
        'notices.content',
        'notices.book_id as bookId',
        'books.title as bookName',
        'notices.link',
        'notices.read_at as readAt',
        'notices.created_at as createTime',
      ])
      .orderBy('notices.created_at', 'desc')
      .orderBy('notices.id', 'desc'),
  );
}

export function findNotice(db: Db, id: number) {
  return db
    .selectFrom('notices')
    .select(['id', 'member_id as memberId', 'read_at as readAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function markRead(db: Db, memberId: number, id: number | 'all', now: number) {
  let q = db
    .updateTable('notices')
    .set({ read_at: now })
    .where('member_id', '=', memberId)
    .where('source', '=', PLATFORM)
    .where('read_at', 'is', null);
  if (id !== 'all') q = q.where('id', '=', id);
  return q.executeTakeFirst();
}

export async function latestId(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('member_id', '=', memberId)
    .where('source', '=', PLATFORM)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The books the member's notices refer to (filter of the message page). */
export function booksOfNotices(db: Db, memberId: number) {
  return db
    .selectFrom('books')
    .select(['books.id', 'books.title as bookName', 'books.cover'])
    .where('books.id', 'in', (eb) =>
      eb
        .selectFrom('notices')
        .select('notices.book_id')
        .where('notices.member_id', '=', memberId)
        .where('notices.source', '=', PLATFORM)
        .where('notices.book_id', 'is not', null),
    )
    .orderBy('books.id')
    .execute();
}

/** Member ids for a broadcast: everyone, a college's members, or the holders of a role (within a college). */
export async function broadcastTargets(
  db: Db,
  target: { kind: 'all' } | { kind: 'college'; collegeId: number } | { kind: 'role'; role: number; collegeId?: number },
): Promise<number[]> {
  if (target.kind === 'all') {
    return (await db.selectFrom('members').select('id').execute()).map((r) => r.id);
  }
  let q = db.selectFrom('college_members').select('member_id').distinct();
  if (target.kind === 'college') q = q.where('college_id', '=', target.collegeId);
  if (target.kind === 'role') {
    // roles is a comma list of single-digit codes ("1,2").
    q = q.where(sql<string>`',' || roles || ','`, 'like', `%,${target.role},%`);
    if (target.collegeId) q = q.where('college_id', '=', target.collegeId);
  }
  const ids = (await q.execute()).map((r) => r.member_id);
  if (target.kind === 'role' && target.role === 0 && !target.collegeId) {
    // Common members also include everyone who belongs to no college.
    const loose = await db
      .selectFrom('members')
      .select('id')
      .where('id', 'not in', (eb) => eb.selectFrom('college_members').select('member_id'))
      .execute();
    ids.push(...loose.map((r) => r.id));
  }
  return [...new Set(ids)];
}
