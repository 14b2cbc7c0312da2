import { beforeAll, describe, expect, it } from 'vitest';
import { SiteMsg, type AuditRow, type FeedbackItem, type HelpTopic, type Paged } from '@textbook/contracts';
import { buildMember, buildStaffOfEachRole } from '../../../test/factories.js';
import { call, expectOk, expectRefused, useTestApp } from '../../../test/helpers.js';

/**
 * The admin console's feedback queue and help topics (issue 19): reviewers reply to and close a member's feedback
 * (editors and finance may not), a closed item takes no further replies and leaves the open queue, and editors
 * order the help topics. Each change is in the audit log with who did it.
 */
const t = useTestApp();
let staff: Awaited<ReturnType<typeof buildStaffOfEachRole>>;

beforeAll(async () => {
  staff = await buildStaffOfEachRole(t.ctx.db);
});

/** The newest audit rows of an action (super administrator's view). */
async function auditOf(action: string): Promise<AuditRow[]> {
  const page = expectOk(
    await call<Paged<AuditRow>>(t.app, {
      url: `/api/admin/audit/page?pageSize=50&keyword=${encodeURIComponent(action)}`,
      token: staff.super.token,
    }),
  );
  return page.rows;
}

describe('feedback in the console', () => {
  it('reviewers reply and close; editors and finance may not; a closed item takes no reply', async () => {
    const member = await buildMember(t.ctx.db);
    const { id } = expectOk(
      await call<{ id: number }>(t.app, {
        method: 'POST',
        url: '/api/member/feedback/add',
        token: member.token,
        payload: { content: '目录页码对不上' },
      }),
    );
    const queue = (token: string, query: string) =>
      call<Paged<FeedbackItem>>(t.app, { url: `/api/admin/feedback/page?pageSize=100&${query}`, token });
    const ids = async (query: string) => expectOk(await queue(staff.reviewer.token, query)).rows.map((r) => r.id);
    expect(await ids('replied=0&closed=0')).toContain(id);

    for (const role of ['editor', 'finance'] as const) {
      expect((await queue(staff[role].token, '')).status).toBe(403);
      const reply = await call(t.app, {
        method: 'POST',
        url: `/api/admin/feedback/${id}/reply`,
        token: staff[role].token,
        payload: { reply: '不该由我回复' },
      });
      expect(reply.status).toBe(403);
      const close = await call(t.app, {
        method: 'POST',
        url: `/api/admin/feedback/${id}/close`,
        token: staff[role].token,
      });
      expect(close.status).toBe(403);
    }

    expectOk(
      await call(t.app, {
        method: 'POST',
        url: `/api/admin/feedback/${id}/reply`,
        token: staff.reviewer.token,
        payload: { reply: '已核对，下一版修正' },
      }),
    );
    expect(await ids('replied=1&closed=0')).toContain(id);
    expect(await ids('replied=0')).not.toContain(id);
    expectOk(
      await call(t.app, { method: 'POST', url: `/api/admin/feedback/${id}/close`, token: staff.reviewer.token }),
    );
    expect(await ids('closed=0')).not.toContain(id);
    const closed = expectOk(await queue(staff.reviewer.token, 'closed=1')).rows.find((r) => r.id === id);
    expect(closed).toMatchObject({ reply: '已核对，下一版修正', closeTime: expect.any(Number) });

    // Closed: no further reply, no second close; the member still reads the reply.
    expectRefused(
      await call(t.app, {
        method: 'POST',
        url: `/api/admin/feedback/${id}/reply`,
        token: staff.reviewer.token,
        payload: { reply: '再补一句' },
      }),
      SiteMsg.FEEDBACK_CLOSED,
    );
    expectRefused(
      await call(t.app, { method: 'POST', url: `/api/admin/feedback/${id}/close`, token: staff.reviewer.token }),
      SiteMsg.FEEDBACK_CLOSED,
    );
    const own = expectOk(
      await call<Paged<FeedbackItem>>(t.app, { url: '/api/member/feedback/page', token: member.token }),
    );
    expect(own.rows[0]).toMatchObject({ id, reply: '已核对，下一版修正' });
    expect(
      (await call(t.app, { method: 'POST', url: '/api/admin/feedback/999999/close', token: staff.reviewer.token }))
        .status,
    ).toBe(404);

    // The audit log: the reply and the close, by the reviewer, once each.
    const rows = (await auditOf('feedback.manage')).filter((r) => r.target === String(id));
    expect(rows.map((r) => `${r.staffId} ${r.url}`).sort()).toEqual([
      `${staff.reviewer.id} /api/admin/feedback/${id}/close`,
      `${staff.reviewer.id} /api/admin/feedback/${id}/reply`,
    ]);
  });
});

describe('help topics in the console', () => {
  it('editors order the topics; reviewers may not; the order is what the help centre shows', async () => {
    const made: number[] = [];
    for (const name of ['排序甲', '排序乙', '排序丙']) {
      made.push(
        expectOk(
          await call<{ id: number }>(t.app, {
            method: 'POST',
            url: '/api/admin/help/topic',
            token: staff.editor.token,
            payload: { name, sort: 100 },
          }),
        ).id,
      );
    }
    const reversed = [...made].reverse();
    const sort = (token: string) =>
      call(t.app, { method: 'POST', url: '/api/admin/help/topic/sort', token, payload: { ids: reversed } });
    expect((await sort(staff.reviewer.token)).status).toBe(403);
    expect((await sort(staff.finance.token)).status).toBe(403);
    expectOk(await sort(staff.editor.token));
    const topics = expectOk(await call<Paged<HelpTopic>>(t.app, { url: '/api/help/topic/page?pageSize=999' }));
    const shown = topics.rows.map((r) => r.id).filter((id) => made.includes(id));
    expect(shown).toEqual(reversed);
    const rows = await auditOf('site.manage');
    expect(rows.find((r) => r.url === '/api/admin/help/topic/sort')).toMatchObject({ staffId: staff.editor.id });
  });
});
