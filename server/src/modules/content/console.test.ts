import { beforeAll, describe, expect, it } from 'vitest';
import { AuditState, Msg, SiteMsg, type AuditRow, type OwnContentItem, type Paged } from '@textbook/contracts';
import { buildStaff, buildStaffOfEachRole } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';

/**
 * Content written in the console (issue 19): an editor's page waits for a reviewer and stays off the public site;
 * a rejection's reason reaches the editor as 因内容审核不通过，建议修改后重新发布（{reason}）; the editor edits or
 * resubmits it; a reviewer's (or the super administrator's) writing passes at once.
 */
const t = useTestApp();
let staff: Awaited<ReturnType<typeof buildStaffOfEachRole>>;

beforeAll(async () => {
  staff = await buildStaffOfEachRole(t.ctx.db);
});

const write = (token: string, payload: object, id?: number) =>
  call<{ id: number } | null>(t.app, {
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/admin/content/${id}` : '/api/admin/content',
    token,
    payload,
  });
const mine = async (token: string) =>
  expectOk(await call<Paged<OwnContentItem>>(t.app, { url: '/api/admin/content/page?mine=1&pageSize=100', token }))
    .rows;
const isPublic = async (id: number) => (await call(t.app, { url: `/api/site/content/${id}` })).status === 200;

describe('content audit in the console', () => {
  it("an editor's page waits for a reviewer; the editor sees the reason of a rejection and sends it again", async () => {
    const page = { contentType: 'page', title: '关于出版社', body: '<p>初稿</p>', published: 1 };
    const { id } = expectOk(await write(staff.editor.token, page)) as { id: number };
    let item = (await mine(staff.editor.token)).find((r) => r.id === id)!;
    expect(item).toMatchObject({ auditState: AuditState.PENDING, authorStaffId: staff.editor.id, auditMessage: '' });
    expect(await isPublic(id)).toBe(false);
    // Another editor's list does not show it as theirs.
    const other = await buildStaff(t.ctx.db, { roles: ['editor'] });
    expect((await mine(other.token)).map((r) => r.id)).not.toContain(id);

    const audit = (token: string, body: object) =>
      call(t.app, { method: 'POST', url: `/api/admin/content/${id}/audit`, token, payload: body });
    expect((await audit(staff.editor.token, { pass: false, reason: '自己驳回' })).status).toBe(403);
    expectRefused(await audit(staff.reviewer.token, { pass: false }), SiteMsg.AUDIT_REASON_REQUIRED);
    expectOk(await audit(staff.reviewer.token, { pass: false, reason: '联系电话有误' }));
    item = (await mine(staff.editor.token)).find((r) => r.id === id)!;
    expect(item.auditState).toBe(AuditState.FAILED);
    expect(item.auditMessage).toBe(Msg.AUDIT_FAILED('联系电话有误'));
    expect(item.auditMessage).toBe('因内容审核不通过，建议修改后重新发布（联系电话有误）');

    // Sent back as it is: pending again, the reason cleared; only a rejected item can be sent back.
    const submit = (token: string) => call(t.app, { method: 'POST', url: `/api/admin/content/${id}/submit`, token });
    expect((await submit(staff.finance.token)).status).toBe(403);
    expectOk(await submit(staff.editor.token));
    item = (await mine(staff.editor.token)).find((r) => r.id === id)!;
    expect(item).toMatchObject({ auditState: AuditState.PENDING, auditRemark: '', auditMessage: '' });
    expectRefused(await submit(staff.editor.token), SiteMsg.CONTENT_NOT_FAILED);

    // Approved: public. An editor's later edit goes back to the queue and off the site until approved again.
    expectOk(await audit(staff.reviewer.token, { pass: true }));
    expect(await isPublic(id)).toBe(true);
    expectOk(await write(staff.editor.token, { ...page, body: '<p>改稿</p>' }, id));
    expect((await mine(staff.editor.token)).find((r) => r.id === id)!.auditState).toBe(AuditState.PENDING);
    expect(await isPublic(id)).toBe(false);

    // The audit log holds the editor's writes and the reviewer's verdicts.
    const log = expectOk(
      await call<Paged<AuditRow>>(t.app, { url: '/api/admin/audit/page?pageSize=100', token: staff.super.token }),
    ).rows.filter((r) => r.target === String(id) || (r.url === '/api/admin/content' && r.staffId === staff.editor.id));
    const seen = log.map((r) => `${r.staffId === staff.editor.id ? 'editor' : 'reviewer'} ${r.action}`);
    // The refused audit (no reason) is not recorded: the rejection and the approval are.
    expect(seen.filter((s) => s === 'reviewer content.audit')).toHaveLength(2);
    expect(seen).toContain('editor site.manage');
  });

  it("a reviewer's or the super administrator's writing passes at once", async () => {
    for (const who of ['reviewer', 'super'] as const) {
      // A reviewer alone has no site menu: writing is the editors' (and the super administrator's).
      const res = await write(staff[who].token, { contentType: 'news', title: `直接发布 ${who}`, published: 1 });
      if (who === 'reviewer') {
        expect(res.status).toBe(403);
        continue;
      }
      const { id } = expectOk(res) as { id: number };
      expect(await isPublic(id)).toBe(true);
    }
    const both = await buildStaff(t.ctx.db, { roles: ['editor', 'reviewer'] });
    const { id } = expectOk(await write(both.token, { contentType: 'news', title: '编辑兼审核', published: 1 })) as {
      id: number;
    };
    expect(await isPublic(id)).toBe(true);
  });
});
