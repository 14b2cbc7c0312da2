import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';
import { likeLower } from './queries.js';

/** Book lists (书单): named, ordered sets of books. */
export async function listBookLists(db: Db, keyword: string | undefined, offset: number, limit: number) {
  let q = db.selectFrom('book_lists as l').where('l.published', '=', 1);
  if (keyword) {
    const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // booksearch: a list matches by its own name or by the title of a book it holds.
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(l.name) like ${pattern} escape '\\'`,
        eb.exists(
          eb
            .selectFrom('book_list_items as i')
            .innerJoin('books as b', 'b.id', 'i.book_id')
            .select('i.id')
            .whereRef('i.list_id', '=', 'l.id')
            .where('b.published', '=', 1)
            .where(sql<boolean>`lower(b.title) like ${pattern} escape '\\'`),
        ),
      ]),
    );
  }
  return paged(q, { offset, limit }, (base) =>
    base.select(['l.id', 'l.name', 'l.description']).orderBy('l.sort').orderBy('l.id', 'desc'),
  );
}

export function findBookList(db: Db, id: number) {
  return db
    .selectFrom('book_lists')
    .select(['id', 'name', 'description', 'published'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The published books of some lists, in each list's order. */
export function listItems(db: Db, listIds: number[]) {
  if (!listIds.length) return Promise.resolve([]);
  return db
    .selectFrom('book_list_items as i')
    .innerJoin('books as b', 'b.id', 'i.book_id')
    .select(['i.list_id as listId', 'b.id as bookId', 'b.cover'])
    .where('i.list_id', 'in', listIds)
    .where('b.published', '=', 1)
    .orderBy('i.list_id')
    .orderBy('i.sort')
    .orderBy('i.id')
    .execute();
}

export async function insertBookList(
  db: Db,
  values: {
    name: string;
    description: string;
    sort: number;
    published: number;
    created_at: number;
    updated_at: number;
  },
) {
  const { id } = await db.insertInto('book_lists').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateBookList(
  db: Db,
  id: number,
  values: { name: string; description: string; sort: number; published: number; updated_at: number },
) {
  await db.updateTable('book_lists').set(values).where('id', '=', id).execute();
}

export async function replaceItems(db: Db, listId: number, bookIds: number[]) {
  await db.deleteFrom('book_list_items').where('list_id', '=', listId).execute();
  if (bookIds.length) {
    await db
      .insertInto('book_list_items')
      .values(bookIds.map((bookId, sort) => ({ list_id: listId, book_id: bookId, sort })))
      .execute();
  }
}

export async function deleteBookList(db: Db, id: number) {
  await db.deleteFrom('book_lists').where('id', '=', id).execute();
}

/** The staff's page of book lists (published or not), with their book counts. */
export async function pageAdminBookLists(
  db: Db,
  f: { keyword?: string | undefined; published?: boolean | undefined; sort: 'sort' | 'name' | 'updated' },
  window: { offset: number; limit: number },
) {
  let q = db.selectFrom('book_lists as l');
  if (f.published !== undefined) q = q.where('l.published', '=', f.published ? 1 : 0);
  if (f.keyword) q = q.where(likeLower('l.name', f.keyword));
  return paged(q, window, (base) => {
    const rows = base.select((eb) => [
      'l.id',
      'l.name',
      'l.description',
      'l.published',
      'l.sort',
      'l.updated_at as updatedAt',
      eb
        .selectFrom('book_list_items as i')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('i.list_id', '=', 'l.id')
        .as('bookCount'),
    ]);
    return f.sort === 'name'
      ? rows.orderBy('l.name').orderBy('l.id')
      : f.sort === 'updated'
        ? rows.orderBy('l.updated_at', 'desc').orderBy('l.id', 'desc')
        : rows.orderBy('l.sort').orderBy('l.id', 'desc');
  });
}

export function findAdminBookList(db: Db, id: number) {
  return db
    .selectFrom('book_lists')
    .select(['id', 'name', 'description', 'published', 'sort', 'updated_at as updatedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every book of a list in its order, published or not (the staff's editor). */
export function allItemsOf(db: Db, listId: number) {
  return db
    .selectFrom('book_list_items as i')
    .innerJoin('books as b', 'b.id', 'i.book_id')
    .select(['b.id', 'b.title', 'b.published'])
    .where('i.list_id', '=', listId)
    .orderBy('i.sort')
    .orderBy('i.id')
    .execute();
}
