import { sql, type Expression, type SqlBool, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';
import type { BooksTable } from '../../db/tables/books.js';

export type CardRow = Awaited<ReturnType<typeof findCardsByIds>>[number];

function cardQuery(db: Db) {
  return db
    .selectFrom('books as b')
    .leftJoin('dict_data as s', 's.id', 'b.subject_id')
    .leftJoin('dict_data as c', 'c.id', 'b.collection_id')
    .select([
      'b.id',
      'b.title',
      'b.cover',
      'b.authors',
      'b.publisher',
      'b.isbn',
      'b.price',
      'b.subject_id as subjectId',
      's.label as subjectName',
      'b.collection_id as collectionId',
      'c.label as collectionName',
      'b.pub_year as pubYear',
      'b.published_at as publishedAt',
    ]);
}

export function findCardsByIds(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return cardQuery(db).where('b.id', 'in', ids).execute();
}

export interface ListFilter {
  subjectIds?: number[];
  collectionId?: number;
  includeUnpublished?: boolean;
  title?: string;
  author?: string;
  isbn?: string;
  publisher?: string;
  year?: number;
}

export function likeLower(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** The WHERE conditions of a filtered list, shared by the plain list and the search. */
export function filterConditions(f: ListFilter): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (!f.includeUnpublished) out.push(sql<SqlBool>`b.published = 1`);
  if (f.subjectIds) {
    out.push(f.subjectIds.length ? sql<SqlBool>`b.subject_id in (${sql.join(f.subjectIds)})` : sql<SqlBool>`1 = 0`);
  }
  if (f.collectionId) out.push(sql<SqlBool>`b.collection_id = ${f.collectionId}`);
  if (f.title) out.push(likeLower('b.title', f.title));
  if (f.author) out.push(likeLower('b.authors', f.author));
  if (f.isbn) out.push(likeLower('b.isbn', f.isbn.replace(/-/g, '')));
  if (f.publisher) out.push(likeLower('b.publisher', f.publisher));
  if (f.year) out.push(sql<SqlBool>`b.pub_year = ${f.year}`);
  return out;
}

function whereAll(conditions: Expression<SqlBool>[]) {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

const ORDER = {
  newest: sql`b.published_at desc, b.id desc`,
  title: sql`b.title_pinyin asc, b.id asc`,
  popular: sql`b.views desc, b.id desc`,
} as const;
export type ListOrder = keyof typeof ORDER;

/** One page of book ids for a filtered list, and the total. */
export async function listBookIds(db: Db, f: ListFilter, order: ListOrder, offset: number, limit: number) {
  const where = whereAll(filterConditions(f));
  const rows = await sql<{
    id: number;
  }>`select b.id from books b ${where} order by ${ORDER[order]} limit ${limit} offset ${offset}`.execute(db);
  const total = await sql<{ n: number }>`select count(*) as n from books b ${where}`.execute(db);
  return { ids: rows.rows.map((r) => Number(r.id)), total: Number(total.rows[0]?.n ?? 0) };
}

/** One ranked page of book ids matching a full-text query (FTS5 on SQLite, tsvector on PostgreSQL). */
export async function searchBookIds(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  match: { fts5: string; tsquery: string },
  f: ListFilter,
  offset: number,
  limit: number,
) {
  const conditions = filterConditions(f);
  if (dialect === 'postgres') {
    const q = sql`to_tsquery('simple', ${match.tsquery})`;
    const where = whereAll([sql<SqlBool>`b.search_vector @@ ${q}`, ...conditions]);
    const rows = await sql<{ id: number }>`select b.id from books b ${where}
      order by ts_rank(b.search_vector, ${q}) desc, b.published_at desc, b.id desc limit ${limit} offset ${offset}`.execute(
      db,
    );
    const total = await sql<{ n: number }>`select count(*) as n from books b ${where}`.execute(db);
    return { ids: rows.rows.map((r) => Number(r.id)), total: Number(total.rows[0]?.n ?? 0) };
  }
  const where = whereAll([sql<SqlBool>`book_fts match ${match.fts5}`, ...conditions]);
  const from = sql`from book_fts join books b on b.id = book_fts.rowid`;
  // Column weights: title 10, authors 4, body 1, pinyin 8 (bm25 is lower for better matches).
  const rows = await sql<{ id: number }>`select b.id ${from} ${where}
    order by bm25(book_fts, 10.0, 4.0, 1.0, 8.0), b.published_at desc, b.id desc limit ${limit} offset ${offset}`.execute(
    db,
  );
  const total = await sql<{ n: number }>`select count(*) as n ${from} ${where}`.execute(db);
  return { ids: rows.rows.map((r) => Number(r.id)), total: Number(total.rows[0]?.n ?? 0) };
}

export function findBook(db: Db, id: number) {
  return db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listChapterFlags(db: Db, bookId: number) {
  return db
    .selectFrom('book_chapters')
    .select(['id', 'seq', 'title', 'free', 'linear'])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
}

export function listSections(db: Db, bookId: number) {
  return db
    .selectFrom('book_sections')
    .select(['id', 'parent_id as parentId', 'title', 'chapter_id as chapterId', 'anchor', 'level'])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
}

export function findChapter(db: Db, bookId: number, chapterId: number) {
  return db
    .selectFrom('book_chapters')
    .select(['id', 'book_id as bookId', 'seq', 'title', 'html', 'styles', 'css', 'free'])
    .where('book_id', '=', bookId)
    .where('id', '=', chapterId)
    .executeTakeFirst();
}

export async function neighbourChapters(db: Db, bookId: number, seq: number) {
  const prev = await db
    .selectFrom('book_chapters')
    .select('id')
    .where('book_id', '=', bookId)
    .where('seq', '<', seq)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const next = await db
    .selectFrom('book_chapters')
    .select('id')
    .where('book_id', '=', bookId)
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return { prevId: prev?.id ?? null, nextId: next?.id ?? null };
}

/** The chapters of some books in reading order, with their spine path and text length (reports). */
export function spineOf(db: Db, bookIds: number[]) {
  if (!bookIds.length) return Promise.resolve([]);
  return db
    .selectFrom('book_chapters')
    .select(['book_id as bookId', 'path', 'title', 'seq', sql<number>`length(${sql.ref('text')})`.as('length')])
    .where('book_id', 'in', bookIds)
    .orderBy('book_id')
    .orderBy('seq')
    .execute();
}

export function bookTitles(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('books').select(['id', 'title']).where('id', 'in', ids).execute();
}

export function listChapterTexts(db: Db, bookId: number) {
  return db
    .selectFrom('book_chapters')
    .select(['id', 'title', 'text', 'free'])
    .where('book_id', '=', bookId)
    .orderBy('seq')
    .execute();
}

export function listDict(db: Db, dictType: string) {
  return db
    .selectFrom('dict_data')
    .select(['id', 'label', 'value', 'parent_id as parentId'])
    .where('dict_type', '=', dictType)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function insertDict(
  db: Db,
  row: { dict_type: string; parent_id: number; label: string; value: string; sort: number },
) {
  const { id } = await db.insertInto('dict_data').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function listAllBooks(db: Db, includeUnpublished: boolean) {
  let q = db.selectFrom('books').select(['id', 'title', 'cover', 'published']).orderBy('title_pinyin').orderBy('id');
  if (!includeUnpublished) q = q.where('published', '=', 1);
  return q.execute();
}

export function distinctYears(db: Db) {
  return db
    .selectFrom('books')
    .select('pub_year')
    .distinct()
    .where('published', '=', 1)
    .where('pub_year', 'is not', null)
    .orderBy('pub_year', 'desc')
    .execute();
}

export function distinctPublishers(db: Db) {
  return db
    .selectFrom('books')
    .select('publisher')
    .distinct()
    .where('published', '=', 1)
    .where('publisher', '!=', '')
    .orderBy('publisher')
    .execute();
}

export function publishedSince(db: Db, since: number) {
  return db
    .selectFrom('books')
    .select('published_at')
    .where('published', '=', 1)
    .where('published_at', '>=', since)
    .execute();
}

export function setSampleAutoApprove(db: Db, bookId: number, flag: boolean) {
  return db
    .updateTable('books')
    .set({ sample_auto_approve: flag ? 1 : 0 })
    .where('id', '=', bookId)
    .executeTakeFirst();
}

export async function updateBookFields(db: Db, id: number, values: Updateable<BooksTable>) {
  await db.updateTable('books').set(values).where('id', '=', id).execute();
}

export async function insertBookAsset(
  db: Db,
  row: { book_id: number; path: string; name: string; media_type: string; size: number },
): Promise<void> {
  await db.insertInto('book_assets').values(row).execute();
}

export async function setFreeChapters(db: Db, bookId: number, chapterIds: number[]) {
  await db.updateTable('book_chapters').set({ free: 0 }).where('book_id', '=', bookId).execute();
  if (chapterIds.length) {
    await db
      .updateTable('book_chapters')
      .set({ free: 1 })
      .where('book_id', '=', bookId)
      .where('id', 'in', chapterIds)
      .execute();
  }
}

export async function existingBookIds(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('books').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export function recommendedIds(db: Db, limit: number) {
  return db
    .selectFrom('books')
    .select('id')
    .where('published', '=', 1)
    .where('recommended', '=', 1)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function addBookViews(db: Db, bookId: number, views: number): Promise<void> {
  await db
    .updateTable('books')
    .set((eb) => ({ views: eb('views', '+', views) }))
    .where('id', '=', bookId)
    .execute();
}

/** Staff's list of every book (the admin console): title, authors or ISBN words, published or not. */
export async function pageAdminBooks(
  db: Db,
  f: {
    keyword?: string | undefined;
    published?: boolean | undefined;
    subjectIds?: number[] | undefined;
    sort: 'newest' | 'title' | 'updated';
  },
  window: { offset: number; limit: number },
) {
  const base = () => {
    let query = db
      .selectFrom('books as b')
      .leftJoin('dict_data as s', 's.id', 'b.subject_id')
      .leftJoin('dict_data as c', 'c.id', 'b.collection_id');
    if (f.published !== undefined) query = query.where('b.published', '=', f.published ? 1 : 0);
    if (f.subjectIds) query = query.where('b.subject_id', 'in', f.subjectIds.length ? f.subjectIds : [0]);
    if (f.keyword) {
      const words = f.keyword.toLowerCase();
      query = query.where((eb) =>
        eb.or([
          likeLower('b.title', words),
          likeLower('b.authors', words),
          likeLower('b.isbn', words.replace(/-/g, '')),
        ]),
      );
    }
    return query;
  };
  return paged(base(), window, (query) => {
    const rows = query.select([
      'b.id',
      'b.title',
      'b.cover',
      'b.authors',
      'b.isbn',
      'b.publisher',
      'b.description',
      'b.price',
      'b.subject_id as subjectId',
      's.label as subjectName',
      'b.collection_id as collectionId',
      'c.label as collectionName',
      'b.published',
      'b.recommended',
      'b.sample_auto_approve as sampleAutoApprove',
      'b.edition',
      'b.updated_at as updatedAt',
    ]);
    return f.sort === 'title'
      ? rows.orderBy('b.title_pinyin', 'asc').orderBy('b.id', 'asc')
      : f.sort === 'updated'
        ? rows.orderBy('b.updated_at', 'desc').orderBy('b.id', 'desc')
        : rows.orderBy('b.id', 'desc');
  });
}
