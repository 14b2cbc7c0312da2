// `npm run bench -- --scale`: the scale profile's read throughput. The same public reads against one instance
// behind nginx and then two (scripts/scale.mjs, on PostgreSQL and Redis), each at the run's connections for the
// run's duration: requests a second, p99, errors, and each instance's memory after the load. Writes
// bench/results/scale.json. On a two-core machine the instances, nginx and the load generator share the cores,
// so the figure says what a second instance costs and gives here, not what it gives on a machine of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { Redis } from 'ioredis';
import { freePort, startScale } from '../scripts/scale.mjs';

const READS = ['/api/book/list?pageNum=1&pageSize=12', '/api/book/detail/1', '/api/navMenu/list'];

interface ScaleRow {
  instances: number;
  url: string;
  reqPerSec: number;
  p99Ms: number;
  errors: number;
  rssMB: number[];
}

/** Resident memory of a process, from /proc (Linux), in MB. */
function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

export async function runScaleBench(options: { durationSec: number; connections: number; root: string }) {
  const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!/^postgres/.test(pgUrl)) throw new Error('--scale runs on PostgreSQL: set TEST_DATABASE_URL=postgres://…');
  const name = `bench_scale_${process.pid}`;
  const admin = new URL(pgUrl);
  admin.pathname = '/postgres';
  const database = new URL(pgUrl);
  database.pathname = `/${name}`;
  const sql = async (text: string) => {
    const client = new pg.Client({ connectionString: admin.href });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await sql(`create database ${name}`);
  const prefix = `${name}:`;
  const rows: ScaleRow[] = [];
  try {
    for (const instances of [1, 2]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'textbook-bench-scale-'));
      const scale = await startScale({
        instances,
        port: await freePort(),
        databaseUrl: database.href,
        redisUrl,
        dataDir,
        env: { REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' },
        log: (line: string) => console.log(line),
      });
      try {
        for (const url of READS) {
          const result = await autocannon({
            url: scale.baseURL + url,
            connections: options.connections,
            duration: options.durationSec,
            warmup: { connections: options.connections, duration: 1 },
          });
          const row: ScaleRow = {
            instances,
            url,
            reqPerSec: Math.round(result.requests.average),
            p99Ms: result.latency.p99,
            errors: result.errors + result.timeouts + result.non2xx,
            rssMB: scale.instances.map((i: { pid: number }) => rssOf(i.pid)),
          };
          rows.push(row);
          console.log(
            `[bench --scale] ${instances} instance(s) ${url}: ${row.reqPerSec} req/s, p99 ${row.p99Ms} ms, ` +
              `${row.errors} errors, RSS ${row.rssMB.join('/')} MB`,
          );
        }
      } finally {
        await scale.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await sql(`drop database if exists ${name} with (force)`);
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
  console.log('\n| read | 1 instance req/s (p99) | 2 instances req/s (p99) | 2 ÷ 1 | errors | RSS per instance |');
  console.log('|---|---|---|---|---|---|');
  for (const url of READS) {
    const one = rows.find((r) => r.url === url && r.instances === 1)!;
    const two = rows.find((r) => r.url === url && r.instances === 2)!;
    console.log(
      `| ${url} | ${one.reqPerSec} (${one.p99Ms} ms) | ${two.reqPerSec} (${two.p99Ms} ms) | ` +
        `${(two.reqPerSec / Math.max(1, one.reqPerSec)).toFixed(2)}× | ${one.errors + two.errors} | ` +
        `${one.rssMB.join('/')} → ${two.rssMB.join('/')} MB |`,
    );
  }
  const out = path.join(options.root, 'bench', 'results', 'scale.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), cores: os.cpus().length, rows }, null, 2));
  return rows;
}
