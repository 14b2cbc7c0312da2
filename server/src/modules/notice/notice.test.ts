import { describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { notify } from './service.js';

describe('GET /api/msg-notice/count', () => {
  const t = useTestApp();

  it('answers 0 for a visitor, and 401 for a token whose session ended', async () => {
    expect(expectOk(await call<number>(t.app, { url: '/api/msg-notice/count' }))).toBe(0);
    const expired = await call(t.app, { url: '/api/msg-notice/count', token: 'ended-session' });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(401);
  });

  it('counts only the caller’s unread notices of the platform source', async () => {
    const me = await buildMember(t.ctx.db);
    const other = await buildMember(t.ctx.db);
    await notify(t.ctx, [
      ...Array.from({ length: 120 }, () => ({ member_id: me.id, type: 'system', title: 'n' })),
      { member_id: me.id, type: 'system', title: 'app only', source: 1 },
      { member_id: other.id, type: 'system', title: 'not mine' },
    ]);
    expect(expectOk(await call<number>(t.app, { url: '/api/msg-notice/count', token: me.token }))).toBe(120);
    expect(expectOk(await call<number>(t.app, { url: '/api/msg-notice/count', token: other.token }))).toBe(1);
  });
});
