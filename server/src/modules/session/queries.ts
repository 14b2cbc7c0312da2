import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';
import { prepared } from '../../db/prepared.js';

export function insertSession(
  db: Db,
  row: { token_hash: string; member_id: number; created_at: number; expires_at: number },
) {
  return db
    .insertInto('sessions')
    .values({ ...row, last_seen_at: row.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A session with its member's current-college roles (runs for every token not seen in the last seconds). */
function sessionsQuery(db: Db) {
  return db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .leftJoin('college_members', (join) =>
      join
        .onRef('college_members.member_id', '=', 'members.id')
        .onRef('college_members.college_id', '=', 'members.current_college_id'),
    )
    .select([
      'sessions.token_hash as tokenHash',
      'sessions.id as sessionId',
      'sessions.member_id as memberId',
      'sessions.expires_at as expiresAt',
      'sessions.last_seen_at as lastSeenAt',
      'members.current_college_id as collegeId',
      'members.disabled as disabled',
      'college_members.roles as roles',
    ]);
}

/** One token's session: the usual case, its SQL compiled once (`prepared`). */
const sessionByHash = prepared((db: Db, tokenHash: string) =>
  sessionsQuery(db).where('sessions.token_hash', '=', tokenHash),
);

/** The sessions of many tokens at once (many callers not seen before, at the same moment), by token hash. */
export async function findSessionsByHashes(db: Db, tokenHashes: string[]) {
  const rows =
    tokenHashes.length === 1
      ? await sessionByHash(db, tokenHashes[0]!)
      : await sessionsQuery(db).where('sessions.token_hash', 'in', tokenHashes).execute();
  return new Map(rows.map((r) => [r.tokenHash, r]));
}

/** Slides sessions forward: seen now, ending at `expiresAt`. */
export function touchSessions(db: Db, ids: number[], now: number, expiresAt: number) {
  return db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', 'in', ids).execute();
}

export function deleteSession(db: Db, id: number) {
  return db.deleteFrom('sessions').where('id', '=', id).execute();
}

export function deleteSessionsOfMember(db: Db, memberId: number, keep?: number) {
  let query = db.deleteFrom('sessions').where('member_id', '=', memberId);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  return query.execute();
}

export function insertStaffSession(
  db: Db,
  row: { token_hash: string; staff_id: number; created_at: number; expires_at: number },
) {
  return db.insertInto('staff_sessions').values(row).returning('id').executeTakeFirstOrThrow();
}

export function findStaffSessionByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id as sessionId',
      'staff.id as staffId',
      'staff.is_admin as isAdmin',
      'staff.roles as roles',
      'staff.disabled as disabled',
      'staff_sessions.expires_at as expiresAt',
    ])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function deleteStaffSession(db: Db, id: number) {
  return db.deleteFrom('staff_sessions').where('id', '=', id).execute();
}

export function deleteSessionsOfStaff(db: Db, staffId: number) {
  return db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
}

/** Members' open sessions (the admin console's online users), newest activity first. */
export async function pageOpenSessions(
  db: Db,
  filter: { keyword?: string | undefined; now: number },
  window: { offset: number; limit: number },
) {
  let base = db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .where('sessions.expires_at', '>', filter.now);
  if (filter.keyword) {
    const like = `%${filter.keyword}%`;
    base = base.where((eb) =>
      eb.or([
        eb('members.phone', 'like', like),
        eb('members.real_name', 'like', like),
        eb('members.user_name', 'like', like),
      ]),
    );
  }
  return paged(base, window, (q) =>
    q
      .select([
        'sessions.id as sessionId',
        'sessions.member_id as memberId',
        'members.phone as phone',
        'members.real_name as realName',
        'members.user_name as userName',
        'sessions.created_at as createdAt',
        'sessions.last_seen_at as lastSeenAt',
        'sessions.expires_at as expiresAt',
      ])
      .orderBy('sessions.last_seen_at', 'desc')
      .orderBy('sessions.id', 'desc'),
  );
}

export function findSessionOwner(db: Db, id: number) {
  return db.selectFrom('sessions').select(['id', 'member_id as memberId']).where('id', '=', id).executeTakeFirst();
}

/** Open sessions per member, for the members list. */
export function countOpenSessions(db: Db, memberIds: number[], now: number) {
  if (!memberIds.length) return Promise.resolve([]);
  return db
    .selectFrom('sessions')
    .select(['member_id as memberId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('member_id', 'in', memberIds)
    .where('expires_at', '>', now)
    .groupBy('member_id')
    .execute();
}

/** Whether the staff disabled the member's account. */
export async function memberDisabled(db: Db, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('members').select('disabled').where('id', '=', memberId).executeTakeFirst();
  return Boolean(row?.disabled);
}
