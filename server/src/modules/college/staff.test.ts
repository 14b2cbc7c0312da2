import { beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  PeopleMsg,
  type AdminCollegeRow,
  type AuditRow,
  type CollegeBookRow,
  type CollegeOrderRow,
  type CollegeUserRow,
  type Paged,
} from '@textbook/contracts';
import { buildBook } from '../../../test/classes.js';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';

/** Colleges for the publisher's staff (issue 19): create, edit, appoint administrators, books and orders. */
const t = useTestApp();
let chief: { id: number; token: string };
let finance: { id: number; token: string };
let editor: { id: number; token: string };
let reviewer: { id: number; token: string };

beforeAll(async () => {
  chief = await buildStaff(t.ctx.db, { isAdmin: true, roles: [] });
  finance = await buildStaff(t.ctx.db, { roles: ['finance'] });
  editor = await buildStaff(t.ctx.db, { roles: ['editor'] });
  reviewer = await buildStaff(t.ctx.db, { roles: ['reviewer'] });
});

const post = <T>(token: string, url: string, payload: object) =>
  call<T>(t.app, { method: 'POST', url: `/api/admin${url}`, token, payload });
const get = <T>(token: string, url: string) => call<T>(t.app, { url: `/api/admin${url}`, token });

async function createCollege(name: string): Promise<AdminCollegeRow> {
  return expectOk(await post<AdminCollegeRow>(chief.token, '/college/save', { name, contact: '王老师' }));
}

async function auditOf(action: string): Promise<AuditRow[]> {
  const page = expectOk(
    await get<Paged<AuditRow>>(chief.token, `/audit/page?pageSize=100&keyword=${encodeURIComponent(action)}`),
  );
  return page.rows;
}

describe('colleges for the staff', () => {
  it('creates a college (a name used twice is refused), edits it and finds it by name words', async () => {
    const made = await createCollege('东方理工大学');
    expect(made).toMatchObject({ name: '东方理工大学', contact: '王老师', memberCount: 0, bookCount: 0, admins: [] });
    expectRefused(await post(chief.token, '/college/save', { name: '东方理工大学' }), PeopleMsg.COLLEGE_NAME_TAKEN);
    expectRefused(await post(chief.token, '/college/save', { name: '  ' }), PeopleMsg.COLLEGE_NAME_REQUIRED);
    const edited = await post<AdminCollegeRow>(finance.token, '/college/update', {
      id: made.id,
      name: '东方理工大学（本部）',
      address: '东方路1号',
    });
    expect(edited.body.msg).toBe(PeopleMsg.COLLEGE_SAVED);
    expect(expectOk(edited)).toMatchObject({ name: '东方理工大学（本部）', address: '东方路1号' });
    const found = expectOk(
      await get<Paged<AdminCollegeRow>>(finance.token, `/college/page?keyword=${encodeURIComponent('理工')}`),
    );
    expect(found.rows.map((r) => r.id)).toContain(made.id);
    expect((await post(chief.token, '/college/update', { id: 999_999, name: 'x' })).status).toBe(404);
    // The audit log has the edit with the college as it was before.
    const [entry] = await auditOf('college.staff');
    expect(entry).toMatchObject({ url: '/api/admin/college/update', staffId: finance.id });
    expect(JSON.parse(entry!.before!)).toMatchObject({ name: '东方理工大学' });
    expect(JSON.parse(entry!.after!)).toMatchObject({ answer: { name: '东方理工大学（本部）' } });
  });

  it('appoints a registered member as the college administrator; they administer it at once; dismisses them', async () => {
    const college = await createCollege('西山师范学院');
    const member = await buildMember(t.ctx.db);
    expect((await call(t.app, { url: '/api/collegeBook/page', token: member.token })).status).toBe(403);
    expectRefused(
      await post(chief.token, '/college/appoint', { collegeId: college.id, phone: '13900000000' }),
      PeopleMsg.PHONE_NOT_REGISTERED,
    );
    const appointed = await post<CollegeUserRow[]>(chief.token, '/college/appoint', {
      collegeId: college.id,
      phone: member.phone,
    });
    expect(appointed.body.msg).toBe(PeopleMsg.APPOINTED);
    expect(expectOk(appointed)).toEqual([expect.objectContaining({ memberId: member.id, roles: [1] })]);
    expectRefused(
      await post(chief.token, '/college/appoint', { collegeId: college.id, phone: member.phone }),
      PeopleMsg.ALREADY_ADMIN,
    );
    // Their very next request works in the college as its administrator.
    expectOk(await call(t.app, { url: '/api/collegeBook/page', token: member.token }));
    const listed = expectOk(await get<Paged<AdminCollegeRow>>(chief.token, `/college/page?keyword=西山师范学院`));
    expect(listed.rows[0]!.admins).toHaveLength(1);
    const dismissed = await post<CollegeUserRow[]>(chief.token, '/college/dismiss', {
      collegeId: college.id,
      memberId: member.id,
    });
    expect(expectOk(dismissed)).toEqual([]);
    expect((await call(t.app, { url: '/api/collegeBook/page', token: member.token })).status).toBe(403);
    expectRefused(
      await post(chief.token, '/college/dismiss', { collegeId: college.id, memberId: member.id }),
      PeopleMsg.NOT_ADMIN,
    );
    expect((await auditOf('college.staff')).some((a) => a.url === '/api/admin/college/appoint')).toBe(true);
  });

  it("shows a college's books with seats and its orders; finance confirms an order from the list", async () => {
    const college = await createCollege('南湖大学');
    const admin = await buildMember(t.ctx.db);
    expectOk(await post(chief.token, '/college/appoint', { collegeId: college.id, phone: admin.phone }));
    const bookId = await buildBook(t.ctx.db);
    const ordered = expectOk(
      await call<CollegeOrderRow>(t.app, {
        method: 'POST',
        url: '/api/collegeOrder/orderBook',
        token: admin.token,
        payload: { bookId, quantity: 30, termMonths: 12 },
      }),
    );
    const orders = expectOk(
      await get<Paged<CollegeOrderRow>>(finance.token, `/collegeOrder/page?collegeId=${college.id}&status=0`),
    );
    expect(orders.rows.map((o) => o.id)).toEqual([ordered.id]);
    expect((await post(editor.token, '/collegeOrder/confirm', { id: ordered.id })).status).toBe(403);
    expect((await post(reviewer.token, '/collegeOrder/confirm', { id: ordered.id })).status).toBe(403);
    expectOk(await post(finance.token, '/collegeOrder/confirm', { id: ordered.id }));
    const books = expectOk(await get<Paged<CollegeBookRow>>(finance.token, `/college/books?collegeId=${college.id}`));
    expect(books.rows).toEqual([expect.objectContaining({ bookId, boughtCount: 30, givenCount: 0 })]);
    const row = expectOk(await get<Paged<AdminCollegeRow>>(finance.token, `/college/page?keyword=南湖大学`)).rows[0]!;
    expect(row).toMatchObject({ bookCount: 1, waitingOrders: 0, memberCount: 1 });
  });

  it('the college menu is finance and the super administrator only', async () => {
    for (const who of [editor, reviewer]) {
      expect((await get(who.token, '/college/page')).status).toBe(403);
      expect((await post(who.token, '/college/save', { name: '某学院' })).status).toBe(403);
      expect((await post(who.token, '/college/appoint', { collegeId: 1, phone: '13800000000' })).status).toBe(403);
    }
    expect((await call(t.app, { url: '/api/admin/college/page' })).status).toBe(401);
  });
});

describe('races where seats move', () => {
  it('one waiting order confirmed by ten staff at once adds its seats once', async () => {
    const college = await createCollege('北岭学院');
    const admin = await buildMember(t.ctx.db);
    expectOk(await post(chief.token, '/college/appoint', { collegeId: college.id, phone: admin.phone }));
    const bookId = await buildBook(t.ctx.db);
    const ordered = expectOk(
      await call<CollegeOrderRow>(t.app, {
        method: 'POST',
        url: '/api/collegeOrder/orderBook',
        token: admin.token,
        payload: { bookId, quantity: 40, termMonths: 6 },
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(finance.token, '/collegeOrder/confirm', { id: ordered.id })),
    );
    expect(results.filter((r) => r.body.code === Code.OK)).toHaveLength(1);
    expect(results.filter((r) => r.status === 500)).toEqual([]);
    const books = expectOk(await get<Paged<CollegeBookRow>>(chief.token, `/college/books?collegeId=${college.id}`));
    expect(books.rows[0]).toMatchObject({ boughtCount: 40 });
    const ledger = await t.ctx.db
      .selectFrom('college_seat_ledger')
      .select('bought_delta')
      .where('college_id', '=', college.id)
      .execute();
    expect(ledger.map((l) => Number(l.bought_delta))).toEqual([40]);
  });

  it('the same member appointed by several staff at once becomes an administrator once', async () => {
    const college = await createCollege('东湖学院');
    const member = await buildMember(t.ctx.db);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(chief.token, '/college/appoint', { collegeId: college.id, phone: member.phone }),
      ),
    );
    expect(results.filter((r) => r.body.code === Code.OK)).toHaveLength(1);
    expect(results.filter((r) => r.status === 500)).toEqual([]);
    const rows = await t.ctx.db
      .selectFrom('college_members')
      .select('roles')
      .where('college_id', '=', college.id)
      .execute();
    expect(rows).toEqual([{ roles: '1' }]);
  });
});
