import { sql } from 'kysely';
import { AuthMsg } from '@textbook/contracts';
import type { AccountsConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { refused } from '../../http/errors.js';

/** The two tables whose rows sign in with a password; both carry `failed_logins` and `locked_until`. */
export type LoginTable = 'members' | 'staff';

function lockedRefusal(lockedUntil: number, now: number) {
  return refused(AuthMsg.ACCOUNT_LOCKED(Math.max(1, Math.ceil((lockedUntil - now) / 60_000))));
}

/**
 * Counts a password try before the password is checked, with one atomic increment in the database, and decides
 * the lock from the value the increment returns: parallel tries never overwrite each other's count, and once
 * `loginMaxFailures` tries are in flight since the last success, the rest are refused without being checked.
 * An expired lock starts the count again at this try. Answers the try's number.
 */
export async function reserveLoginTry(
  db: Db,
  table: LoginTable,
  id: number,
  limits: Pick<AccountsConfig, 'loginMaxFailures' | 'loginLockMinutes'>,
  now: number,
): Promise<number> {
  const expired = sql<boolean>`locked_until is not null and locked_until <= ${now}`;
  const row = await db
    .updateTable(table as 'members')
    .set({
      failed_logins: sql<number>`case when ${expired} then 1 else failed_logins + 1 end`,
      locked_until: sql<number | null>`case when ${expired} then null else locked_until end`,
    })
    .where('id', '=', id)
    .returning(['failed_logins as tries', 'locked_until as lockedUntil'])
    .executeTakeFirst();
  if (!row) throw refused(AuthMsg.LOGIN_FAILED);
  const lockedUntil = row.lockedUntil === null ? null : Number(row.lockedUntil);
  if (lockedUntil !== null && lockedUntil > now) throw lockedRefusal(lockedUntil, now);
  const tries = Number(row.tries);
  if (tries > limits.loginMaxFailures) throw await lock(db, table, id, limits, now);
  return tries;
}

/** Locks the account (unless a lock is already running) and answers the refusal to throw. */
async function lock(
  db: Db,
  table: LoginTable,
  id: number,
  limits: Pick<AccountsConfig, 'loginLockMinutes'>,
  now: number,
) {
  const until = now + limits.loginLockMinutes * 60_000;
  await db
    .updateTable(table as 'members')
    .set({ locked_until: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
  return lockedRefusal(until, now);
}

/** A wrong password on try `tries`: the last allowed try locks the account, earlier ones refuse with `failed`. */
export async function wrongPassword(
  db: Db,
  table: LoginTable,
  id: number,
  tries: number,
  limits: Pick<AccountsConfig, 'loginMaxFailures' | 'loginLockMinutes'>,
  now: number,
  failed: string,
): Promise<never> {
  if (tries >= limits.loginMaxFailures) throw await lock(db, table, id, limits, now);
  throw refused(failed);
}

/** The right password: the count of failures starts again. */
export async function rightPassword(db: Db, table: LoginTable, id: number): Promise<void> {
  await db
    .updateTable(table as 'members')
    .set({ failed_logins: 0, locked_until: null })
    .where('id', '=', id)
    .execute();
}
