import { describe, expect, it } from 'vitest';
import { MemberStatus } from '@textbook/contracts';
import { buildClassWorld, createClass, validClass } from '../../../test/classes.js';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { findByCode } from './joiner.js';
import { writeJoin, type JoinWrite } from './join-batch.js';

/** The group commit of joins (issue 21): what one batch writes for each join, exactly. */
describe('joins written in one batch', () => {
  const t = useTestApp();

  /** The seats of the world's book its college has given. */
  async function seatsGiven(w: { college: { id: number }; bookId: number }): Promise<number> {
    const cb = await t.ctx.db
      .selectFrom('college_books')
      .select('given_count')
      .where('college_id', '=', w.college.id)
      .where('book_id', '=', w.bookId)
      .executeTakeFirstOrThrow();
    return Number(cb.given_count);
  }

  /** A class world whose college bought `seats` seats of the book, and a class of it that takes joins at once. */
  async function seatedClass(seats: number) {
    const w = await buildClassWorld(t.ctx);
    const staff = await buildStaff(t.ctx.db);
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/collegeBook/adjust',
        token: staff.token,
        payload: { collegeId: w.college.id, bookId: w.bookId, delta: seats, reason: '测试' },
      }),
    );
    const code = (await createClass(t, w.teacher.token, validClass(w.bookId, { isReview: '1' }))).code;
    return { w, cls: (await findByCode(t.ctx, code))! };
  }

  it('a student in one batch twice (a double press): one row, one notice; the others each their own', async () => {
    const w = await buildClassWorld(t.ctx);
    const cls = (await findByCode(t.ctx, (await createClass(t, w.teacher.token, validClass(w.bookId))).code))!;
    const other = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
    const write = (memberId: number, studentId: string): JoinWrite => ({
      memberId,
      identity: { studentId, name: '同批' },
      identityOf: null,
      enrol: false,
      status: MemberStatus.PENDING,
    });
    // Submitted in one turn of the event loop: one batch.
    const outcomes = await Promise.all([
      writeJoin(t.ctx, cls, write(w.student.id, 'B1')),
      writeJoin(t.ctx, cls, write(w.student.id, 'B1')),
      writeJoin(t.ctx, cls, write(other.id, 'B2')),
    ]);
    expect(outcomes).toEqual([
      { changed: true, status: MemberStatus.PENDING },
      { changed: false, status: MemberStatus.PENDING },
      { changed: true, status: MemberStatus.PENDING },
    ]);
    const rows = await t.ctx.db
      .selectFrom('class_students')
      .select('member_id')
      .where('class_id', '=', cls.id)
      .execute();
    expect(rows.map((r) => r.member_id).sort()).toEqual([w.student.id, other.id].sort());
    const notices = await t.ctx.db
      .selectFrom('notices')
      .select('title')
      .where('member_id', '=', w.teacher.id)
      .where('link', '=', `/my/admissionDetails?classId=${cls.id}`)
      .execute();
    expect(notices).toHaveLength(2);
  });

  it('a batch that fails is written again join by join: each gets its own answer', async () => {
    const w = await buildClassWorld(t.ctx);
    const cls = (await findByCode(
      t.ctx,
      (await createClass(t, w.teacher.token, validClass(w.bookId, { isReview: '1' }))).code,
    ))!;
    const good = await buildMember(t.ctx.db, { college: w.college, roles: '3' });
    const direct = (memberId: number): JoinWrite => ({
      memberId,
      identity: { studentId: `S${memberId}`, name: '直通' },
      identityOf: null,
      enrol: false,
      status: MemberStatus.APPROVED,
    });
    // A member id that does not exist fails the batch's insert (foreign key); the good join still goes in.
    const [ok, bad] = await Promise.allSettled([
      writeJoin(t.ctx, cls, direct(good.id)),
      writeJoin(t.ctx, cls, direct(987_654_321)),
    ]);
    expect(ok).toEqual({ status: 'fulfilled', value: { changed: true, status: MemberStatus.APPROVED } });
    expect(bad.status).toBe('rejected');
    const rows = await t.ctx.db
      .selectFrom('class_students')
      .select('member_id')
      .where('class_id', '=', cls.id)
      .execute();
    expect(rows.map((r) => r.member_id)).toEqual([good.id]);
  });

  it('a lecture hall is one batch, as many statements for 250 joins as for 3, the college’s seats included', async () => {
    const { w, cls } = await seatedClass(300);
    const statementsFor = async (n: number) => {
      const students = await Promise.all(
        Array.from({ length: n }, () => buildMember(t.ctx.db, { college: w.college, roles: '3' })),
      );
      /** The students' memberships of the college, as they stand. */
      const membershipsOfStudents = () =>
        t.ctx.db
          .selectFrom('college_members')
          .select(['id', 'member_id', 'student_id', 'real_name'])
          .where('college_id', '=', w.college.id)
          .where(
            'member_id',
            'in',
            students.map((s) => s.id),
          )
          .execute();
      const memberships = await membershipsOfStudents();
      const membershipOf = new Map(memberships.map((m) => [Number(m.member_id), Number(m.id)]));
      let statements = 0;
      const db = t.ctx.db.withPlugin({
        transformQuery: ({ node }) => {
          statements += 1;
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      const outcomes = await Promise.all(
        students.map((s) =>
          writeJoin({ ...t.ctx, db }, cls, {
            memberId: s.id,
            identity: { studentId: `S${s.id}`, name: `整班${s.id}` },
            identityOf: membershipOf.get(s.id)!,
            enrol: false,
            status: MemberStatus.APPROVED,
          }),
        ),
      );
      expect(outcomes).toEqual(students.map(() => ({ changed: true, status: MemberStatus.APPROVED })));
      // Each membership of the college took its own student id and name.
      const named = await membershipsOfStudents();
      expect(named.map((m) => [Number(m.member_id), m.student_id, m.real_name]).sort()).toEqual(
        students.map((s) => [s.id, `S${s.id}`, `整班${s.id}`]).sort(),
      );
      return statements;
    };
    expect(await statementsFor(250)).toBe(await statementsFor(3));
    expect(await seatsGiven(w)).toBe(253);
  });

  it('joins that arrive while batches are written wait for the next: one at a time on SQLite, two on PostgreSQL, each join once', async () => {
    const { w, cls } = await seatedClass(30);
    const students = await Promise.all(
      Array.from({ length: 30 }, () => buildMember(t.ctx.db, { college: w.college, roles: '3' })),
    );
    // The batches' transactions, counted as they open and end.
    let open = 0;
    let most = 0;
    const db = new Proxy(t.ctx.db, {
      get(target, prop) {
        if (prop !== 'transaction') {
          const value = Reflect.get(target, prop, target) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        }
        return () => {
          const builder = target.transaction();
          return {
            execute: async <T>(fn: Parameters<typeof builder.execute<T>>[0]) => {
              most = Math.max(most, (open += 1));
              try {
                return await builder.execute(fn);
              } finally {
                open -= 1;
              }
            },
          };
        };
      },
    });
    const join = (memberId: number) =>
      writeJoin({ ...t.ctx, db }, cls, {
        memberId,
        identity: { studentId: `S${memberId}`, name: `分批${memberId}` },
        identityOf: null,
        enrol: false,
        status: MemberStatus.APPROVED,
      });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    // Three waves, each in a later turn of the event loop than the one before, while the first batches are written;
    // the first student presses again in the last wave.
    const waves: Promise<unknown>[] = [];
    for (let wave = 0; wave < 3; wave += 1) {
      waves.push(...students.slice(wave * 10, wave * 10 + 10).map((s) => join(s.id)));
      if (wave === 2) waves.push(join(students[0]!.id));
      await turn();
    }
    const outcomes = await Promise.all(waves);
    expect(outcomes.slice(0, 30)).toEqual(students.map(() => ({ changed: true, status: MemberStatus.APPROVED })));
    expect(outcomes[30]).toEqual({ changed: false, status: MemberStatus.APPROVED });
    expect(most).toBe(t.ctx.dialect === 'postgres' ? 2 : 1);
    const rows = await t.ctx.db
      .selectFrom('class_students')
      .select('member_id')
      .where('class_id', '=', cls.id)
      .execute();
    expect(rows.map((r) => Number(r.member_id)).sort()).toEqual(students.map((s) => s.id).sort());
    expect(await seatsGiven(w)).toBe(30);
  });
});
