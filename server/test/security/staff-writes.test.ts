import { describe, expect, it } from 'vitest';
import { Limits, Msg, SiteMsg } from '@textbook/contracts';
import { recordWrite } from '../../src/modules/staff/audit.js';
import { buildMember, buildStaff } from '../factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../helpers.js';

/**
 * Staff writes the fuzz found answering 500 (issue 30, item 23): a body nested 10,000 levels was carried out and
 * then overflowed the audit writer (the write done, no audit row, HTTP 500); an unknown help topic and a staff
 * update that names no field failed in SQL.
 */
const t = useTestApp();

/** `{"a":{"a":…}}` nested `levels` deep, as text (a client sends it as such). */
function nested(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

const auditRows = async (url: string) =>
  (await t.ctx.db.selectFrom('staff_audit').select('id').where('url', '=', url).execute()).length;

describe('a JSON body nested too deep', () => {
  it('is refused 400 with a message before any handler runs: nothing done, nothing to audit', async () => {
    const staff = await buildStaff(t.ctx.db);
    const member = await buildMember(t.ctx.db);
    const menu = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/navMenu',
        token: staff.token,
        payload: { menuName: '深层', path: '/deep', contentType: 'list' },
      }),
    );
    const feedback = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/member/feedback/add',
        token: member.token,
        payload: { content: '深层请求' },
      }),
    );
    const deep = (url: string) =>
      call(t.app, {
        method: 'POST',
        url,
        token: staff.token,
        headers: { 'content-type': 'application/json' },
        payload: nested(10_000),
      });
    for (const url of [
      `/api/admin/navMenu/${menu.id}/unpublish`,
      `/api/admin/navMenu/${menu.id}/publish`,
      `/api/admin/feedback/${feedback.id}/close`,
    ]) {
      expectRefused(await deep(url), Msg.TOO_DEEP);
      expect(await auditRows(url)).toBe(0);
    }
    const stored = await t.ctx.db
      .selectFrom('nav_menus')
      .select('visible')
      .where('id', '=', menu.id)
      .executeTakeFirst();
    expect(stored?.visible).toBe(1);
    const item = await t.ctx.db
      .selectFrom('feedbacks')
      .select('closed_at')
      .where('id', '=', feedback.id)
      .executeTakeFirst();
    expect(item?.closed_at).toBeNull();
    // A visitor still hears 401 first.
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: `/api/admin/navMenu/${menu.id}/unpublish`,
          headers: { 'content-type': 'application/json' },
          payload: nested(10_000),
        })
      ).status,
    ).toBe(401);
  });

  it('a body as deep as the limit allows is carried out and audited', async () => {
    const staff = await buildStaff(t.ctx.db);
    const menu = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/navMenu',
        token: staff.token,
        payload: { menuName: '不太深', path: '/deep', contentType: 'list' },
      }),
    );
    const url = `/api/admin/navMenu/${menu.id}/unpublish`;
    expectOk(
      await call(t.app, {
        method: 'POST',
        url,
        token: staff.token,
        headers: { 'content-type': 'application/json' },
        payload: nested(Limits.BODY_DEPTH_MAX - 1),
      }),
    );
    expect(await auditRows(url)).toBe(1);
  });

  it('the audit writer writes a row for any body, however deep', async () => {
    const staff = await buildStaff(t.ctx.db);
    const url = '/api/admin/audit-writer-test';
    await recordWrite(t.ctx, {
      actor: { kind: 'staff', staffId: staff.id } as never,
      action: 'site.manage',
      method: 'POST',
      url,
      summary: 'deep',
      params: {},
      body: JSON.parse(nested(10_000)) as unknown,
      before: null,
      after: { big: 10n },
    });
    expect(await auditRows(url)).toBe(1);
  });
});

describe('ids and fields a staff write names', () => {
  it('a help content under an unknown topic: 400 with a message, on create and edit', async () => {
    const staff = await buildStaff(t.ctx.db);
    const write = { topicId: 987_654_321, title: '无处安放', body: '<p>x</p>' };
    expectRefused(
      await call(t.app, { method: 'POST', url: '/api/admin/help/content', token: staff.token, payload: write }),
      SiteMsg.HELP_TOPIC_MISSING,
    );
    const topic = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/help/topic',
        token: staff.token,
        payload: { name: '分类' },
      }),
    );
    const content = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/admin/help/content',
        token: staff.token,
        payload: { ...write, topicId: topic.id },
      }),
    );
    expectRefused(
      await call(t.app, {
        method: 'PUT',
        url: `/api/admin/help/content/${content.id}`,
        token: staff.token,
        payload: write,
      }),
      SiteMsg.HELP_TOPIC_MISSING,
    );
  });

  it('a staff update naming no field changes nothing (200); an unknown id is 404', async () => {
    const admin = await buildStaff(t.ctx.db, { isAdmin: true });
    const other = await buildStaff(t.ctx.db);
    const update = (payload: object) =>
      call(t.app, { method: 'POST', url: '/api/admin/staff/update', token: admin.token, payload });
    expect(expectOk(await update({ id: other.id }))).toMatchObject({ id: other.id });
    expect((await update({ id: 987_654_321 })).status).toBe(404);
  });
});
