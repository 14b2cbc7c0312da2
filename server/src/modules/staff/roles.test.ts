import { beforeAll, describe, expect, it } from 'vitest';
import { Code, menusOfRoles, type AuditRow, type OrderView, type Paged, type StaffInfo } from '@textbook/contracts';
import { routeTable } from '../../http/module.js';
import { rolesFor, STAFF_ACCESS } from '../../policies/index.js';
import { openStaffSession } from '../session/index.js';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { buildPricedBook, order, sandboxOf, sendSandbox, shelfEntries, startPay } from '../../../test/orders.js';

/**
 * Staff roles (issue 19): every route under /api/admin answers each role as staff-access.ts maps its action, an
 * unmapped action is the super administrator's only, and every staff write lands in the audit log once.
 */
const t = useTestApp();
type RoleName = 'super' | 'editor' | 'reviewer' | 'finance';
const staff: Record<RoleName, { id: number; token: string }> = {} as never;

beforeAll(async () => {
  staff.super = await buildStaff(t.ctx.db, { isAdmin: true, roles: [] });
  staff.editor = await buildStaff(t.ctx.db, { roles: ['editor'] });
  staff.reviewer = await buildStaff(t.ctx.db, { roles: ['reviewer'] });
  staff.finance = await buildStaff(t.ctx.db, { roles: ['finance'] });
});

const concrete = (url: string) => url.replace(/:(\w+)/g, '1');

describe('staff roles', () => {
  it('every admin route refuses the roles its action is not mapped to (403) and admits the others', async () => {
    const rows = routeTable(t.app).filter((r) => r.url.startsWith('/api/admin/'));
    expect(rows.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const row of rows) {
      const allowed = rolesFor(row.policy);
      // The four roles at once (each its own session; the logout route ends only its own).
      await Promise.all(
        (['super', 'editor', 'reviewer', 'finance'] as const).map(async (role) => {
          const may = allowed === 'any' || allowed.includes(role);
          const token = row.url.endsWith('/staff/logout')
            ? await openStaffSession(t.ctx.db, staff[role].id)
            : staff[role].token;
          const res = await t.app.inject({
            method: row.method as 'GET',
            url: concrete(row.url),
            headers: { authorization: `Bearer ${token}` },
            ...(row.method === 'GET' || row.method === 'DELETE' ? {} : { payload: {} }),
          });
          const refused = res.statusCode === 403;
          // A route about a thing may still refuse a permitted role for that thing (someone else's import job).
          if (!may && !refused) wrong.push(`${role} ${row.method} ${row.url}: ${res.statusCode}, expected 403`);
          if (may && refused && !row.hasThing) wrong.push(`${role} ${row.method} ${row.url}: 403, expected admitted`);
        }),
      );
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('maps every admin action, and an unmapped one is the super administrator only', () => {
    const unmapped = routeTable(t.app)
      .filter((r) => r.url.startsWith('/api/admin/') && !(r.policy in STAFF_ACCESS))
      .map((r) => `${r.method} ${r.url} (${r.policy})`);
    expect(unmapped).toEqual([]);
    expect(rolesFor('homework.manage')).toEqual(['super']);
    expect(rolesFor('order.manage')).toEqual(['super', 'finance']);
    expect(menusOfRoles(['editor'])).toEqual(['books', 'site']);
    expect(menusOfRoles(['super'])).toContain('operate');
  });

  it('an editor cannot refund, finance can; finance cannot publish, an editor can', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 3000);
    const buyer = await buildMember(t.ctx.db);
    const o: OrderView = await order(t, buyer.token, bookId);
    await startPay(t, buyer.token, o.id);
    const signed = await sendSandbox(t, {
      orderNo: o.orderNo,
      tradeNo: `T${o.id}`,
      amount: Math.round(o.amount * 100),
      currency: 'CNY',
      status: 'SUCCESS',
    });
    expect(signed.body.code).toBe('SUCCESS');
    expect(sandboxOf(t)).toBeTruthy();
    const refund = (token: string) =>
      call(t.app, { method: 'POST', url: '/api/admin/orders/refund', token, payload: { id: o.id } });
    expect((await refund(staff.editor.token)).status).toBe(403);
    expect((await refund(staff.reviewer.token)).status).toBe(403);
    expect(await shelfEntries(t.ctx.db, buyer.id, bookId)).toHaveLength(1);
    expectOk(await refund(staff.finance.token));
    expect(await shelfEntries(t.ctx.db, buyer.id, bookId)).toHaveLength(0);

    const publish = (token: string, published: boolean) =>
      call(t.app, { method: 'POST', url: `/api/admin/book/${bookId}/publish`, token, payload: { published } });
    expect((await publish(staff.finance.token, false)).status).toBe(403);
    expect((await publish(staff.reviewer.token, false)).status).toBe(403);
    expectOk(await publish(staff.editor.token, false));
    expectOk(await publish(staff.super.token, true));
  });

  it('reviewers audit content, editors write it; only the super administrator manages staff', async () => {
    const made = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/content',
        token: staff.editor.token,
        payload: { contentType: 'news', title: '审核测试' },
      }),
    );
    const audit = (token: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/admin/content/${made.id}/audit`,
        token,
        payload: { pass: false, reason: '图片不清晰' },
      });
    expect((await audit(staff.editor.token)).status).toBe(403);
    expect((await audit(staff.finance.token)).status).toBe(403);
    expectOk(await audit(staff.reviewer.token));
    // The reviewer reads the content list; finance does not.
    expectOk(await call(t.app, { url: '/api/admin/content/page?auditState=2', token: staff.reviewer.token }));
    expect((await call(t.app, { url: '/api/admin/content/page', token: staff.finance.token })).status).toBe(403);
    for (const role of ['editor', 'reviewer', 'finance'] as const) {
      expect((await call(t.app, { url: '/api/admin/staff/list', token: staff[role].token })).status).toBe(403);
      expect((await call(t.app, { url: '/api/admin/audit/page', token: staff[role].token })).status).toBe(403);
      expect((await call(t.app, { url: '/api/admin/online/page', token: staff[role].token })).status).toBe(403);
    }
  });

  it('me answers the roles and the menus they open', async () => {
    const me = expectOk(await call<StaffInfo>(t.app, { url: '/api/admin/staff/me', token: staff.finance.token }));
    expect(me).toMatchObject({ roles: ['finance'], menus: ['orders', 'colleges'], isAdmin: false });
    const chief = expectOk(await call<StaffInfo>(t.app, { url: '/api/admin/staff/me', token: staff.super.token }));
    expect(chief.roles).toEqual(['super']);
    expect(chief.menus).toContain('audit');
  });

  it('the super administrator gives roles; a role change takes effect on the next request', async () => {
    const someone = await buildStaff(t.ctx.db, { roles: ['reviewer'] });
    const page = () => call(t.app, { url: '/api/admin/orders/page', token: someone.token });
    expect((await page()).status).toBe(403);
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/staff/update',
        token: staff.super.token,
        payload: { id: someone.id, roles: ['finance'] },
      }),
    );
    expectOk(await page());
    // Nobody changes their own roles.
    const own = await call(t.app, {
      method: 'POST',
      url: '/api/admin/staff/update',
      token: staff.super.token,
      payload: { id: staff.super.id, roles: ['editor'] },
    });
    expect(own.body.code).toBe(Code.REFUSED);
  });
});

describe('the audit log', () => {
  const latest = async (action?: string) => {
    const page = expectOk(
      await call<Paged<AuditRow>>(t.app, {
        url: `/api/admin/audit/page?pageSize=50${action ? `&keyword=${encodeURIComponent(action)}` : ''}`,
        token: staff.super.token,
      }),
    );
    return page;
  };

  it('records a staff write once with who, what, before and after; reads and refusals are not recorded', async () => {
    const bookId = await buildPricedBook(t.ctx.db, 1000);
    const before = (await latest()).total;
    await call(t.app, { url: '/api/admin/book/page', token: staff.editor.token });
    // A refusal (finance may not edit books) and a validation failure change nothing and are not recorded.
    await call(t.app, {
      method: 'PUT',
      url: `/api/admin/book/${bookId}`,
      token: staff.finance.token,
      payload: { title: 'x' },
    });
    await call(t.app, {
      method: 'PUT',
      url: `/api/admin/book/${bookId}`,
      token: staff.editor.token,
      payload: { title: '' },
    });
    expect((await latest()).total).toBe(before);

    const old = await t.ctx.db.selectFrom('books').select('title').where('id', '=', bookId).executeTakeFirstOrThrow();
    expectOk(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/book/${bookId}`,
        token: staff.editor.token,
        payload: { title: '修订后的书名' },
      }),
    );
    const page = await latest();
    expect(page.total).toBe(before + 1);
    const row = page.rows[0]!;
    expect(row).toMatchObject({
      staffId: staff.editor.id,
      action: 'book.manage',
      method: 'PUT',
      url: `/api/admin/book/${bookId}`,
      target: String(bookId),
    });
    expect(JSON.parse(row.before!)).toMatchObject({ id: bookId, title: old.title });
    expect(JSON.parse(row.after!)).toMatchObject({ body: { title: '修订后的书名' } });
  });

  it('keeps passwords out, records staff changes with the account before, filters and exports xlsx', async () => {
    const someone = await buildStaff(t.ctx.db, { roles: ['editor'] });
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/staff/update',
        token: staff.super.token,
        payload: { id: someone.id, roles: ['editor', 'finance'], displayName: '新名字' },
      }),
    );
    const page = await latest('staff.manage');
    const row = page.rows[0]!;
    expect(JSON.parse(row.before!)).toMatchObject({ id: someone.id, roles: ['editor'] });
    expect(JSON.parse(row.after!)).toMatchObject({ answer: { roles: ['editor', 'finance'], displayName: '新名字' } });
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/admin/staff/create',
      token: staff.super.token,
      payload: { userName: 'audit_pw', password: 'whatever-cipher-text', roles: ['editor'] },
    });
    expect(created.body.code).not.toBe(Code.OK); // not a valid cipher text: refused, not recorded
    const all = expectOk(
      await call<Paged<AuditRow>>(t.app, { url: '/api/admin/audit/page?pageSize=999', token: staff.super.token }),
    );
    expect(JSON.stringify(all.rows)).not.toContain('whatever-cipher-text');

    const file = await t.app.inject({
      url: '/api/admin/audit/export?keyword=staff.manage',
      headers: { authorization: `Bearer ${staff.super.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
