import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { NoticeItem, Paged } from '@textbook/contracts';
import { appContext, buildApp } from '../../app.js';
import type { Db } from '../../db/connection.js';
import { buildCollege, buildMember, buildStaff } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { REDIS_URL, redisReachable } from '../../../test/redis.js';
import { openCountStream } from '../../../test/sse.js';
import { busReady } from './bus.js';
import { notify } from './service.js';

async function buildBook(db: Db, title: string): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('books')
    .values({
      identifier: `urn:test:${title}:${now}`,
      title,
      subject_id: null,
      collection_id: null,
      pub_year: null,
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe('GET /api/msg-notice/count', () => {
  const t = useTestApp();

  it('answers a visitor 401, staff 403, and 401 for a token whose session ended', async () => {
    expect((await call<number>(t.app, { url: '/api/msg-notice/count' })).status).toBe(401);
    const staff = await buildStaff(t.ctx.db);
    expect((await call<number>(t.app, { url: '/api/msg-notice/count', token: staff.token })).status).toBe(403);
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

describe('the notice centre', () => {
  const t = useTestApp();

  it('pages the member’s own notices with filters, books, check, and read one or all', async () => {
    const me = await buildMember(t.ctx.db);
    const other = await buildMember(t.ctx.db);
    const math = await buildBook(t.ctx.db, '高等数学');
    const physics = await buildBook(t.ctx.db, '大学物理');
    const before = Date.now();
    await notify(
      t.ctx,
      [{ member_id: me.id, type: 'class', title: '加入班级成功', book_id: math, link: '/list' }],
      before - 2000,
    );
    await notify(t.ctx, [{ member_id: me.id, type: 'sample', title: '样书申请通过', book_id: physics }], before - 1000);
    await notify(t.ctx, [{ member_id: me.id, type: 'system', title: '系统维护通知' }], before);
    await notify(t.ctx, [{ member_id: other.id, type: 'class', title: '别人的', book_id: math }]);

    const page = (query = '') =>
      call<Paged<NoticeItem>>(t.app, { url: `/api/msg-notice/page${query}`, token: me.token }).then(expectOk);
    const all = await page();
    expect(all.total).toBe(3);
    expect(all.rows.map((n) => n.title)).toEqual(['系统维护通知', '样书申请通过', '加入班级成功']);
    expect(all.rows[2]).toMatchObject({
      type: 'class',
      bookId: math,
      bookName: '高等数学',
      link: '/list',
      read: false,
    });
    expect((await page('?type=class')).rows.map((n) => n.title)).toEqual(['加入班级成功']);
    expect((await page(`?bookId=${physics}`)).rows.map((n) => n.title)).toEqual(['样书申请通过']);

    const books = expectOk(
      await call<{ id: number; bookName: string }[]>(t.app, { url: '/api/msg-notice/getAllBooks', token: me.token }),
    );
    expect(books.map((b) => b.bookName)).toEqual(['高等数学', '大学物理']);

    const check = expectOk(
      await call<{ unread: number; latestId: number; hasNew: boolean }>(t.app, {
        url: `/api/msg-notice/check?since=${all.rows[1]!.id}`,
        token: me.token,
      }),
    );
    expect(check).toEqual({ unread: 3, latestId: all.rows[0]!.id, hasNew: true });

    // one read; another member's notice is refused
    const theirs = expectOk(await call<Paged<NoticeItem>>(t.app, { url: '/api/msg-notice/page', token: other.token }));
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/msg-notice/read',
      token: me.token,
      payload: { id: theirs.rows[0]!.id },
    });
    expect(refused.status).toBe(403);
    expect(
      expectOk(
        await call<number>(t.app, {
          method: 'POST',
          url: '/api/msg-notice/read',
          token: me.token,
          payload: { id: all.rows[0]!.id },
        }),
      ),
    ).toBe(2);
    expect((await page('?readState=1')).rows.map((n) => n.title)).toEqual(['系统维护通知']);
    expect(
      expectOk(
        await call<number>(t.app, {
          method: 'POST',
          url: '/api/msg-notice/read',
          token: me.token,
          payload: { all: true },
        }),
      ),
    ).toBe(0);
    // the other member's notice stays unread
    expect(expectOk(await call<number>(t.app, { url: '/api/msg-notice/count', token: other.token }))).toBe(1);
  });

  it('refuses visitors and staff on the member’s notice routes', async () => {
    const staff = await buildStaff(t.ctx.db);
    for (const url of ['/api/msg-notice/page', '/api/msg-notice/check', '/api/msg-notice/getAllBooks']) {
      expect((await call(t.app, { url })).status).toBe(401);
      expect((await call(t.app, { url, token: staff.token })).status).toBe(403);
    }
    expect((await call(t.app, { url: '/api/msg-notice/stream' })).status).toBe(401);
  });

  it('staff broadcast to all members, a college, or a role', async () => {
    const college = await buildCollege(t.ctx.db);
    const elsewhere = await buildCollege(t.ctx.db);
    const teacher = await buildMember(t.ctx.db, { college, roles: '2' });
    const student = await buildMember(t.ctx.db, { college, roles: '3' });
    const farTeacher = await buildMember(t.ctx.db, { college: elsewhere, roles: '1,2' });
    const loner = await buildMember(t.ctx.db);
    const staff = await buildStaff(t.ctx.db);
    const member = await buildMember(t.ctx.db);
    const send = (payload: object, token = staff.token) =>
      call<{ count: number }>(t.app, { method: 'POST', url: '/api/admin/notice/broadcast', token, payload });
    expect((await send({ title: 'x', target: 'all' }, member.token)).status).toBe(403);
    expect((await send({ title: 'x', target: 'all' }, '')).status).toBe(401);

    const titles = async (m: { token: string }) =>
      expectOk(await call<Paged<NoticeItem>>(t.app, { url: '/api/msg-notice/page', token: m.token })).rows.map(
        (n) => n.title,
      );
    expectOk(await send({ title: '学院通知', target: 'college', collegeId: college.id }));
    expectOk(await send({ title: '教师通知', target: 'role', role: 2 }));
    expectOk(await send({ title: '本院教师', target: 'role', role: 2, collegeId: elsewhere.id }));
    const everyone = expectOk(await send({ title: '全体通知', target: 'all' }));
    expect(everyone.count).toBeGreaterThanOrEqual(6);
    expect(await titles(teacher)).toEqual(expect.arrayContaining(['学院通知', '教师通知', '全体通知']));
    expect(await titles(teacher)).toHaveLength(3);
    expect((await titles(student)).sort()).toEqual(['全体通知', '学院通知'].sort());
    expect((await titles(farTeacher)).sort()).toEqual(['全体通知', '教师通知', '本院教师'].sort());
    expect(await titles(loner)).toEqual(['全体通知']);
  });
});

describe('live badge: server-sent events', () => {
  const t = useTestApp();
  let base = '';

  it('sends the unread count at once and again when a notice arrives or is read', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const me = await buildMember(t.ctx.db);
    const other = await buildMember(t.ctx.db);
    const stream = await openCountStream(`${base}/api/msg-notice/stream`, me.token);
    try {
      expect(await stream.next((c) => c === 0)).toBe(0);
      await notify(t.ctx, [{ member_id: other.id, type: 'system', title: 'not mine' }]);
      await notify(t.ctx, [{ member_id: me.id, type: 'system', title: 'mine' }]);
      expect(await stream.next((c) => c === 1)).toBe(1);
      await call(t.app, { method: 'POST', url: '/api/msg-notice/read', token: me.token, payload: { all: true } });
      await stream.next((c) => c === 0 && stream.counts.length >= 3);
      // the other member's notice never showed up on my stream
      expect(stream.counts).toEqual([0, 1, 0]);
      // a staff broadcast to everyone reaches the stream as one small event
      const staff = await buildStaff(t.ctx.db);
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/notice/broadcast',
        token: staff.token,
        payload: { title: '全体通知', target: 'all' },
      });
      await stream.next((c) => c === 1 && stream.counts.length >= 4);
      expect(stream.counts).toEqual([0, 1, 0, 1]);
    } finally {
      stream.close();
    }
  });

  it('keeps one bus per app: closing another app built from the same configuration leaves this one pushing', async () => {
    if (!base) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    }
    const me = await buildMember(t.ctx.db);
    const stream = await openCountStream(`${base}/api/msg-notice/stream`, me.token);
    try {
      await stream.next((c) => c === 0);
      const other = await buildApp({ config: t.ctx.config, database: { ...t.database, close: async () => {} } });
      await other.ready();
      await other.close();
      await notify(t.ctx, [{ member_id: me.id, type: 'system', title: '另一个应用关闭之后' }]);
      expect(await stream.next((c) => c === 1)).toBe(1);
    } finally {
      stream.close();
    }
  });
});

const redisUp = await redisReachable();

describe.skipIf(!redisUp)('scale profile: a notice made on one instance reaches a browser on another (Redis)', () => {
  const t = useTestApp({ redisUrl: REDIS_URL });
  let second: FastifyInstance | undefined;
  afterAll(async () => {
    await second?.close();
  });

  it('pushes through Redis pub/sub between two app instances on one database', async () => {
    // A second instance: its own Fastify app, bus and Redis connections, the same database.
    const config = { ...t.ctx.config };
    second = await buildApp({ config, database: { ...t.database, close: async () => {} } });
    await second.listen({ port: 0, host: '127.0.0.1' });
    await Promise.all([busReady(appContext(second)), busReady(t.ctx)]);
    const port = (second.server.address() as AddressInfo).port;
    const me = await buildMember(t.ctx.db);
    const stream = await openCountStream(`http://127.0.0.1:${port}/api/msg-notice/stream`, me.token);
    try {
      await stream.next((c) => c === 0);
      // made on the first instance (its notify publishes on its own bus)
      await notify(t.ctx, [{ member_id: me.id, type: 'system', title: '跨实例通知' }]);
      expect(await stream.next((c) => c === 1)).toBe(1);
    } finally {
      stream.close();
    }
  });
});
