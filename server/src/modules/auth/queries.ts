import type { Db } from '../../db/connection.js';

export function findMemberByPhone(db: Db, phone: string) {
  return db
    .selectFrom('members')
    .select(['id', 'password_hash as passwordHash', 'failed_logins as failedLogins', 'locked_until as lockedUntil'])
    .where('phone', '=', phone)
    .executeTakeFirst();
}

export function findMemberSecrets(db: Db, id: number) {
  return db
    .selectFrom('members')
    .select(['id', 'phone', 'password_hash as passwordHash'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function setPassword(db: Db, id: number, passwordHash: string, now: number) {
  return db
    .updateTable('members')
    .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export function insertCode(
  db: Db,
  row: { phone: string; purpose: string; code_hash: string; expires_at: number; created_at: number },
) {
  return db.insertInto('sms_codes').values(row).execute();
}

/** Older unused codes of the same phone and purpose die when a new one is sent. */
export function retireCodes(db: Db, phone: string, purpose: string, now: number) {
  return db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export function latestCode(db: Db, phone: string, purpose: string) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash as codeHash', 'attempts', 'used_at as usedAt', 'expires_at as expiresAt'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts a try before the code is compared, in one conditional increment: a try counts only while the code is
 * unused, unexpired and under `maxTries`, and the answer is the try's number (undefined when the code is dead).
 * Whatever the concurrency, on one instance or many, no more than `maxTries` comparisons are ever made.
 */
export async function reserveTry(db: Db, id: number, maxTries: number, now: number): Promise<number | undefined> {
  const row = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxTries)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('attempts')
    .executeTakeFirst();
  return row ? Number(row.attempts) : undefined;
}

/** Uses the code once: only the first of two concurrent uses updates the row. */
export async function useCode(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findIdentity(db: Db, provider: string, subject: string) {
  return db
    .selectFrom('member_identities')
    .select('member_id as memberId')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function linkIdentity(
  db: Db,
  row: { provider: string; subject: string; member_id: number; created_at: number },
) {
  return db.insertInto('member_identities').values(row).execute();
}
