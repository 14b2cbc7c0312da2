import { createHash, randomBytes } from 'node:crypto';
import { PeopleMsg, StaffRoles, type RoleCode, type StaffRole } from '@textbook/contracts';
import { refused } from '../../http/errors.js';
import type { Db } from '../../db/connection.js';
import type { MemberActor, StaffActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { invalidate, tag, type CacheOwner } from '../../http/read-cache.js';
import { batchedRead } from '../../db/read-batch.js';
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

/**
 * Opens a session: the token goes to the client once; only its hash is stored. Every login (code, password,
 * external, bind) comes here, so a member the staff disabled is refused here, after their credentials passed.
 */
export async function openSession(db: Db, memberId: number, now = Date.now()): Promise<string> {
  if (await q.memberDisabled(db, memberId)) throw refused(PeopleMsg.ACCOUNT_DISABLED, 'account_disabled');
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

/** A staff row's roles: the listed ones (unknown names dropped), `super` first for an administrator. */
export function parseStaffRoles(roles: string | null | undefined, isAdmin: boolean): StaffRole[] {
  const listed = (roles ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter((r): r is StaffRole => r !== 'super' && (StaffRoles as readonly string[]).includes(r));
  return isAdmin ? ['super', ...listed] : listed;
}

/** A token's caller and when its session ends. */
interface Resolved<A> {
  actor: A;
  expiresAt: number;
}

/** The look-ups of tokens not seen before, asked in one turn of the event loop, as one query (`batchedRead`). */
const sessionReads = (ctx: AppContext) =>
  batchedRead(ctx, 'sessions', (db, _group, hashes: string[]) => q.findSessionsByHashes(db, hashes));

/**
 * The sessions that slide forward in one turn of the event loop, in one update (a lecture hall of students who
 * logged in before class, joining at once); each caller gets its session's new expiry.
 */
const sessionTouches = (ctx: AppContext) =>
  batchedRead(ctx, 'session-touches', async (db, _group, sessionIds: number[]) => {
    const now = Date.now();
    const expiresAt = now + SESSION_TTL_MS;
    await q.touchSessions(db, sessionIds, now, expiresAt);
    return new Map(sessionIds.map((id) => [id, expiresAt]));
  });

async function memberOfToken(ctx: AppContext, token: string, now: number): Promise<Resolved<MemberActor> | null> {
  const db = ctx.db;
  const row = await sessionReads(ctx)('', hashToken(token));
  // A disabled member's session is no session (the disabling ended them; this closes a login racing it).
  if (!row || row.disabled) return null;
  if (row.expiresAt <= now) {
    await q.deleteSession(db, row.sessionId);
    return null;
  }
  let expiresAt = row.expiresAt;
  if (now - row.lastSeenAt > TOUCH_EVERY_MS) {
    expiresAt = (await sessionTouches(ctx)('', row.sessionId)) ?? now + SESSION_TTL_MS;
  }
  const actor: MemberActor = {
    kind: 'member',
    memberId: row.memberId,
    sessionId: row.sessionId,
    collegeId: row.collegeId,
    roles: parseRoles(row.roles),
  };
  return { actor, expiresAt };
}

export async function closeSession(ctx: CacheOwner, db: Db, sessionId: number): Promise<void> {
  await q.deleteSession(db, sessionId);
  invalidate(ctx, tag.session(sessionId));
}

/** Ends every session of a member but `keep` (a password change keeps the one that made it). */
export async function closeSessionsOfMember(ctx: CacheOwner, db: Db, memberId: number, keep?: number): Promise<void> {
  await q.deleteSessionsOfMember(db, memberId, keep);
  invalidate(ctx, tag.member(memberId));
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

async function staffOfToken(db: Db, token: string, now: number): Promise<Resolved<StaffActor> | null> {
  const row = await q.findStaffSessionByHash(db, hashToken(token));
  if (!row || row.disabled) return null;
  if (row.expiresAt <= now) {
    await q.deleteStaffSession(db, row.sessionId);
    return null;
  }
  const actor: StaffActor = {
    kind: 'staff',
    staffId: row.staffId,
    sessionId: row.sessionId,
    isAdmin: Boolean(row.isAdmin),
    roles: parseStaffRoles(row.roles, Boolean(row.isAdmin)),
  };
  return { actor, expiresAt: row.expiresAt };
}

/**
 * The caller behind a bearer token, as the auth hook and asset loads need it on every request. A token seen in
 * the last seconds is answered from memory; logging out, a college switch, role or password changes and staff
 * changes drop it (`invalidate`), here and on the other instances. Unknown tokens are never kept.
 */
const ACTORS = { ttlMs: 10_000, maxEntries: 50_000 };

function actorCache(ctx: AppContext) {
  return ctx.caches.cache<Resolved<MemberActor | StaffActor>>('actors', ACTORS);
}

export async function actorOfToken(ctx: AppContext, token: string): Promise<MemberActor | StaffActor | null> {
  const now = Date.now();
  const cache = actorCache(ctx);
  const hit = await cache.get(token, async () => {
    if (token.startsWith(STAFF_TOKEN_PREFIX)) {
      const staff = await staffOfToken(ctx.db, token, now);
      return staff && { value: staff, tags: [tag.staff(staff.actor.staffId), tag.staffSession(staff.actor.sessionId)] };
    }
    const member = await memberOfToken(ctx, token, now);
    return member && { value: member, tags: [tag.member(member.actor.memberId), tag.session(member.actor.sessionId)] };
  });
  if (!hit) return null;
  if (hit.expiresAt <= now) {
    cache.forget(hit.actor.kind === 'staff' ? tag.staffSession(hit.actor.sessionId) : tag.session(hit.actor.sessionId));
    return actorOfToken(ctx, token);
  }
  return hit.actor;
}

/** The caller of a token seen in the last seconds, without waiting; undefined when it must be looked up. */
export function knownActor(ctx: AppContext, token: string): MemberActor | StaffActor | undefined {
  const hit = actorCache(ctx).peek(token);
  return hit && hit.expiresAt > Date.now() ? hit.actor : undefined;
}

export async function closeStaffSession(ctx: CacheOwner, db: Db, sessionId: number): Promise<void> {
  await q.deleteStaffSession(db, sessionId);
  invalidate(ctx, tag.staffSession(sessionId));
}

/**
 * Ends every session of a staff member (disabled, or a new password). Their cached actor goes with `tag.staff`,
 * which the caller drops after the change.
 */
export async function closeSessionsOfStaff(db: Db, staffId: number): Promise<void> {
  await q.deleteSessionsOfStaff(db, staffId);
}

/** Ends the caller's own session (logout), a member's or a staff member's. */
export async function endSession(ctx: AppContext, actor: MemberActor | StaffActor): Promise<void> {
  if (actor.kind === 'member') await closeSession(ctx, ctx.db, actor.sessionId);
  else await closeStaffSession(ctx, ctx.db, actor.sessionId);
}

/** The admin console's online users: members' unexpired sessions. */
export async function openSessions(
  db: Db,
  filter: { keyword?: string | undefined },
  window: { offset: number; limit: number },
  now = Date.now(),
) {
  const { rows, total } = await q.pageOpenSessions(db, { ...filter, now }, window);
  return {
    rows: rows.map((r) => ({
      sessionId: r.sessionId,
      memberId: r.memberId,
      phone: r.phone,
      name: r.realName || r.userName,
      createdAt: r.createdAt,
      lastSeenAt: r.lastSeenAt,
      expiresAt: r.expiresAt,
    })),
    total,
  };
}

/** Open sessions per member id. */
export async function openSessionCounts(db: Db, memberIds: number[], now = Date.now()): Promise<Map<number, number>> {
  const rows = await q.countOpenSessions(db, memberIds, now);
  return new Map(rows.map((r) => [r.memberId, Number(r.n)]));
}

/** Force logout of one member session by id; false when there is none. The member's next request is a visitor's. */
export async function forceEndSession(ctx: CacheOwner, db: Db, sessionId: number): Promise<boolean> {
  const row = await q.findSessionOwner(db, sessionId);
  if (!row) return false;
  await closeSession(ctx, db, sessionId);
  return true;
}
