import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';

/** Activation codes of a college book: issue, claim, revoke, list. */

export function insertCodes(
  db: Db,
  cb: { id: number; collegeId: number },
  codes: string[],
  batch: number,
  expiresAt: number,
  now: number,
) {
  return db
    .insertInto('college_active_codes')
    .values(
      codes.map((code) => ({
        college_book_id: cb.id,
        college_id: cb.collegeId,
        code,
        batch,
        expires_at: expiresAt,
        created_at: now,
      })),
    )
    .execute();
}

export function findCode(db: Db, code: string) {
  return db
    .selectFrom('college_active_codes')
    .select(['id', 'college_book_id as collegeBookId', 'college_id as collegeId', 'status', 'expires_at as expiresAt'])
    .where('code', '=', code)
    .executeTakeFirst();
}

export function findCodeById(db: Db, id: number) {
  return db
    .selectFrom('college_active_codes')
    .select(['id', 'college_book_id as collegeBookId', 'college_id as collegeId', 'status', 'expires_at as expiresAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks the code used by this member, only while unused and unexpired: of two at once, one wins. */
export async function claimCode(db: Db, id: number, memberId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('college_active_codes')
    .set({ status: 1, redeemed_by: memberId, redeemed_at: now })
    .where('id', '=', id)
    .where('status', '=', 0)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeCode(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('college_active_codes')
    .set({ status: 3 })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

type CodeFilter = { state?: string | undefined; batch?: number | undefined };

function codesQuery(db: Db, collegeBookId: number, filter: CodeFilter, now: number) {
  return db
    .selectFrom('college_active_codes as k')
    .leftJoin('members as m', 'm.id', 'k.redeemed_by')
    .where('k.college_book_id', '=', collegeBookId)
    .$if(filter.batch !== undefined, (q) => q.where('k.batch', '=', filter.batch!))
    .$if(filter.state === 'unused', (q) => q.where('k.status', '=', 0).where('k.expires_at', '>', now))
    .$if(filter.state === 'expired', (q) => q.where('k.status', '=', 0).where('k.expires_at', '<=', now))
    .$if(filter.state === 'redeemed', (q) => q.where('k.status', '=', 1))
    .$if(filter.state === 'revoked', (q) => q.where('k.status', '=', 3));
}

const codeColumns = [
  'k.id',
  'k.code',
  'k.batch',
  'k.status',
  'k.expires_at as expiresAt',
  'k.redeemed_at as redeemedAt',
  'k.created_at as createTime',
  'm.real_name as redeemedRealName',
  'm.user_name as redeemedUserName',
  'm.phone as redeemedPhone',
] as const;

export async function pageCodes(
  db: Db,
  collegeBookId: number,
  filter: CodeFilter & { offset: number; limit: number },
  now: number,
) {
  return paged(codesQuery(db, collegeBookId, filter, now), filter, (q) =>
    q.select(codeColumns).orderBy('k.id', 'desc'),
  );
}

export function allCodes(db: Db, collegeBookId: number, filter: CodeFilter, now: number) {
  return codesQuery(db, collegeBookId, filter, now).select(codeColumns).orderBy('k.id', 'asc').limit(10_000).execute();
}
