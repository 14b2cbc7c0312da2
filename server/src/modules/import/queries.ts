import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { BooksTable, ImportJobsTable } from '../../db/tables/books.js';

export function findBookById(db: Db, id: number) {
  return db
    .selectFrom('books')
    .select(['id', 'edition', 'cover', 'title', 'identifier', 'published_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The import jobs that made or updated a book (its editions), newest first, with the staff's names. */
export function editionJobsOf(db: Db, bookId: number) {
  return db
    .selectFrom('import_jobs as j')
    .leftJoin('staff as s', 's.id', 'j.staff_id')
    .select([
      'j.id',
      'j.edition',
      'j.file_name as fileName',
      'j.message',
      'j.created_at as createdAt',
      's.display_name as displayName',
      's.user_name as userName',
    ])
    .where('j.book_id', '=', bookId)
    .where('j.status', '=', 'done')
    .orderBy('j.created_at', 'desc')
    .orderBy('j.id', 'desc')
    .limit(200)
    .execute();
}

export async function insertBook(db: Db, values: Insertable<BooksTable>): Promise<number> {
  const { id } = await db.insertInto('books').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateBook(db: Db, id: number, values: Updateable<BooksTable>): Promise<void> {
  await db.updateTable('books').set(values).where('id', '=', id).execute();
}

export async function assetNamesOf(db: Db, bookId: number): Promise<string[]> {
  const rows = await db.selectFrom('book_assets').select('name').where('book_id', '=', bookId).execute();
  return rows.map((r) => r.name);
}

/** Removes an old edition's content (sections go first: they point at chapters). */
export async function clearBookContent(db: Db, bookId: number): Promise<void> {
  await db.deleteFrom('book_sections').where('book_id', '=', bookId).execute();
  await db.deleteFrom('book_pages').where('book_id', '=', bookId).execute();
  await db.deleteFrom('book_chapters').where('book_id', '=', bookId).execute();
  await db.deleteFrom('book_assets').where('book_id', '=', bookId).execute();
}

export async function insertAssets(
  db: Db,
  rows: { book_id: number; path: string; name: string; media_type: string; size: number }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('book_assets')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

export async function insertChapter(
  db: Db,
  row: {
    book_id: number;
    seq: number;
    path: string;
    title: string;
    html: string;
    text: string;
    styles: string;
    css: string;
    linear: number;
    free: number;
    /** JSON `ChapterLayout`; the reflowable default when absent. */
    layout?: string;
    /** JSON `MediaOverlay`; '' when the chapter has none. */
    overlay?: string;
  },
): Promise<number> {
  const { id } = await db.insertInto('book_chapters').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function setChapterHtml(db: Db, id: number, html: string): Promise<void> {
  await db.updateTable('book_chapters').set({ html }).where('id', '=', id).execute();
}

/** A book's print pages, in reading order (`seq` from 0): page-list entries, fixed-layout pages, PDF pages. */
export async function insertPages(
  db: Db,
  bookId: number,
  pages: { label: string; chapterId: number; anchor: string; pageIndex: number }[],
): Promise<void> {
  const rows = pages.map((p, seq) => ({
    book_id: bookId,
    seq,
    label: p.label.slice(0, 40),
    chapter_id: p.chapterId,
    anchor: p.anchor.slice(0, 300),
    page_index: p.pageIndex,
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('book_pages')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

export async function insertSection(
  db: Db,
  row: {
    book_id: number;
    parent_id: number;
    seq: number;
    level: number;
    title: string;
    chapter_id: number | null;
    anchor: string;
  },
): Promise<number> {
  const { id } = await db.insertInto('book_sections').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertJob(db: Db, values: Insertable<ImportJobsTable>): Promise<number> {
  const { id } = await db.insertInto('import_jobs').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateJob(db: Db, id: number, values: Updateable<ImportJobsTable>): Promise<void> {
  await db.updateTable('import_jobs').set(values).where('id', '=', id).execute();
}

export function findJob(db: Db, id: number) {
  return db
    .selectFrom('import_jobs')
    .select([
      'id',
      'staff_id as staffId',
      'file_name as fileName',
      'status',
      'progress',
      'message',
      'book_id as bookId',
      'created_at as createdAt',
      'updated_at as updatedAt',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function dictEntries(db: Db, dictType: string) {
  return db.selectFrom('dict_data').select(['id', 'label', 'value']).where('dict_type', '=', dictType).execute();
}
