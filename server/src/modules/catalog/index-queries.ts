import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/connection.js';
import type { SearchDocument } from './search-text.js';

/** Writes a book's search document: an FTS5 row on SQLite, a weighted tsvector on PostgreSQL. */
export async function writeSearchDocument(
  db: Db,
  dialect: Dialect,
  bookId: number,
  doc: SearchDocument,
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`update books set search_vector =
        setweight(to_tsvector('simple', ${doc.title}), 'A') ||
        setweight(to_tsvector('simple', ${doc.py}), 'A') ||
        setweight(to_tsvector('simple', ${doc.authors}), 'B') ||
        setweight(to_tsvector('simple', ${doc.body}), 'D')
      where id = ${bookId}`.execute(db);
    return;
  }
  await sql`delete from book_fts where rowid = ${bookId}`.execute(db);
  await sql`insert into book_fts (rowid, title, authors, body, py)
    values (${bookId}, ${doc.title}, ${doc.authors}, ${doc.body}, ${doc.py})`.execute(db);
}

export async function deleteSearchDocument(db: Db, dialect: Dialect, bookId: number): Promise<void> {
  if (dialect === 'sqlite') await sql`delete from book_fts where rowid = ${bookId}`.execute(db);
}

/** What the index needs of a book: its fields, subject and collection labels, and section titles. */
export async function loadIndexSource(db: Db, bookId: number) {
  const book = await db
    .selectFrom('books as b')
    .leftJoin('dict_data as s', 's.id', 'b.subject_id')
    .leftJoin('dict_data as c', 'c.id', 'b.collection_id')
    .select([
      'b.title',
      'b.authors',
      'b.description',
      'b.publisher',
      'b.isbn',
      's.label as subject',
      'c.label as collection',
    ])
    .where('b.id', '=', bookId)
    .executeTakeFirst();
  if (!book) return null;
  const sections = await db
    .selectFrom('book_sections')
    .select('title')
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
  return {
    ...book,
    subject: book.subject ?? '',
    collection: book.collection ?? '',
    sections: sections.map((s) => s.title),
  };
}
