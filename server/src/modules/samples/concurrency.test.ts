import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { Code, SampleMsg, type Envelope, type SampleApplyAnswer } from '@textbook/contracts';
import { buildBook } from '../../../test/classes.js';
import { buildCollege, buildMember, buildStaff, type BuiltMember } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';

const PRESSES = 12;

/**
 * Applies at the same moment over real HTTP (a listening server, parallel connections): on PostgreSQL they run
 * in parallel transactions over the pool, on SQLite they interleave on the one connection. One teacher pressing
 * many times gets one application; many books at once never go past the yearly quota.
 */
describe('concurrent sample applies', () => {
  const t = useTestApp();
  let base: string;
  let staffToken: string;

  beforeAll(async () => {
    staffToken = (await buildStaff(t.ctx.db)).token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  async function teacher(): Promise<BuiltMember> {
    return buildMember(t.ctx.db, { college: await buildCollege(t.ctx.db), roles: '2' });
  }

  async function applyOverHttp(token: string, bookId: number): Promise<Envelope<SampleApplyAnswer | null>> {
    const res = await fetch(`${base}/api/sample-book/apply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ bookId, validityPeriod: '6M' }),
    });
    expect(res.status).toBeLessThan(500);
    return (await res.json()) as Envelope<SampleApplyAnswer | null>;
  }

  const applications = (memberId: number) =>
    t.ctx.db.selectFrom('sample_applications').selectAll().where('member_id', '=', memberId).execute();
  const used = async (memberId: number) =>
    (await t.ctx.db.selectFrom('sample_quota_usage').select('used').where('member_id', '=', memberId).execute()).map(
      (r) => Number(r.used),
    );

  it('gives one waiting application when a teacher presses apply many times at once', async () => {
    const m = await teacher();
    const bookId = await buildBook(t.ctx.db);
    const answers = await Promise.all(Array.from({ length: PRESSES }, () => applyOverHttp(m.token, bookId)));
    expect(answers.filter((a) => a.code === Code.OK)).toHaveLength(1);
    expect(answers.filter((a) => a.msg === SampleMsg.EXIST)).toHaveLength(PRESSES - 1);
    expect(await applications(m.id)).toHaveLength(1);
    expect(await used(m.id)).toEqual([1]);
  });

  it('gives one application and one shelf entry for an auto-approve book', async () => {
    const m = await teacher();
    const bookId = await buildBook(t.ctx.db);
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/sample-book/autoApprove',
        token: staffToken,
        payload: { bookId, autoApprove: true },
      }),
    );
    const answers = await Promise.all(Array.from({ length: PRESSES }, () => applyOverHttp(m.token, bookId)));
    expect(answers.filter((a) => a.code === Code.OK).map((a) => a.data?.result)).toEqual(['AUDIT_PASS']);
    expect(answers.filter((a) => a.msg === SampleMsg.HAS)).toHaveLength(PRESSES - 1);
    expect(await applications(m.id)).toHaveLength(1);
    const entries = await t.ctx.db
      .selectFrom('shelf_entries')
      .selectAll()
      .where('member_id', '=', m.id)
      .where('book_id', '=', bookId)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ source: 'sample' });
  });

  it('never goes past the yearly quota when one teacher applies for many books at once', async () => {
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/sample-book/settings',
        token: staffToken,
        payload: { amount: 3, times: [{ code: '6M', value: '6个月' }] },
      }),
    );
    const m = await teacher();
    const books = await Promise.all(Array.from({ length: PRESSES }, () => buildBook(t.ctx.db)));
    const answers = await Promise.all(books.map((bookId) => applyOverHttp(m.token, bookId)));
    expect(answers.filter((a) => a.code === Code.OK)).toHaveLength(3);
    expect(answers.filter((a) => a.msg === SampleMsg.OVER)).toHaveLength(PRESSES - 3);
    expect(await applications(m.id)).toHaveLength(3);
    expect(await used(m.id)).toEqual([3]);
  });
});
