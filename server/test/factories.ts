import { randomInt } from 'node:crypto';
import type { Db } from '../src/db/connection.js';
import * as colleges from '../src/modules/college/queries.js';
import * as members from '../src/modules/member/queries.js';
import { openSession, openStaffSession } from '../src/modules/session/service.js';

let sequence = 0;

export function uniquePhone(): string {
  sequence += 1;
  return `139${String(randomInt(0, 10_000)).padStart(4, '0')}${String(sequence).padStart(4, '0')}`;
}

export async function buildCollege(db: Db, name = `测试学院${++sequence}`): Promise<{ id: number; name: string }> {
  const { id } = await colleges.insertCollege(db, { name }, Date.now());
  return { id, name };
}

export interface BuiltMember {
  id: number;
  phone: string;
  token: string;
}

/** A member with a session; with a college, a membership carrying the given roles becomes current. */
export async function buildMember(
  db: Db,
  options: { college?: { id: number }; roles?: string; userName?: string } = {},
): Promise<BuiltMember> {
  const now = Date.now();
  const phone = uniquePhone();
  const { id } = await members.insertMember(db, {
    phone,
    user_name: options.userName ?? `用户${phone.slice(-4)}`,
    created_at: now,
    updated_at: now,
  });
  if (options.college) {
    await members.insertMembership(db, {
      college_id: options.college.id,
      member_id: id,
      roles: options.roles ?? '0',
      created_at: now,
    });
    await members.setCurrentCollege(db, id, options.college.id);
  }
  return { id, phone, token: await openSession(db, id) };
}

/** A staff account with a session (the staff login itself lives in the accounts module). */
/**
 * A staff account with a session. Without options: every working role (editor, reviewer, finance) but not the
 * super administrator's; `isAdmin`: super; `roles`: exactly these.
 */
export async function buildStaff(
  db: Db,
  options: { isAdmin?: boolean; roles?: ('editor' | 'reviewer' | 'finance')[] } = {},
): Promise<{ id: number; token: string }> {
  sequence += 1;
  const { id } = await db
    .insertInto('staff')
    .values({
      user_name: `staff${sequence}_${randomInt(0, 1_000_000)}`,
      password_hash: 'not-a-login',
      is_admin: options.isAdmin ? 1 : 0,
      roles: (options.roles ?? ['editor', 'reviewer', 'finance']).join(','),
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token: await openStaffSession(db, id) };
}

export type StaffRoleName = 'super' | 'editor' | 'reviewer' | 'finance';

/** One staff member of each console role (the super administrator and one role each), for per-role tests. */
export async function buildStaffOfEachRole(db: Db): Promise<Record<StaffRoleName, { id: number; token: string }>> {
  return {
    super: await buildStaff(db, { isAdmin: true, roles: [] }),
    editor: await buildStaff(db, { roles: ['editor'] }),
    reviewer: await buildStaff(db, { roles: ['reviewer'] }),
    finance: await buildStaff(db, { roles: ['finance'] }),
  };
}
