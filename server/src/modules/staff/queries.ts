import type { Db } from '../../db/connection.js';

const columns = [
  'id',
  'user_name as userName',
  'display_name as displayName',
  'is_admin as isAdmin',
  'disabled',
  'password_hash as passwordHash',
  'failed_logins as failedLogins',
  'locked_until as lockedUntil',
] as const;

export function findByName(db: Db, userName: string) {
  return db.selectFrom('staff').select(columns).where('user_name', '=', userName).executeTakeFirst();
}

export function findById(db: Db, id: number) {
  return db.selectFrom('staff').select(columns).where('id', '=', id).executeTakeFirst();
}

export function listStaff(db: Db) {
  return db.selectFrom('staff').select(columns).orderBy('id').execute();
}

export async function countStaff(db: Db): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertStaff(
  db: Db,
  row: { user_name: string; display_name: string; password_hash: string; is_admin: number; created_at: number },
) {
  return db.insertInto('staff').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateStaff(
  db: Db,
  id: number,
  values: {
    display_name?: string;
    is_admin?: number;
    disabled?: number;
    password_hash?: string;
    failed_logins?: number;
    locked_until?: number | null;
  },
) {
  return db.updateTable('staff').set(values).where('id', '=', id).execute();
}

export function deleteStaffSessions(db: Db, staffId: number) {
  return db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
}
