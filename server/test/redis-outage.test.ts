import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollegeMsg, Msg, type Readiness } from '@textbook/contracts';
import { appContext, buildApp } from '../src/app.js';
import { routeTable, type RouteRow } from '../src/http/module.js';
import { can, type Action } from '../src/policies/index.js';
import type { Actor } from '../src/http/actor.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { puzzleAnswer } from '../src/modules/auth/captcha.js';
import { encrypt, handTrack } from '../src/modules/auth/test-support.js';
import { buildMember, uniquePhone } from './factories.js';
import { call, expectOk, useTestApp, type TestApp } from './helpers.js';
import { buildMatrixWorld, CALLERS, type MatrixWorld } from './matrix/world.js';
import { redisServerBinary, startOwnRedis, type OwnRedis } from './redis.js';

/**
 * The scale profile with Redis gone (issue 30, item 6): two instances on one database and a redis-server of this
 * test's own, killed mid-test. Every route that counts a limit or keeps a shared value answers within a second:
 * limits are counted in each instance's memory, shared one-time values (captcha puzzles, tickets) are refused 503
 * with a message, /api/ready says degraded; when Redis is started again on the same port the instances use it
 * again by themselves, without a restart.
 */
const binary = redisServerBinary();
const BUDGET_MS = 1_000;

if (!binary) {
  const why = 'redis-server is missing (Debian: apt-get install redis-server): the Redis-outage test cannot run';
  if (process.env.CI) {
    describe('Redis outage', () => it('needs redis-server', () => expect.fail(why)));
  } else {
    console.warn(`${why}; skipped (it fails in CI)`);
    describe.skip('Redis outage', () => it('needs redis-server', () => undefined));
  }
} else {
  const redis: OwnRedis = await startOwnRedis(binary);
  // Registered first, so it runs last: after the apps are closed and their keys dropped.
  afterAll(() => redis.kill());
  const a = useTestApp({ redisUrl: redis.url });
  // Registered after the app, so it runs before its close: Redis is there to drop the test's keys.
  afterAll(() => redis.start().catch(() => undefined));
  let b: TestApp;
  let appB: FastifyInstance;
  let world: MatrixWorld;
  let passwordPhone = '';

  beforeAll(async () => {
    appB = await buildApp({ config: a.ctx.config, database: a.database });
    await appB.ready();
    b = { app: appB, ctx: appContext(appB), database: a.database };
    world = await buildMatrixWorld(a);
    const m = await buildMember(a.ctx.db);
    await a.ctx.db
      .updateTable('members')
      .set({ password_hash: await hashPassword('Abcdef123456!x') })
      .where('id', '=', m.id)
      .execute();
    passwordPhone = m.phone;
    // The first puzzle starts the worker threads: not what the budget is about.
    for (const app of [a.app, appB]) expectOk(await call(app, { url: '/api/captcha' }));
  });
  afterAll(async () => appB?.close());

  interface Timed {
    status: number;
    body: { code?: number; msg?: string; data?: unknown };
    ms: number;
  }

  /** One request, its status, envelope and time; the stream's body is not read (it never ends). */
  async function timed(app: FastifyInstance, options: InjectOptions & { token?: string }): Promise<Timed> {
    const { token, headers, ...rest } = options;
    const started = performance.now();
    const response = await app.inject({
      ...rest,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payloadAsStream: true,
    });
    const ms = performance.now() - started;
    const stream = response.stream();
    let body: Timed['body'] = {};
    const type = String(response.headers['content-type'] ?? '');
    if (type.startsWith('text/event-stream')) {
      stream.destroy();
    } else {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      // A download (an export) answers a file, not an envelope.
      if (type.startsWith('application/json')) body = JSON.parse(Buffer.concat(chunks).toString()) as typeof body;
    }
    return { status: response.statusCode, body, ms };
  }

  const admitted = (url: string, policy: string, gate: string | undefined, hasThing: boolean, actor: Actor) => {
    if (url.startsWith('/api/admin/') && actor.kind !== 'staff') return false;
    const early = hasThing ? gate : policy === 'public' ? undefined : policy;
    return early ? (can as (x: Actor, action: Action) => boolean)(actor, early as Action) : true;
  };

  /** The requests every instance must answer in time while Redis is down. */
  function namedRoutes(): { name: string; options: InjectOptions & { token?: string }; status: number[] }[] {
    const member = world.callers.student.token!;
    return [
      { name: 'captcha', options: { url: '/api/captcha' }, status: [503] },
      {
        name: 'captcha check',
        options: { method: 'POST', url: '/api/captcha/check', payload: { captchaId: 'x', x: 1, track: handTrack(1) } },
        status: [503],
      },
      { name: 'login code', options: { url: `/api/loginCode?phoneNumber=${uniquePhone()}&ticket=t` }, status: [503] },
      {
        name: 'redeem',
        options: {
          method: 'POST',
          url: '/api/collegeBookActiveCode/redeem',
          payload: { code: 'ABCD-EFGH-IJKL' },
          token: member,
        },
        status: [400, 404],
      },
      {
        name: 'password login',
        options: {
          method: 'POST',
          url: '/api/pwdLogin',
          payload: { phonenumber: passwordPhone, password: encrypt(a, 'Abcdef123456!x') },
        },
        status: [200],
      },
      { name: 'session read', options: { url: '/api/getMemberInfo', token: member }, status: [200] },
      { name: 'notice count', options: { url: '/api/msg-notice/count', token: member }, status: [200] },
      { name: 'notice stream', options: { url: '/api/msg-notice/stream', token: member }, status: [200] },
    ];
  }

  /** A rate-limited route as a caller it admits, with an empty body (undefined: no caller of the world's may). */
  async function tryLimited(app: FastifyInstance, row: RouteRow) {
    const caller = CALLERS.find((c) => admitted(row.url, row.policy, row.gate, row.hasThing, world.callers[c].actor));
    if (!caller) return undefined;
    return timed(app, {
      method: row.method as 'GET',
      url: row.url.replace(/:(\w+)/g, '1'),
      token: await world.callers[caller].session?.(),
      ...(row.method === 'GET' ? {} : { payload: {} }),
    });
  }

  describe('Redis killed under two running instances', () => {
    it('every rate-limited and Redis-backed route answers within a second, none hangs or fails', async () => {
      // Each once while Redis is up: the first export starts its worker's fonts, which is not what is timed here;
      // a route whose own work takes longer than the budget on this machine (an export) gets that time again.
      const usual = new Map<string, number>();
      for (const [name, app] of [
        ['a', a.app],
        ['b', appB],
      ] as const) {
        for (const row of routeTable(app).filter((r) => r.rateLimited && !r.upload)) {
          await tryLimited(app, row);
          usual.set(`${name} ${row.method} ${row.url}`, (await tryLimited(app, row))?.ms ?? 0);
        }
      }
      await redis.kill();
      const failures: string[] = [];
      /**
       * Over the budget once may be the shared machine's load: tried again, and only a second slow answer fails
       * (a request waiting on Redis waited seconds every time).
       */
      const inTime = async (key: string, send: () => Promise<Timed | undefined>) => {
        const budget = Math.max(BUDGET_MS, 1.5 * (usual.get(key) ?? 0));
        const first = await send();
        return first && first.ms > budget ? { got: await send(), budget } : { got: first, budget };
      };
      for (const [name, app] of [
        ['a', a.app],
        ['b', appB],
      ] as const) {
        for (const route of namedRoutes()) {
          const { got, budget } = await inTime(route.name, () => timed(app, route.options));
          if (!got || got.ms > budget || !route.status.includes(got.status)) {
            failures.push(
              `${name} ${route.name}: HTTP ${got?.status} ${got?.body.msg} in ${Math.round(got?.ms ?? 0)} ms`,
            );
          }
          if (got?.status === 503) expect(got.body.msg).toBe(Msg.NOT_READY);
        }
        // Every route with a rate limit, by a caller it admits, with an empty body: an answer in time, never a 500
        // (503 only with its message).
        for (const row of routeTable(app).filter((r) => r.rateLimited && !r.upload)) {
          const key = `${name} ${row.method} ${row.url}`;
          const { got, budget } = await inTime(key, () => tryLimited(app, row));
          if (!got) continue;
          const refusedRight = got.status < 500 || (got.status === 503 && got.body.msg === Msg.NOT_READY);
          if (got.ms > budget || !refusedRight) failures.push(`${key}: HTTP ${got.status} in ${Math.round(got.ms)} ms`);
        }
      }
      expect(failures).toEqual([]);
    }, 120_000);

    it('still counts limits, in each instance’s memory', async () => {
      const token = world.callers.teacher.token!;
      const redeem = () =>
        call(a.app, {
          method: 'POST',
          url: '/api/collegeBookActiveCode/redeem',
          payload: { code: 'ABCD-EFGH-IJKL' },
          token,
        });
      let last = await redeem();
      for (let i = 0; i < 10; i += 1) last = await redeem();
      expect(last.status).toBe(429);
      expect(last.body.msg).toBe(CollegeMsg.CODE_TOO_OFTEN);
    });

    it('/api/ready says degraded, with what the instance did instead, and stays 200', async () => {
      const ready = await call<Readiness>(a.app, { url: '/api/ready' });
      expect(ready.status).toBe(200);
      const data = expectOk(ready);
      expect(data).toMatchObject({ ready: true, degraded: true, checks: { database: 'ok', redis: 'failed' } });
      expect(data.outage?.limitsInMemory).toBeGreaterThan(0);
      expect(data.outage?.refused).toBeGreaterThan(0);
    });

    it('recovers when Redis is back on the same port, without a restart', async () => {
      await redis.start();
      for (const app of [a.app, appB]) {
        await expect
          .poll(async () => (await call<Readiness>(app, { url: '/api/ready' })).body.data?.degraded, {
            timeout: 5_000,
            interval: 100,
          })
          .toBe(false);
      }
      // A puzzle drawn on one instance, solved there, and its ticket used on the other: shared through Redis again.
      const puzzle = expectOk(await call<{ captchaId: string }>(a.app, { url: '/api/captcha' }));
      const x = (await puzzleAnswer(b.ctx.kv, puzzle.captchaId)) ?? 0;
      await new Promise((r) => setTimeout(r, 420));
      const { ticket } = expectOk(
        await call<{ ticket: string }>(a.app, {
          method: 'POST',
          url: '/api/captcha/check',
          payload: { captchaId: puzzle.captchaId, x: x + 2, track: handTrack(x + 2) },
        }),
      );
      expectOk(await call(appB, { url: `/api/loginCode?phoneNumber=${uniquePhone()}&ticket=${ticket}` }));
      const ready = expectOk(await call<Readiness>(appB, { url: '/api/ready' }));
      expect(ready).toEqual({
        ready: true,
        degraded: false,
        checks: { database: 'ok', redis: 'ok', storage: 'ok' },
        outage: null,
      });
    }, 30_000);
  });
}
