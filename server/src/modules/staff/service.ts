import type { FastifyBaseLogger } from 'fastify';
import { AdminMsg, AuthMsg, menusOfRoles, passwordProblem, type StaffInfo, type StaffRole } from '@textbook/contracts';
import type { StaffActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { conflict, notFound, refused } from '../../http/errors.js';
import { invalidate, tag } from '../../http/read-cache.js';
import { isUniqueViolation } from '../../db/unique.js';
import {
  decryptPassword,
  hashPassword,
  reserveLoginTry,
  rightPassword,
  verifyPassword,
  wrongPassword,
} from '../auth/index.js';
import { closeSessionsOfStaff, openStaffSession, parseStaffRoles } from '../session/index.js';
import * as q from './queries.js';

type Row = NonNullable<Awaited<ReturnType<typeof q.findById>>>;

export function presentStaff(row: Row): StaffInfo {
  const roles = parseStaffRoles(row.roles, Boolean(row.isAdmin));
  return {
    id: row.id,
    userName: row.userName,
    displayName: row.displayName,
    isAdmin: Boolean(row.isAdmin),
    disabled: Boolean(row.disabled),
    roles,
    menus: menusOfRoles(roles),
  };
}

/** The roles column: every role but `super`, which is `is_admin`. */
function rolesColumn(roles: readonly StaffRole[]): string {
  return [...new Set(roles.filter((r) => r !== 'super'))].join(',');
}

function newPassword(ctx: AppContext, encrypted: string): string {
  const password = decryptPassword(ctx.config.accounts.passwordCipherKey, encrypted);
  const problem = passwordProblem(password);
  if (problem) throw refused(problem);
  return password;
}

/**
 * Staff sign-in, with the same lockout as members: after `loginMaxFailures` wrong passwords in a row the
 * account is locked for `loginLockMinutes`. A disabled account never signs in.
 */
export async function staffLogin(
  ctx: AppContext,
  input: { userName: string; password: string },
  now = Date.now(),
): Promise<string> {
  const password = decryptPassword(ctx.config.accounts.passwordCipherKey, input.password);
  const staff = await q.findByName(ctx.db, input.userName.trim());
  if (!staff || staff.disabled) throw refused(AuthMsg.STAFF_LOGIN_FAILED);
  const limits = ctx.config.accounts;
  const tries = await reserveLoginTry(ctx.db, 'staff', staff.id, limits, now);
  if (!(await verifyPassword(staff.passwordHash, password))) {
    return wrongPassword(ctx.db, 'staff', staff.id, tries, limits, now, AuthMsg.STAFF_LOGIN_FAILED);
  }
  await rightPassword(ctx.db, 'staff', staff.id);
  return openStaffSession(ctx.db, staff.id, now);
}

export async function staffMe(ctx: AppContext, actor: StaffActor): Promise<StaffInfo> {
  const row = await q.findById(ctx.db, actor.staffId);
  if (!row) throw notFound();
  return presentStaff(row);
}

export async function listStaff(ctx: AppContext): Promise<StaffInfo[]> {
  return (await q.listStaff(ctx.db)).map(presentStaff);
}

export async function createStaff(
  ctx: AppContext,
  input: { userName: string; displayName: string; password: string; isAdmin: boolean; roles?: StaffRole[] },
): Promise<StaffInfo> {
  // A staff account without roles signs in and opens nothing (safe by default) until roles are given.
  const isAdmin = input.isAdmin || Boolean(input.roles?.includes('super'));
  const password = newPassword(ctx, input.password);
  if (await q.findByName(ctx.db, input.userName)) throw conflict(AuthMsg.STAFF_NAME_TAKEN);
  // Two parallel creations of one name both pass the check above: the unique index decides, and the loser hears 409.
  const { id } = await insertNamedStaff(ctx, {
    user_name: input.userName,
    display_name: input.displayName,
    password_hash: await hashPassword(password),
    is_admin: isAdmin ? 1 : 0,
    roles: rolesColumn(input.roles ?? []),
    created_at: Date.now(),
  });
  return presentStaff((await q.findById(ctx.db, id))!);
}

/** A staff account as it is now (the audit log's "before" of a change), or null. */
export async function staffSnapshot(ctx: AppContext, id: number): Promise<StaffInfo | null> {
  const row = await q.findById(ctx.db, id);
  return row ? presentStaff(row) : null;
}

/** Changes another staff account; disabling it or changing its password ends its sessions. */
export async function updateStaff(
  ctx: AppContext,
  actor: StaffActor,
  input: {
    id: number;
    displayName?: string | undefined;
    isAdmin?: boolean | undefined;
    disabled?: boolean | undefined;
    password?: string | undefined;
    roles?: StaffRole[] | undefined;
  },
): Promise<StaffInfo> {
  const row = await q.findById(ctx.db, input.id);
  if (!row) throw notFound();
  if (input.id === actor.staffId && (input.disabled || input.isAdmin === false)) {
    throw refused('不能停用自己或取消自己的管理员身份');
  }
  if (input.id === actor.staffId && input.roles !== undefined) throw refused(AdminMsg.NOT_OWN_ROLES);
  // Roles given as a list: `super` in it is the administrator flag, the rest the roles column.
  const isAdmin = input.roles !== undefined ? input.roles.includes('super') : input.isAdmin;
  const values = {
    ...(input.displayName !== undefined ? { display_name: input.displayName } : {}),
    ...(isAdmin !== undefined ? { is_admin: isAdmin ? 1 : 0 } : {}),
    ...(input.roles !== undefined ? { roles: rolesColumn(input.roles) } : {}),
    ...(input.disabled !== undefined ? { disabled: input.disabled ? 1 : 0 } : {}),
    ...(input.password ? { password_hash: await hashPassword(newPassword(ctx, input.password)) } : {}),
  };
  // A request that names no field changes nothing (an UPDATE without a column would be an SQL error).
  if (Object.keys(values).length > 0) await q.updateStaff(ctx.db, input.id, values);
  if (input.disabled || input.password) await closeSessionsOfStaff(ctx.db, input.id);
  // Signed-in staff see the change (administrator or not, disabled) on their next request.
  invalidate(ctx, tag.staff(input.id));
  return presentStaff((await q.findById(ctx.db, input.id))!);
}

/** The first staff administrator, from configuration, when there is no staff yet. */
export async function ensureFirstAdmin(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if ((await q.countStaff(ctx.db)) > 0) return;
  const { staffAdminUser, staffAdminPassword } = ctx.config.accounts;
  if (!staffAdminPassword) {
    log.warn('no staff account yet: set STAFF_ADMIN_PASSWORD (and STAFF_ADMIN_USER) to create the first administrator');
    return;
  }
  const problem = passwordProblem(staffAdminPassword);
  if (problem) {
    log.error(`STAFF_ADMIN_PASSWORD is not acceptable: ${problem}`);
    return;
  }
  await q.insertStaff(ctx.db, {
    user_name: staffAdminUser,
    display_name: '管理员',
    password_hash: await hashPassword(staffAdminPassword),
    is_admin: 1,
    created_at: Date.now(),
  });
  log.info({ user: staffAdminUser }, 'first staff administrator created from configuration');
}

/** Test routes only: a staff account with a plain password (the journeys then sign in through the form). */
export async function createTestStaff(
  ctx: AppContext,
  userName: string,
  password: string,
  isAdmin: boolean,
  roles: StaffRole[] = ['editor', 'reviewer', 'finance'],
) {
  return insertNamedStaff(ctx, {
    user_name: userName,
    display_name: userName,
    password_hash: await hashPassword(password),
    is_admin: isAdmin ? 1 : 0,
    roles: rolesColumn(roles),
    created_at: Date.now(),
  });
}

/** A new staff row; a name already taken (the unique index decides, also between parallel creations) is a 409. */
function insertNamedStaff(ctx: AppContext, row: Parameters<typeof q.insertStaff>[1]) {
  return q.insertStaff(ctx.db, row).catch((error: unknown) => {
    throw isUniqueViolation(error) ? conflict(AuthMsg.STAFF_NAME_TAKEN) : error;
  });
}
