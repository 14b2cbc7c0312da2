import { beforeAll, describe, expect, it } from 'vitest';
import { Code, CollegeMsg, type ClassRow, type CollegeBookRow } from '@textbook/contracts';
import { buildBook, join, validClass } from '../../../test/classes.js';
import { grantShelfEntry } from '../shelf/index.js';
import { buildCollege, buildMember, buildStaff, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';

const MEMBERS = 300;
const SEATS = 100;

/**
 * Seats and codes under a crowd: on PostgreSQL the requests run in parallel transactions over the pool, on
 * SQLite they interleave on the one connection. Either way the counts never pass the seats bought, and a code
 * is redeemed once.
 */
describe('seat races', () => {
  const t = useTestApp();
  let college: { id: number; name: string };
  let admin: BuiltMember;
  let staff: { token: string };
  let members: BuiltMember[];

  beforeAll(async () => {
    const db = t.ctx.db;
    college = await buildCollege(db);
    admin = await buildMember(db, { college, roles: '1' });
    staff = await buildStaff(db);
    members = [];
    for (let i = 0; i < MEMBERS; i += 50) {
      members.push(...(await Promise.all(Array.from({ length: 50 }, () => buildMember(db, { college, roles: '3' })))));
    }
  }, 120_000);

  async function seatBook(seats: number): Promise<CollegeBookRow> {
    const bookId = await buildBook(t.ctx.db);
    return expectOk(
      await call<CollegeBookRow>(t.app, {
        method: 'POST',
        url: '/api/admin/collegeBook/adjust',
        token: staff.token,
        payload: { collegeId: college.id, bookId, delta: seats, reason: '并发测试' },
      }),
    );
  }

  async function countsOf(id: number) {
    const cb = await t.ctx.db
      .selectFrom('college_books')
      .select(['bought_count', 'given_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const ledger = await t.ctx.db
      .selectFrom('college_seat_ledger')
      .select(['given_delta'])
      .where('college_book_id', '=', id)
      .execute();
    const holders = await t.ctx.db
      .selectFrom('college_authorizations')
      .select('member_id')
      .where('college_book_id', '=', id)
      .execute();
    const shelf = await t.ctx.db
      .selectFrom('shelf_entries as e')
      .innerJoin('college_books as cb', 'cb.book_id', 'e.book_id')
      .select('e.member_id')
      .where('cb.id', '=', id)
      .where('e.source', '=', 'authorization')
      .execute();
    return {
      given: Number(cb.given_count),
      ledgerGiven: ledger.reduce((s, r) => s + Number(r.given_delta), 0),
      holders: holders.length,
      shelf: shelf.length,
    };
  }

  it(`${MEMBERS} simultaneous grants of a book with ${SEATS} seats left give exactly ${SEATS}`, async () => {
    const cb = await seatBook(SEATS);
    const answers = await Promise.all(
      members.map((m) =>
        call(t.app, {
          method: 'POST',
          url: '/api/collegeBook/bookAuthorize',
          token: admin.token,
          payload: { id: cb.id, memberIds: [m.id] },
        }),
      ),
    );
    expect(answers.filter((a) => a.body.code === Code.OK)).toHaveLength(SEATS);
    const refusedAll = answers.filter((a) => a.body.code !== Code.OK);
    expect(refusedAll.every((a) => a.body.msg === CollegeMsg.SEATS_SHORT(0))).toBe(true);
    expect(answers.every((a) => a.status !== 500)).toBe(true);
    expect(await countsOf(cb.id)).toEqual({ given: SEATS, ledgerGiven: SEATS, holders: SEATS, shelf: SEATS });
  }, 120_000);

  it('the same code redeemed by two members at once: exactly one wins (20 codes)', async () => {
    const cb = await seatBook(40);
    const batch = expectOk(
      await call<{ codes: string[] }>(t.app, {
        method: 'POST',
        url: '/api/collegeBookActiveCode/generate',
        token: admin.token,
        payload: { id: cb.id, count: 20, days: 7 },
      }),
    );
    const answers = await Promise.all(
      batch.codes.flatMap((code, i) =>
        [members[2 * i]!, members[2 * i + 1]!].map((m) =>
          call(t.app, { method: 'POST', url: '/api/collegeBookActiveCode/redeem', token: m.token, payload: { code } }),
        ),
      ),
    );
    for (let i = 0; i < 20; i += 1) {
      const pair = [answers[2 * i]!, answers[2 * i + 1]!];
      expect(pair.filter((a) => a.body.code === Code.OK)).toHaveLength(1);
      expect(pair.find((a) => a.body.code !== Code.OK)!.body.msg).toBe(CollegeMsg.CODE_USED);
    }
    expect(await countsOf(cb.id)).toEqual({ given: 20, ledgerGiven: 20, holders: 20, shelf: 20 });
  }, 120_000);

  it('60 simultaneous joins of a class whose college has 25 seats left give exactly 25', async () => {
    const cb = await seatBook(25);
    const bookId = (
      await t.ctx.db.selectFrom('college_books').select('book_id').where('id', '=', cb.id).executeTakeFirstOrThrow()
    ).book_id;
    const teacher = await buildMember(t.ctx.db, { college, roles: '2' });
    await grantShelfEntry(t.ctx, t.ctx.db, {
      memberId: teacher.id,
      bookId,
      source: 'sample',
      sourceRef: 1,
      collegeId: college.id,
    });
    const cls = expectOk(
      await call<ClassRow>(t.app, {
        method: 'POST',
        url: '/api/class/save',
        token: teacher.token,
        payload: validClass(bookId, { isReview: '1' }),
      }),
    );
    const joiners = members.slice(100, 160);
    const answers = await Promise.all(joiners.map((m, i) => join(t, m.token, cls.code, `J${i}`, `学生${i}`)));
    expect(answers.filter((a) => a.body.code === Code.OK)).toHaveLength(25);
    const refusedAll = answers.filter((a) => a.body.code !== Code.OK);
    expect(refusedAll.every((a) => a.body.msg === CollegeMsg.JOIN_NO_SEATS(cb.bookName))).toBe(true);
    expect(answers.every((a) => a.status !== 500)).toBe(true);
    const counts = await countsOf(cb.id);
    expect({ given: counts.given, ledgerGiven: counts.ledgerGiven, holders: counts.holders }).toEqual({
      given: 25,
      ledgerGiven: 25,
      holders: 25,
    });
    const joined = await t.ctx.db.selectFrom('class_students').select('id').where('class_id', '=', cls.id).execute();
    expect(joined).toHaveLength(25);
  }, 120_000);
});
