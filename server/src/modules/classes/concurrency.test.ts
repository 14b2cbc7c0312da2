import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClassRow, Envelope, JoinResult } from '@textbook/contracts';
import { buildClassWorld, createClass, validClass, type ClassWorld } from '../../../test/classes.js';
import { buildMember, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';

const STUDENTS = 500;
const DOUBLE_PRESSERS = 100;
/**
 * Issue 21: one join's p99 with 500 at once is ≤ 300 ms in `npm run bench` (its own quiet process). Here the
 * test runs beside other test files on a shared machine, so the bound is looser (JOIN_P99_LIMIT_MS to change
 * it); the figure is printed either way.
 */
const P99_LIMIT_MS = Number(process.env.JOIN_P99_LIMIT_MS ?? 6000);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * 500 students join the same class at the same moment over real HTTP (a listening server, 500 open
 * connections), 100 of them pressing twice: exactly 500 memberships, no duplicates, correct counts.
 * On PostgreSQL the joins run in parallel transactions over the pool; on SQLite they interleave on the
 * one connection.
 */
describe('500 concurrent joins', () => {
  const t = useTestApp();
  let w: ClassWorld;
  let students: BuiltMember[];
  let base: string;

  beforeAll(async () => {
    w = await buildClassWorld(t.ctx);
    students = [];
    for (let i = 0; i < STUDENTS; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, () => buildMember(t.ctx.db, { college: w.college, roles: '3' })),
      );
      students.push(...batch);
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);

  async function joinOverHttp(token: string, code: string, i: number): Promise<Envelope<JoinResult>> {
    const res = await fetch(`${base}/api/class/student/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ activationCode: code, studentId: `C${i}`, name: `学生${i}` }),
    });
    return (await res.json()) as Envelope<JoinResult>;
  }

  async function joinAll(code: string, doublePressers = DOUBLE_PRESSERS): Promise<Envelope<JoinResult>[]> {
    const presses = students.flatMap((s, i) =>
      i < doublePressers
        ? [
            [s, i],
            [s, i],
          ]
        : [[s, i]],
    ) as [BuiltMember, number][];
    return Promise.all(presses.map(([s, i]) => joinOverHttp(s.token, code, i)));
  }

  /** 500 students press once at the same moment: the answers and each join's latency, sorted. */
  async function timedJoins(code: string): Promise<{ answers: Envelope<JoinResult>[]; sorted: number[] }> {
    const latencies: number[] = [];
    const answers = await Promise.all(
      students.map(async (s, i) => {
        const started = performance.now();
        const answer = await joinOverHttp(s.token, code, i);
        latencies.push(performance.now() - started);
        return answer;
      }),
    );
    return { answers, sorted: latencies.sort((a, b) => a - b) };
  }

  async function countRows(classId: number) {
    const rows = await t.ctx.db
      .selectFrom('class_students')
      .select(['member_id', 'status'])
      .where('class_id', '=', classId)
      .execute();
    return { rows, distinct: new Set(rows.map((r) => r.member_id)).size };
  }

  it('review on: 500 pending memberships, pending count 500, one notice per student to the teacher', async () => {
    const cls = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '并发审核班', isReview: '0' }));
    const answers = await joinAll(cls.code);
    expect(answers).toHaveLength(STUDENTS + DOUBLE_PRESSERS);
    for (const a of answers) expect(a).toMatchObject({ code: 200, data: { status: 0 } });
    const { rows, distinct } = await countRows(cls.id);
    expect(rows).toHaveLength(STUDENTS);
    expect(distinct).toBe(STUDENTS);
    const detail = expectOk(
      await call<ClassRow>(t.app, { url: `/api/class/detail?id=${cls.id}`, token: w.teacher.token }),
    );
    expect(detail).toMatchObject({ pendingCount: STUDENTS, studentCount: 0 });
    const notices = await t.ctx.db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', w.teacher.id)
      .where('link', '=', `/my/admissionDetails?classId=${cls.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(notices.n)).toBe(STUDENTS);
  }, 120_000);

  it('review off: 500 approved memberships and 500 shelf entries, no duplicates', async () => {
    const cls = await createClass(t, w.teacher.token, validClass(w.bookId, { name: '并发直通班', isReview: '1' }));
    const answers = await joinAll(cls.code);
    for (const a of answers) expect(a).toMatchObject({ code: 200, data: { status: 1, joinShelf: true } });
    const { rows, distinct } = await countRows(cls.id);
    expect(rows).toHaveLength(STUDENTS);
    expect(distinct).toBe(STUDENTS);
    expect(rows.every((r) => r.status === 1)).toBe(true);
    const entries = await t.ctx.db
      .selectFrom('shelf_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source', '=', 'class')
      .where('source_ref', '=', cls.id)
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(STUDENTS);
    const detail = expectOk(
      await call<ClassRow>(t.app, { url: `/api/class/detail?id=${cls.id}`, token: w.teacher.token }),
    );
    expect(detail).toMatchObject({ pendingCount: 0, studentCount: STUDENTS });
  }, 120_000);

  it.each([
    ['on', '0'],
    ['off', '1'],
  ] as const)(
    'review %s: 500 students press once at the same moment; p99 of one join is printed and bounded',
    async (label, isReview) => {
      const cls = await createClass(t, w.teacher.token, validClass(w.bookId, { name: `计时班${isReview}`, isReview }));
      const { answers, sorted } = await timedJoins(cls.code);
      for (const a of answers) expect(a).toMatchObject({ code: 200, data: { status: isReview === '1' ? 1 : 0 } });
      const { rows, distinct } = await countRows(cls.id);
      expect(rows).toHaveLength(STUDENTS);
      expect(distinct).toBe(STUDENTS);
      const p99 = percentile(sorted, 99);
      console.log(
        `[500 joins, review ${label}, ${t.database.dialect}] p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (bench budget 300 ms, test bound ${P99_LIMIT_MS} ms)`,
      );
      expect(p99).toBeLessThan(P99_LIMIT_MS);
    },
    120_000,
  );
});
