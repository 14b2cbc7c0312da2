import type { Db } from '../../db/connection.js';
import { paged } from '../../db/paged.js';

const columns = [
  't.id',
  't.member_id as memberId',
  'm.phone',
  't.real_name as realName',
  't.college_id as collegeId',
  'c.name as collegeName',
  't.proof',
  't.proof_image as proofImage',
  't.state',
  't.reason',
  't.created_at as createdAt',
  't.decided_at as decidedAt',
] as const;

function withNames(db: Db) {
  return db
    .selectFrom('teacher_certifications as t')
    .innerJoin('members as m', 'm.id', 't.member_id')
    .innerJoin('colleges as c', 'c.id', 't.college_id');
}

export type CertRecord = NonNullable<Awaited<ReturnType<typeof findCert>>>;

export function findCert(db: Db, id: number) {
  return withNames(db).select(columns).where('t.id', '=', id).executeTakeFirst();
}

/** The member's newest application (what their page shows). */
export function latestOf(db: Db, memberId: number) {
  return withNames(db)
    .select(columns)
    .where('t.member_id', '=', memberId)
    .orderBy('t.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function waitingOf(db: Db, memberId: number) {
  return db
    .selectFrom('teacher_certifications')
    .select('id')
    .where('member_id', '=', memberId)
    .where('state', '=', 0)
    .executeTakeFirst();
}

export function insertCert(
  db: Db,
  row: {
    member_id: number;
    college_id: number;
    real_name: string;
    proof: string;
    proof_image: string;
    created_at: number;
  },
) {
  return db.insertInto('teacher_certifications').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function pageCerts(
  db: Db,
  filter: { keyword?: string | undefined; state?: number | undefined; offset: number; limit: number },
) {
  const base = withNames(db)
    .$if(filter.state !== undefined, (q) => q.where('t.state', '=', filter.state!))
    .$if(Boolean(filter.keyword), (q) =>
      q.where((eb) =>
        eb.or([
          eb('t.real_name', 'like', `%${filter.keyword}%`),
          eb('m.phone', 'like', `%${filter.keyword}%`),
          eb('c.name', 'like', `%${filter.keyword}%`),
        ]),
      ),
    );
  return paged(base, filter, (q) => q.select(columns).orderBy('t.id', 'desc'));
}

/** Decides a waiting application once: of two staff at once, one decides. */
export async function decide(
  db: Db,
  id: number,
  state: 1 | 2,
  staffId: number,
  reason: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('teacher_certifications')
    .set({ state, reason, decided_by: staffId, decided_at: now })
    .where('id', '=', id)
    .where('state', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
