import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** The readiness probe's query: the database answers one round trip. */
export async function selectOne(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
