// Concurrent class joins (issues #7, #21): 500 students press 加入 on the same class at the same moment, over
// real HTTP. Runs its own production-mode app on a fresh database (a temporary SQLite file, and also a schema
// of its own in TEST_DATABASE_URL when that is a postgres URL), so it needs no test routes on the bench server.
// Reports joins per second, p50/p99 latency of one join (budget: p99 ≤ 300 ms), and a failed row when the
// memberships are not exactly 500.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { formatClassTime } from '@textbook/contracts';
import { appContext, buildApp } from '../server/src/app.js';
import { isPostgresUrl } from '../server/src/config.js';
import { benchAppConfig } from './lib.js';
import { grantShelfEntry } from '../server/src/modules/shelf/index.js';
import { createTestDatabase } from '../server/test/db.js';
import { buildCollege, buildMember } from '../server/test/factories.js';
import type { Measurement, MeasurementResult } from './lib.js';

const STUDENTS = 500;
/** Issue #21: one join's p99 with 500 at once, on SQLite and PostgreSQL alike. */
const P99_BUDGET_MS = 300;

interface Burst {
  latencies: number[];
  codes: number[];
  wallMs: number;
  /** Requests that did not go over their student's open connection (0 when the figure is what it says). */
  fresh: number;
  clientUtilization: number;
  /** How long the server's event loop (this thread) was busy during the burst. */
  serverBusyMs: number;
}

/**
 * The students' requests all at once, each timed from its send to its answer, from a worker thread
 * (bench/join-clients.mjs), as phones on the network would send them: each over its own connection, opened
 * before the burst. BENCH_JOIN_PROFILE=<dir>: the CPU profile of this thread (the server's) during the burst
 * only, written as <dir>/<label>.cpuprofile (open it in Chromium's DevTools).
 */
async function burst(
  label: string,
  base: string,
  path: string,
  requests: { token?: string; body: string }[],
): Promise<Burst> {
  const worker = new Worker(new URL('./join-clients.mjs', import.meta.url), {
    workerData: { base, warmPath: '/api/health', path, requests },
  });
  const profileDir = process.env.BENCH_JOIN_PROFILE;
  const session = profileDir ? new Session() : null;
  try {
    const next = () =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    await next(); // connections open
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
    }
    const done = next();
    const idle = performance.eventLoopUtilization();
    worker.postMessage('go');
    const out = (await done) as Omit<Burst, 'latencies' | 'codes' | 'serverBusyMs'> & {
      results: { code: number; ms: number }[];
    };
    const serverBusyMs = Math.round(performance.eventLoopUtilization(idle).active);
    if (session && profileDir) {
      const { profile } = await session.post('Profiler.stop');
      fs.mkdirSync(profileDir, { recursive: true });
      fs.writeFileSync(pathOf(profileDir, label), JSON.stringify(profile));
    }
    return {
      latencies: out.results.map((r) => r.ms),
      codes: out.results.map((r) => r.code),
      wallMs: out.wallMs,
      fresh: out.fresh,
      clientUtilization: out.clientUtilization,
      serverBusyMs,
    };
  } finally {
    session?.disconnect();
    await worker.terminate();
  }
}

const pathOf = (dir: string, label: string) => join(dir, `${label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function run(isReview: '0' | '1', databaseUrl: string): Promise<MeasurementResult[]> {
  const database = await createTestDatabase(databaseUrl);
  // No dictionary at start (benchAppConfig): the joins look nothing up, and its load took a core from them.
  const config = benchAppConfig();
  // The yardstick: a bare route, asked the same way, 500 at once (what HTTP alone costs the server).
  const app = await buildApp({
    config,
    database,
    extend: (app) => app.post('/bench/bare', async () => ({ code: 200, msg: '', data: null })),
  });
  try {
    const db = database.db;
    const college = await buildCollege(db);
    const teacher = await buildMember(db, { college, roles: '2' });
    const now = Date.now();
    const { id: bookId } = await db
      .insertInto('books')
      .values({ identifier: `urn:bench:${now}`, title: '并发教材', published: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grantShelfEntry(appContext(app), db, {
      memberId: teacher.id,
      bookId,
      source: 'sample',
      collegeId: college.id,
    });
    const students = [];
    for (let i = 0; i < STUDENTS; i += 50) {
      students.push(...(await Promise.all(Array.from({ length: 50 }, () => buildMember(db, { college, roles: '3' })))));
    }
    // They logged in before class: each session slides forward with its first request of the lecture.
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now - 2 * 3600 * 1000 })
      .where(
        'member_id',
        'in',
        students.map((s) => s.id),
      )
      .execute();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const post = (url: string, token: string, body: unknown) =>
      fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ code: number; data: { id: number; code: string } }>);
    const created = await post('/api/class/save', teacher.token, {
      bookId,
      name: '并发班',
      isReview,
      startTime: formatClassTime(Date.now()),
      endTime: formatClassTime(Date.now() + 86_400_000),
    });
    if (created.code !== 200) throw new Error(`class not created: ${JSON.stringify(created)}`);

    const label = `class join ×${STUDENTS} concurrent (${database.dialect}, review ${isReview === '0' ? 'on' : 'off'})`;
    const forms = students.map((s, i) => ({
      token: s.token,
      body: JSON.stringify({ activationCode: created.data.code, studentId: `B${i}`, name: `学生${i}` }),
    }));
    const bare = await burst(
      `bare-${label}`,
      base,
      '/bench/bare',
      forms.map((f) => ({ body: f.body })),
    );
    const { latencies, codes, wallMs, fresh, clientUtilization, serverBusyMs } = await burst(
      label,
      base,
      '/api/class/student/join',
      forms,
    );
    const rows = await db
      .selectFrom('class_students')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('class_id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    const correct = Number(rows.n) === STUDENTS && codes.every((c) => c === 200);
    latencies.sort((a, b) => a - b);
    bare.latencies.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    return [
      {
        name: `${label}: joins/s`,
        value: Math.round((STUDENTS / wallMs) * 1000),
        unit: 'joins/s',
        // Every request over its open connection, or the figure is not what it says.
        pass: correct && fresh + bare.fresh === 0 ? null : false,
        detail: {
          wallMs: round(wallMs),
          memberships: Number(rows.n),
          expected: STUDENTS,
          freshConnections: fresh + bare.fresh,
          clientUtilization,
          serverBusyMs,
        },
      },
      { name: `${label}: p50 of one join`, value: round(percentile(latencies, 50)), unit: 'ms', pass: null },
      {
        name: `${label}: p99 of one join`,
        value: round(percentile(latencies, 99)),
        unit: 'ms',
        budget: P99_BUDGET_MS,
        limit: 'max',
      },
      {
        name: `${label}: p99 of a bare route asked the same way`,
        value: round(percentile(bare.latencies, 99)),
        unit: 'ms',
        pass: bare.codes.every((c) => c === 200) ? null : false,
        detail: {
          p50: round(percentile(bare.latencies, 50)),
          clientUtilization: bare.clientUtilization,
          serverBusyMs: bare.serverBusyMs,
        },
      },
    ];
  } finally {
    await app.close();
    await database.drop();
  }
}

const postgres =
  process.env.TEST_DATABASE_URL && isPostgresUrl(process.env.TEST_DATABASE_URL) ? process.env.TEST_DATABASE_URL : null;
const dialects = [{ name: 'sqlite', url: '' }, ...(postgres ? [{ name: 'postgres', url: postgres }] : [])];

export const measurements: Measurement[] = dialects.flatMap((d) => [
  { name: `class join (review on, ${d.name})`, run: () => run('0', d.url) },
  { name: `class join (review off, ${d.name})`, run: () => run('1', d.url) },
]);
