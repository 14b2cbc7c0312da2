import { beforeAll, describe, expect, it } from 'vitest';
import {
  AdminMsg,
  type AdminMemberRow,
  type CacheRow,
  type MonitorAnswer,
  type OnlineRow,
  type Paged,
} from '@textbook/contracts';
import { buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';

const t = useTestApp();
let chief: { id: number; token: string };

beforeAll(async () => {
  chief = await buildStaff(t.ctx.db, { isAdmin: true });
});

describe('operating the platform', () => {
  it('lists online members and forces one offline: the next request asks to log in again', async () => {
    const member = await buildMember(t.ctx.db);
    expectOk(await call(t.app, { url: '/api/getMemberInfo', token: member.token }));
    const online = expectOk(
      await call<Paged<OnlineRow>>(t.app, {
        url: `/api/admin/online/page?keyword=${member.phone}`,
        token: chief.token,
      }),
    );
    expect(online.rows).toHaveLength(1);
    const session = online.rows[0]!;
    expect(session).toMatchObject({ memberId: member.id, phone: member.phone });
    const ended = await call(t.app, {
      method: 'POST',
      url: '/api/admin/online/logout',
      token: chief.token,
      payload: { sessionId: session.sessionId },
    });
    expect(ended.body.msg).toBe(AdminMsg.FORCED_OFFLINE);
    // The actor cache is dropped at once: the very next request is a visitor's.
    expect((await call(t.app, { url: '/api/getMemberInfo', token: member.token })).status).toBe(401);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/admin/online/logout',
          token: chief.token,
          payload: { sessionId: session.sessionId },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/admin/online/logout', token: chief.token, payload: {} })).status,
    ).toBe(400);
  });

  it('finds members by phone or name and ends all their sessions', async () => {
    const member = await buildMember(t.ctx.db);
    const found = expectOk(
      await call<Paged<AdminMemberRow>>(t.app, {
        url: `/api/admin/member/page?keyword=${member.phone}`,
        token: chief.token,
      }),
    );
    expect(found.rows).toEqual([expect.objectContaining({ id: member.id, sessions: 1 })]);
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/online/logout',
        token: chief.token,
        payload: { memberId: member.id },
      }),
    );
    expect((await call(t.app, { url: '/api/getMemberInfo', token: member.token })).status).toBe(401);
  });

  it('reports the server monitor, lists the read caches and clears one', async () => {
    const m = expectOk(await call<MonitorAnswer>(t.app, { url: '/api/admin/monitor', token: chief.token }));
    expect(m.database.ok).toBe(true);
    expect(m.database.dialect).toBe(t.ctx.dialect);
    expect(m.redis).toMatchObject({ configured: false, ok: true });
    expect(m.memory.rss).toBeGreaterThan(0);
    expect(m.workers.map((w) => w.name)).toEqual(['heavy', 'dictionary', 'documents']);
    const caches = expectOk(await call<CacheRow[]>(t.app, { url: '/api/admin/cache/list', token: chief.token }));
    const actors = caches.find((c) => c.name === 'actors');
    expect(actors?.entries).toBeGreaterThan(0);
    const cleared = await call(t.app, {
      method: 'POST',
      url: '/api/admin/cache/clear',
      token: chief.token,
      payload: { name: 'actors' },
    });
    expect(cleared.body.msg).toBe(AdminMsg.CACHE_CLEARED);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/admin/cache/clear',
          token: chief.token,
          payload: { name: 'nope' },
        })
      ).status,
    ).toBe(404);
  });

  it('operating is the super administrator only', async () => {
    const plain = await buildStaff(t.ctx.db);
    for (const url of [
      '/api/admin/online/page',
      '/api/admin/member/page',
      '/api/admin/monitor',
      '/api/admin/cache/list',
    ]) {
      expect((await call(t.app, { url, token: plain.token })).status).toBe(403);
    }
  });
});
