import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { buildMember } from '../../test/factories.js';
import { openCountStream } from '../../test/sse.js';
import { shutDown } from './shutdown.js';

/** A request on a connection of its own (no pooled keep-alive socket): refused once the server stops listening. */
function freshGet(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

/** An instance on a real port with a slow route: it waits, then reads the database, then answers. */
async function instance(slowMs: number) {
  const database = await createTestDatabase();
  const started: number[] = [];
  const app = await buildApp({
    config: { ...loadConfig({ NODE_ENV: 'test' }), webDist: '/nonexistent' },
    database,
    extend: (a) =>
      a.get('/slow', async () => {
        started.push(Date.now());
        await new Promise((r) => setTimeout(r, slowMs));
        const row = await sql<{ one: number }>`select 1 as one`.execute(database.db);
        return { done: row.rows[0]!.one };
      }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, database, port, started };
}

describe('graceful shutdown', () => {
  let opened: { app: FastifyInstance; database: TestDatabase } | undefined;
  afterEach(async () => {
    await opened?.app.close().catch(() => undefined);
    await opened?.database.drop().catch(() => undefined);
    opened = undefined;
  });

  it('lets requests under way finish, refuses new connections, tells notice streams to reconnect', async () => {
    const { app, database, port, started } = await instance(800);
    opened = { app, database };
    const base = `http://127.0.0.1:${port}`;
    const member = await buildMember(database.db);
    const stream = await openCountStream(`${base}/api/msg-notice/stream`, member.token);
    await stream.next((c) => c === 0);

    const inFlight = [1, 2, 3].map(() =>
      fetch(`${base}/slow`).then(async (r) => ({ status: r.status, body: await r.json() })),
    );
    while (started.length < 3) await new Promise((r) => setTimeout(r, 10));

    const closing = shutDown(app, database, 5_000);
    await stream.ended;
    // Told to come back after a short, spread-out pause, then the stream ended.
    expect(stream.reconnects).toHaveLength(1);
    expect(stream.reconnects[0]).toBeGreaterThanOrEqual(500);
    expect(stream.reconnects[0]).toBeLessThan(2_500);
    await expect(freshGet(port, '/api/health')).rejects.toThrow(/ECONNREFUSED/);

    // Every request that had started finishes, database included, before the instance is gone.
    expect(await Promise.all(inFlight)).toEqual([1, 2, 3].map(() => ({ status: 200, body: { done: 1 } })));
    const result = await closing;
    expect(result.forced).toBe(false);
    expect(result.ms).toBeGreaterThanOrEqual(500);
    // The database closed last.
    await expect(sql`select 1`.execute(database.db)).rejects.toThrow();
  });

  it('cuts a request that outlasts the grace period, and still closes', async () => {
    const { app, database, port, started } = await instance(10_000);
    opened = { app, database };
    const slow = fetch(`http://127.0.0.1:${port}/slow`).then(
      (r) => r.status,
      (err: unknown) => (err instanceof Error ? err.message : 'failed'),
    );
    while (started.length < 1) await new Promise((r) => setTimeout(r, 10));
    const result = await shutDown(app, database, 300);
    expect(result.forced).toBe(true);
    expect(result.ms).toBeLessThan(2_000);
    expect(await slow).toBe('fetch failed');
  });
});
