import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Actor } from '../../src/http/actor.js';
import { routeTable, type RouteRow } from '../../src/http/module.js';
import { can, type Action } from '../../src/policies/index.js';
import { useTestApp } from '../helpers.js';
import { buildMatrixWorld, CALLERS, type MatrixWorld } from './world.js';

/**
 * A fuzz pass over every declared route: each field of its query, params and body gets hostile values (wrong
 * types, huge and odd strings, deep HTML, NUL, negative and huge numbers, paging out of range), sent by a caller
 * the route admits. No answer may be an HTTP 500, and the server must keep answering.
 */
const t = useTestApp();
let world: MatrixWorld;
beforeAll(async () => {
  world = await buildMatrixWorld(t);
});

const DEEP_HTML = '<div>'.repeat(5000) + 'x' + '</div>'.repeat(5000);
const HOSTILE: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  2 ** 63,
  '',
  ' ',
  'abc',
  'a\u0000b',
  '\u202e\ud83d\ude00\u0301',
  "'; drop table members; --",
  '<script>alert(1)</script>',
  DEEP_HTML,
  'x'.repeat(20_000),
  [],
  {},
  { $gt: '' },
];

/** Keys of an object schema (unwrapping optional/default/pipe), or none. */
function keysOf(schema: z.ZodType | undefined): string[] {
  let s: unknown = schema;
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const def = (s as { _zod?: { def?: { innerType?: unknown; in?: unknown; schema?: unknown } } })._zod?.def;
    s = def?.innerType ?? def?.in ?? def?.schema;
  }
  return [];
}

function admitted(row: RouteRow, actor: Actor): boolean {
  if (row.url.startsWith('/api/admin/') && actor.kind !== 'staff') return false;
  const early = row.hasThing ? row.gate : row.policy === 'public' ? undefined : row.policy;
  return early ? (can as (a: Actor, action: Action) => boolean)(actor, early as Action) : true;
}

const asQuery = (value: unknown): string =>
  typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value);

describe('hostile input on every route', () => {
  it('never answers HTTP 500', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const row of routeTable(t.app)) {
      if (row.upload) continue; // multipart routes: their own malformed-multipart tests
      const caller = CALLERS.find((c) => admitted(row, world.callers[c].actor));
      if (!caller) continue;
      const token = world.callers[caller].token;
      const headers = token ? { authorization: `Bearer ${token}` } : {};
      const paramKeys = keysOf(row.params);
      const queryKeys = keysOf(row.query);
      const bodyKeys = keysOf(row.body);
      const tries: { url: string; payload?: unknown }[] = [];
      const base = row.url.replace(/:(\w+)/g, '1');
      for (const value of HOSTILE) {
        for (const key of paramKeys) {
          tries.push({
            url: row.url.replace(`:${key}`, encodeURIComponent(asQuery(value) || 'x')).replace(/:(\w+)/g, '1'),
          });
        }
        for (const key of queryKeys) tries.push({ url: `${base}?${key}=${encodeURIComponent(asQuery(value))}` });
        if (row.method !== 'GET') {
          for (const key of bodyKeys) tries.push({ url: base, payload: { [key]: value } });
          tries.push({ url: base, payload: value });
        }
      }
      if (queryKeys.length) tries.push({ url: `${base}?${queryKeys.map((k) => `${k}=${'9'.repeat(30)}`).join('&')}` });
      if (row.method !== 'GET' && bodyKeys.length) {
        tries.push({ url: base, payload: Object.fromEntries(bodyKeys.map((k) => [k, 'x'.repeat(5000)])) });
      }
      for (const { url, payload } of tries) {
        sent += 1;
        const result = await t.app.inject({
          method: row.method as 'GET',
          url,
          headers,
          ...(payload === undefined
            ? {}
            : { payload: JSON.stringify(payload), headers: { ...headers, 'content-type': 'application/json' } }),
        });
        if (result.statusCode >= 500) {
          failures.push(
            `${row.method} ${url.slice(0, 80)} ${JSON.stringify(payload)?.slice(0, 60)} as ${caller}: HTTP ${result.statusCode}`,
          );
        }
      }
    }
    console.log(`fuzz: ${sent} hostile requests over ${routeTable(t.app).length} routes`);
    expect(failures.slice(0, 40)).toEqual([]);
    const alive = await t.app.inject({ url: '/api/site' });
    expect(alive.statusCode).toBeLessThan(500);
  }, 600_000);
});
