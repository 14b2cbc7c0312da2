import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@textbook/contracts';
import type { Actor } from '../../src/http/actor.js';
import { registeredRoutes, routeTable, type RouteRow } from '../../src/http/module.js';
import { can, type Action } from '../../src/policies/index.js';
import { openSession, openStaffSession } from '../../src/modules/session/index.js';
import { call, useTestApp } from '../helpers.js';
import { buildMatrixWorld, CALLERS, type Caller, type IdorCase, type MatrixWorld } from './world.js';

/**
 * The permission matrix, generated from the route table: every registered route, tried by every kind of caller.
 * A route without a declared policy fails; so does any answer to a caller its policy refuses other than 401
 * (visitor) or 403 (member, staff) without data, and any HTTP 500. Then the IDOR cases (server/test/matrix/idor/):
 * one per route that loads a thing by id.
 */
const t = useTestApp();
let world: MatrixWorld;
beforeAll(async () => {
  world = await buildMatrixWorld(t);
});

/** Routes outside the API (the web app, its files) and the OpenAPI pages are not the matrix's business. */
const outside = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/docs');

function refuses(row: RouteRow, actor: Actor): boolean {
  if (row.url.startsWith('/api/admin/') && actor.kind !== 'staff') return true;
  const early = row.hasThing ? row.gate : row.policy === 'public' ? undefined : row.policy;
  return early ? !(can as (a: Actor, action: Action) => boolean)(actor, early as Action) : false;
}

/** A concrete address for a route pattern: every `:param` becomes 1 (a refusal never reaches the thing). */
const concrete = (url: string) => url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');

describe('the route table', () => {
  it('declares a policy for every registered API route', () => {
    const declared = new Set(routeTable(t.app).map((r) => `${r.method} ${r.url}`));
    const missing = registeredRoutes(t.app)
      .filter((r) => !outside(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !declared.has(key));
    console.log(`route matrix: ${routeTable(t.app).length} declared routes × ${CALLERS.length} callers`);
    expect(missing, 'routes registered outside a module (no declared policy)').toEqual([]);
  });

  /** A fresh session per request, so a route that ends the caller's session (logout) ends only its own. */
  async function tokenOf(caller: Caller): Promise<string | undefined> {
    const actor = world.callers[caller].actor;
    if (actor.kind === 'member') return openSession(t.ctx.db, actor.memberId);
    if (actor.kind === 'staff') return openStaffSession(t.ctx.db, actor.staffId);
    return undefined;
  }

  /**
   * One request's status and body. A stream answered to a permitted caller (server-sent events) never ends: its
   * body is not read (the app ends open streams when it closes).
   */
  async function answerOf(options: InjectOptions): Promise<{ statusCode: number; body: string }> {
    const result = await t.app.inject({ ...options, payloadAsStream: true });
    const stream = result.stream();
    if (String(result.headers['content-type'] ?? '').startsWith('text/event-stream')) {
      stream.destroy();
      return { statusCode: result.statusCode, body: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return { statusCode: result.statusCode, body: Buffer.concat(chunks).toString() };
  }

  it('answers a refused caller 401 or 403 without data, and nobody a 500', async () => {
    const failures: string[] = [];
    for (const row of routeTable(t.app)) {
      for (const caller of CALLERS) {
        const who = world.callers[caller];
        const url = concrete(row.url);
        const token = await tokenOf(caller);
        const result = await answerOf({
          method: row.method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(row.method === 'GET' ? {} : { payload: {} }),
        });
        const key = `${row.method} ${row.url} as ${caller}`;
        if (result.statusCode >= 500) failures.push(`${key}: HTTP ${result.statusCode}`);
        if (!refuses(row, who.actor)) continue;
        const expected = who.actor.kind === 'visitor' ? 401 : 403;
        let body: { code?: number; data?: unknown } = {};
        try {
          body = JSON.parse(result.body) as typeof body;
        } catch {
          /* a non-JSON answer to a refused caller fails below */
        }
        if (result.statusCode !== expected || body.code === Code.OK || (body.data ?? null) !== null) {
          failures.push(`${key}: expected ${expected}, got HTTP ${result.statusCode} ${result.body.slice(0, 80)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});

const here = path.dirname(fileURLToPath(import.meta.url));
async function idorCases(): Promise<IdorCase[]> {
  const dir = path.join(here, 'idor');
  const files = readdirSync(dir).filter((f) => /\.ts$/.test(f));
  const cases: IdorCase[] = [];
  for (const file of files) {
    const mod = (await import(path.join(dir, file))) as { cases: IdorCase[] };
    cases.push(...mod.cases);
  }
  return cases;
}

describe('one member’s thing in another’s request', () => {
  it('has a case for every route that loads a thing', async () => {
    const cases = new Set((await idorCases()).map((c) => c.route));
    const missing = routeTable(t.app)
      .filter((r) => r.hasThing)
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !cases.has(key));
    expect(missing, 'routes that load a thing without an IDOR case in server/test/matrix/idor/').toEqual([]);
  });

  it('refuses each of them', async () => {
    const failures: string[] = [];
    for (const c of await idorCases()) {
      const request = await c.make(world);
      const who: { token?: string } = world.callers[request.caller as Caller];
      const result = await call(t.app, {
        method: c.route.split(' ')[0] as 'GET',
        url: request.url,
        token: who.token,
        ...(request.payload ? { payload: request.payload } : {}),
      });
      if (![403, 404].includes(result.status) || result.body.code === Code.OK || result.body.data !== null) {
        failures.push(
          `${c.route} as ${request.caller}: HTTP ${result.status} ${JSON.stringify(result.body).slice(0, 80)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
