import type { Db } from '../../db/connection.js';

/** The staff's dictionary reads and writes (subjects, collections). */

export function findDictEntry(db: Db, id: number) {
  return db
    .selectFrom('dict_data')
    .select(['id', 'dict_type as dictType', 'parent_id as parentId', 'label', 'sort'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every entry of a dictionary with the number of books filed directly under it. */
export function listDictWithUse(db: Db, dictType: string, column: 'subject_id' | 'collection_id') {
  return db
    .selectFrom('dict_data as d')
    .leftJoin('books as b', `b.${column}`, 'd.id')
    .select((eb) => [
      'd.id',
      'd.label',
      'd.parent_id as parentId',
      'd.sort',
      eb.fn.count<number>('b.id').as('bookCount'),
    ])
    .where('d.dict_type', '=', dictType)
    .groupBy(['d.id', 'd.label', 'd.parent_id', 'd.sort'])
    .orderBy('d.sort')
    .orderBy('d.id')
    .execute();
}

export function siblingWithLabel(db: Db, dictType: string, parentId: number, label: string, exceptId = 0) {
  return db
    .selectFrom('dict_data')
    .select('id')
    .where('dict_type', '=', dictType)
    .where('parent_id', '=', parentId)
    .where('label', '=', label)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
}

export async function countChildren(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('dict_data')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countBooksUsing(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('books')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('subject_id', '=', id), eb('collection_id', '=', id)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDictEntry(
  db: Db,
  row: { dict_type: string; parent_id: number; label: string; sort: number },
): Promise<number> {
  const { id } = await db
    .insertInto('dict_data')
    .values({ ...row, value: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateDictEntry(
  db: Db,
  id: number,
  values: { label?: string; parent_id?: number; sort?: number },
): Promise<void> {
  await db.updateTable('dict_data').set(values).where('id', '=', id).execute();
}

export async function deleteDictEntry(db: Db, id: number): Promise<void> {
  await db.deleteFrom('dict_data').where('id', '=', id).execute();
}

/** Every entry of some dictionaries replaced by these rows (pass the transaction as db). */
export async function replaceDictTypes(
  db: Db,
  types: string[],
  rows: { dict_type: string; parent_id: number; label: string; value: string; sort: number }[],
) {
  await db.deleteFrom('dict_data').where('dict_type', 'in', types).execute();
  await db.insertInto('dict_data').values(rows).execute();
}
