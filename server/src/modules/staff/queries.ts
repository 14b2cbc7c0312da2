import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';

const columns = [
  'id',
  'user_name as userName',
  'display_name as displayName',
  'is_admin as isAdmin',
  'roles',
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
  row: {
    user_name: string;
    display_name: string;
    password_hash: string;
    is_admin: number;
    roles?: string;
    created_at: number;
  },
) {
  return db.insertInto('staff').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateStaff(
  db: Db,
  id: number,
  values: {
    display_name?: string;
    is_admin?: number;
    roles?: string;
    disabled?: number;
    password_hash?: string;
    failed_logins?: number;
    locked_until?: number | null;
  },
) {
  return db.updateTable('staff').set(values).where('id', '=', id).execute();
}

// ---- the audit log (staff writes under /api/admin, recorded by the corridor)

export function insertAudit(
  db: Db,
  row: {
    staff_id: number;
    staff_name: string;
    action: string;
    method: string;
    url: string;
    summary: string;
    target: string;
    before_json: string | null;
    after_json: string | null;
    created_at: number;
  },
) {
  return db.insertInto('staff_audit').values(row).execute();
}

export interface AuditFilter {
  staffId?: number | undefined;
  keyword?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function auditWhere(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('staff_audit');
  if (filter.staffId) query = query.where('staff_id', '=', filter.staffId);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
  if (filter.keyword) {
    const like = `%${filter.keyword}%`;
    query = query.where((eb) =>
      eb.or([
        eb('action', 'like', like),
        eb('url', 'like', like),
        eb('staff_name', 'like', like),
        eb('target', 'like', like),
      ]),
    );
  }
  return query;
}

const auditColumns = [
  'id',
  'staff_id as staffId',
  'staff_name as staffName',
  'action',
  'method',
  'url',
  'summary',
  'target',
  'before_json as before',
  'after_json as after',
  'created_at as createdAt',
] as const;

export async function pageAudit(
  db: Db,
  filter: AuditFilter,
  window: { offset: number; limit: number },
  order: 'asc' | 'desc' = 'desc',
) {
  return paged(auditWhere(db, filter), window, (q) => q.select(auditColumns).orderBy('id', order));
}
