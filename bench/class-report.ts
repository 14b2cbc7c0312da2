// Class report latency (issue 18): 500 students in 10 classes with 90 days of reading events and three released
// homework per class, most of it submitted (report-data.ts), then GET /api/classReport/detail over the 90 days, one request at a time over real HTTP, p50/p95 against the
// 200 ms budget. Its own production-mode app on a fresh database: a temporary SQLite file, or a schema of its own
// in TEST_DATABASE_URL when that is a postgres URL.
import type { AddressInfo } from 'node:net';
import { appContext, buildApp } from '../server/src/app.js';
import { createTestDatabase } from '../server/test/db.js';
import { benchAppConfig, type Measurement, type MeasurementResult } from './lib.js';
import { generateReportData } from './report-data.js';

const REQUESTS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function measureClassReport(): Promise<MeasurementResult[]> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: benchAppConfig(), database });
  try {
    const t0 = performance.now();
    const world = await generateReportData(appContext(app));
    const generatedMs = performance.now() - t0;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const ask = async (i: number) => {
      const classId = world.classIds[i % world.classIds.length]!;
      const started = performance.now();
      const res = await fetch(
        `${base}/api/classReport/detail?classId=${classId}&start=${world.start}&end=${world.end}`,
        {
          headers: { authorization: `Bearer ${world.teacherToken}` },
        },
      );
      const body = (await res.json()) as {
        code: number;
        data: { students: number; homework: { items: unknown[] } | null };
      };
      // The figure covers homework too: the report must have found the class's released homework.
      if (body.code !== 200 || body.data.students !== 50 || !body.data.homework?.items.length)
        throw new Error(`class report answered ${JSON.stringify(body).slice(0, 200)}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 10; i++) await ask(i);
    const latencies: number[] = [];
    for (let i = 0; i < REQUESTS; i++) latencies.push(await ask(i));
    latencies.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    const p95 = round(percentile(latencies, 95));
    const label = `class report, 50 of 500 students × 90 days with homework (${database.dialect})`;
    return [
      {
        name: `${label}: p95`,
        value: p95,
        unit: 'ms',
        budget: 200,
        limit: 'max',
        pass: p95 <= 200,
        detail: {
          events: world.events,
          homework: world.homework,
          submitted: world.submitted,
          generatedMs: Math.round(generatedMs),
          requests: REQUESTS,
        },
      },
      { name: `${label}: p50`, value: round(percentile(latencies, 50)), unit: 'ms', pass: null },
    ];
  } finally {
    await app.close();
    await database.drop();
  }
}

export const measurements: Measurement[] = [{ name: 'class report', run: () => measureClassReport() }];
