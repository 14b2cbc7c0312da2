import { createHash, randomBytes } from 'node:crypto';
import type { RoleCode } from '@textbook/contracts';
import type { Db } from '../../db/connection.js';
import type { MemberActor, StaffActor } from '../../http/actor.js';
import * as q from './queries.js';

const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
const STAFF_SESSION_TTL_MS = 12 * 3600 * 1000;
/** Staff tokens carry a prefix so the auth hook knows which table to ask; the prefix grants nothing. */
export const STAFF_TOKEN_PREFIX = 'staff.';
/** A session's expiry slides forward at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 3600 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session: the token goes to the client once; only its hash is stored. */
export async function openSession(db: Db, memberId: number, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.insertSession(db, {
    token_hash: hashToken(token),
    member_id: memberId,
    created_at: now,
    expires_at: now + SESSION_TTL_MS,
  });
  return token;
}

export function parseRoles(roles: string | null | undefined): RoleCode[] {
  if (!roles) return [0];
  const codes = roles
    .split(',')
    .map((r) => Number(r))
    .filter((r): r is RoleCode => r === 0 || r === 1 || r === 2 || r === 3);
  return codes.length ? codes : [0];
}

/** The member behind a token, or null when the token is unknown or expired. */
export async function resolveToken(db: Db, token: string, now = Date.now()): Promise<MemberActor | null> {
  const row = await q.findSessionByHash(db, hashToken(token));
  if (!row) return null;
  if (row.expiresAt <= now) {
    await q.deleteSession(db, row.sessionId);
    return null;
  }
  if (now - row.lastSeenAt > TOUCH_EVERY_MS) await q.touchSession(db, row.sessionId, now, now + SESSION_TTL_MS);
  return {
    kind: 'member',
    memberId: row.memberId,
    sessionId: row.sessionId,
    collegeId: row.collegeId,
    roles: parseRoles(row.roles),
  };
}

export async function closeSession(db: Db, sessionId: number): Promise<void> {
  await q.deleteSession(db, sessionId);
}

/** Opens a staff session (admin console). */
export async function openStaffSession(db: Db, staffId: number, now = Date.now()): Promise<string> {
  const token = STAFF_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  await q.insertStaffSession(db, {
    token_hash: hashToken(token),
    staff_id: staffId,
    created_at: now,
    expires_at: now + STAFF_SESSION_TTL_MS,
  });
  return token;
}

export async function resolveStaffToken(db: Db, token: string, now = Date.now()): Promise<StaffActor | null> {
  const row = await q.findStaffSessionByHash(db, hashToken(token));
  if (!row || row.disabled) return null;
  if (row.expiresAt <= now) {
    await q.deleteStaffSession(db, row.sessionId);
    return null;
  }
  return { kind: 'staff', staffId: row.staffId, sessionId: row.sessionId, isAdmin: Boolean(row.isAdmin) };
}

export async function closeStaffSession(db: Db, sessionId: number): Promise<void> {
  await q.deleteStaffSession(db, sessionId);
}
