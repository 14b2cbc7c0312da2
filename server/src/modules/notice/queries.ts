import { PLATFORM } from '@textbook/contracts';
import type { Db } from '../../db/connection.js';

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
