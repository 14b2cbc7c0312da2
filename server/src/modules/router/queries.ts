import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

export async function incrementIfPresent(db: Db, day: string, path: string): Promise<boolean> {
  const result = await db
    .updateTable('page_views')
    .set({ count: sql`count + 1` })
    .where('day', '=', day)
    .where('path', '=', path)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countPathsOfDay(db: Db, day: string): Promise<number> {
  const row = await db
    .selectFrom('page_views')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function upsertView(db: Db, day: string, path: string) {
  return db
    .insertInto('page_views')
    .values({ day, path, count: 1 })
    .onConflict((oc) => oc.columns(['day', 'path']).doUpdateSet({ count: sql`page_views.count + 1` }))
    .execute();
}

export function viewsOfDay(db: Db, day: string) {
  return db.selectFrom('page_views').selectAll().where('day', '=', day).orderBy('count', 'desc').execute();
}
