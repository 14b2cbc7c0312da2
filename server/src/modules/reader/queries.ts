import type { Db } from '../../db/connection.js';
import type { ReaderBookmarksTable, ReaderNotesTable, SectionResourcesTable } from '../../db/tables/reader.js';
import { sql, type Insertable, type Updateable } from 'kysely';

export function findChapterRef(db: Db, bookId: number, chapterId: number) {
  return db
    .selectFrom('book_chapters')
    .select(['id', 'path', 'free', 'seq', 'title'])
    .where('book_id', '=', bookId)
    .where('id', '=', chapterId)
    .executeTakeFirst();
}

export async function bookTitle(db: Db, bookId: number): Promise<string> {
  return (await db.selectFrom('books').select('title').where('id', '=', bookId).executeTakeFirst())?.title ?? '';
}

/** A chapter's flags and its book's publication: the per-request part of GET /api/book/chapter. */
export function chapterMeta(db: Db, bookId: number, chapterId: number) {
  return db
    .selectFrom('book_chapters as c')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select(['c.seq', 'c.free', 'b.published'])
    .where('c.book_id', '=', bookId)
    .where('c.id', '=', chapterId)
    .executeTakeFirst();
}

export function chapterBody(db: Db, chapterId: number) {
  return db
    .selectFrom('book_chapters')
    .select(['title', 'html', 'styles', 'css', 'layout', 'overlay'])
    .where('id', '=', chapterId)
    .executeTakeFirstOrThrow();
}

export function findBookRef(db: Db, bookId: number) {
  return db.selectFrom('books').select(['id', 'published', 'edition']).where('id', '=', bookId).executeTakeFirst();
}

export function chapterTexts(db: Db, bookId: number) {
  return db
    .selectFrom('book_chapters')
    .select(['id', 'path', 'title', 'text', 'seq'])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
}

export function chapterTitles(db: Db, bookId: number) {
  return db
    .selectFrom('book_chapters')
    .select(['id', 'path', 'title', 'seq', 'free', 'layout', sql<number>`length(${sql.ref('text')})`.as('length')])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
}

export function countChapters(db: Db, bookId: number) {
  return db
    .selectFrom('book_chapters')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('book_id', '=', bookId)
    .executeTakeFirstOrThrow();
}

export function upsertPosition(
  db: Db,
  row: {
    memberId: number;
    bookId: number;
    chapterId: number;
    path: string;
    anchor: string;
    progress: number;
    reads: string;
  },
  now: number,
) {
  const values = {
    chapter_id: row.chapterId,
    chapter_path: row.path,
    anchor: row.anchor,
    progress: row.progress,
    reads: row.reads,
    updated_at: now,
  };
  return db
    .insertInto('reading_positions')
    .values({ member_id: row.memberId, book_id: row.bookId, ...values })
    .onConflict((oc) => oc.columns(['member_id', 'book_id']).doUpdateSet(values))
    .execute();
}

export function findPosition(db: Db, memberId: number, bookId: number) {
  return db
    .selectFrom('reading_positions')
    .select([
      'chapter_id as chapterId',
      'chapter_path as path',
      'anchor',
      'progress',
      'reads',
      'updated_at as updatedAt',
    ])
    .where('member_id', '=', memberId)
    .where('book_id', '=', bookId)
    .executeTakeFirst();
}

export function addReadingTime(
  db: Db,
  row: { memberId: number; bookId: number; chapterId: number; day: string; seconds: number },
) {
  return db
    .insertInto('reading_time')
    .values({
      member_id: row.memberId,
      book_id: row.bookId,
      chapter_id: row.chapterId,
      day: row.day,
      seconds: row.seconds,
    })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'book_id', 'chapter_id', 'day'])
        .doUpdateSet((eb) => ({ seconds: eb('reading_time.seconds', '+', row.seconds) })),
    )
    .execute();
}

export function readingTimeOf(db: Db, memberId: number, bookId: number) {
  return db
    .selectFrom('reading_time')
    .select(['chapter_id as chapterId', 'day', 'seconds'])
    .where('member_id', '=', memberId)
    .where('book_id', '=', bookId)
    .orderBy('day')
    .execute();
}

export async function insertNote(db: Db, row: Insertable<ReaderNotesTable>): Promise<number> {
  const { id } = await db.insertInto('reader_notes').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The note a member already made with this browser key, if any. */
export function noteByClientKey(db: Db, memberId: number, clientKey: string) {
  return db
    .selectFrom('reader_notes')
    .select(['id', 'book_id as bookId'])
    .where('member_id', '=', memberId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
}

export function notesOf(db: Db, memberId: number, bookId: number) {
  return db
    .selectFrom('reader_notes')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('book_id', '=', bookId)
    .orderBy('id')
    .execute();
}

export function findNote(db: Db, id: number) {
  return db.selectFrom('reader_notes').select(['id', 'member_id as memberId']).where('id', '=', id).executeTakeFirst();
}

export function noteRow(db: Db, id: number) {
  return db.selectFrom('reader_notes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function updateNote(db: Db, id: number, set: Updateable<ReaderNotesTable>) {
  return db.updateTable('reader_notes').set(set).where('id', '=', id).execute();
}

export function deleteNote(db: Db, id: number) {
  return db.deleteFrom('reader_notes').where('id', '=', id).execute();
}

export async function insertResource(db: Db, row: Insertable<SectionResourcesTable>): Promise<number> {
  const { id } = await db.insertInto('section_resources').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function deleteResource(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('section_resources').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function resourcesOf(db: Db, bookId: number) {
  return db
    .selectFrom('section_resources')
    .selectAll()
    .where('book_id', '=', bookId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The book an asset belongs to, with what decides whether it is public. */
export function assetOwner(db: Db, name: string) {
  return db
    .selectFrom('book_assets as a')
    .innerJoin('books as b', 'b.id', 'a.book_id')
    .select(['a.book_id as bookId', 'b.published', 'b.cover'])
    .where('a.name', '=', name)
    .executeTakeFirst();
}

/** Whether a free chapter of the book refers to the file (any free chapter when name is null). */
export async function freeChapterUses(db: Db, bookId: number, name: string | null): Promise<boolean> {
  let query = db.selectFrom('book_chapters').select('id').where('book_id', '=', bookId).where('free', '=', 1);
  if (name) {
    const like = `%${name}%`;
    // A PDF section's document is named in its layout (issue 32); a narration's audio in its overlay (issue 33).
    query = query.where((eb) =>
      eb.or([
        eb('html', 'like', like),
        eb('css', 'like', like),
        eb('styles', 'like', like),
        eb('layout', 'like', like),
        eb('overlay', 'like', like),
      ]),
    );
  }
  return Boolean(await query.limit(1).executeTakeFirst());
}

/** A stored book file's record (the importer keeps one per file it stored). */
export function findAsset(db: Db, name: string) {
  return db
    .selectFrom('book_assets')
    .select(['name', 'media_type as mediaType'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function insertBookmark(db: Db, row: Insertable<ReaderBookmarksTable>): Promise<number> {
  const { id } = await db.insertInto('reader_bookmarks').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function bookmarksOf(db: Db, memberId: number, bookId: number) {
  return db
    .selectFrom('reader_bookmarks')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('book_id', '=', bookId)
    .orderBy('id')
    .execute();
}

export function findBookmark(db: Db, id: number) {
  return db
    .selectFrom('reader_bookmarks')
    .select(['id', 'member_id as memberId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function deleteBookmark(db: Db, id: number) {
  return db.deleteFrom('reader_bookmarks').where('id', '=', id).execute();
}

/** A book's print pages in reading order (written by the import). */
export function printPagesOf(db: Db, bookId: number) {
  return db
    .selectFrom('book_pages')
    .select(['label', 'chapter_id as chapterId', 'anchor', 'page_index as pageIndex'])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
}

/** Whether a book exists and is published (null: no such book). */
export function bookPublished(db: Db, bookId: number) {
  return db.selectFrom('books').select('published').where('id', '=', bookId).executeTakeFirst();
}
