// `npm run bench`: API throughput and latency against a bare hello route of the same app, and the weight
// of a visitor's first page, against the budgets of DESIGN.md §8. Prints a table and writes
// bench/results/latest.json.
//
//   npm run bench                      all endpoints, 10 s each at 64 connections
//   npm run bench -- --duration 3      shorter runs
//   npm run bench -- --only navMenu    endpoints and measurements whose name contains "navMenu"
//   npm run bench -- --strict          exit 1 when a budget is missed
//   npm run bench -- --scale           reads through nginx: one instance, then two (bench/scale.ts; PostgreSQL, Redis)
//
// Add an endpoint: one line in ENDPOINTS below, or a bench module (see lib.ts) exporting `endpoints`.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { chromium, type Browser } from 'playwright-core';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium.js';
import { startServer, type RunningServer } from '../e2e/support/server.js';
import {
  judge,
  MEMBER_ALIASES,
  type BenchContext,
  type BenchModule,
  type EndpointResult,
  type EndpointSpec,
  type Measurement,
  type MeasurementResult,
} from './lib.js';

/** The API endpoints measured on every run. */
const ENDPOINTS: EndpointSpec[] = [{ url: '/api/site' }, { url: '/api/navMenu/list' }];

const HELLO: EndpointSpec = { name: 'hello (bare route)', url: '/bench/hello', budget: false };
const DEFAULT_BUDGET = { minRatio: 0.5, maxP99Ms: 50 };
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(BENCH_DIR, '..');
const CORE_FILES = new Set(['run.ts', 'server.ts', 'lib.ts', 'wrk.ts', 'scale.ts']);

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const durationSec = Number(option('duration') ?? process.env.BENCH_DURATION ?? 10);
const connections = Number(option('connections') ?? process.env.BENCH_CONNECTIONS ?? 64);
const only = option('only');
const strict = process.argv.includes('--strict');

const matches = (name: string) => !only || name.toLowerCase().includes(only.toLowerCase());
const labelOf = (spec: EndpointSpec) => spec.name ?? `${spec.method ?? 'GET'} ${spec.url}`;

async function loadModules(): Promise<{ file: string; module: BenchModule }[]> {
  const files = fs
    .readdirSync(BENCH_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !CORE_FILES.has(f))
    .sort();
  const loaded = [];
  for (const file of files) {
    loaded.push({ file, module: (await import(pathToFileURL(path.join(BENCH_DIR, file)).href)) as BenchModule });
  }
  return loaded;
}

function commit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function main(): Promise<void> {
  const started = Date.now();
  buildIfStale({ log: (line: string) => console.log(line) });
  if (process.argv.includes('--scale')) {
    const { runScaleBench } = await import('./scale.js');
    const rows = await runScaleBench({ durationSec, connections, root: ROOT });
    if (strict && rows.some((r) => r.errors > 0)) process.exitCode = 1;
    return;
  }
  const modules = await loadModules();

  console.log('[bench] starting the server (production mode, temporary seeded SQLite)');
  const server: RunningServer = await startServer({
    label: 'textbook-bench',
    // BENCH_SERVER_ARGS adds Node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
    args: [...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean), await bundleServer()],
    // HEAVY_PER_MINUTE: the heavy-load scenario (heavy-load.ts) measures the worker pool, not the per-caller throttle.
    env: {
      NODE_ENV: 'production',
      TEST_ROUTES: '0',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      HEAVY_PER_MINUTE: '1000000',
    },
    readyPath: HELLO.url,
    // A machine shared with other builds and tests (load average 35 on two cores seen) can take minutes to start it.
    readyTimeoutMs: 180_000,
  });
  let browser: Browser | undefined;

  try {
    const tokens = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'bench-tokens.json'), 'utf8')) as Record<
      string,
      string
    >;
    const token = (as: NonNullable<EndpointSpec['as']>): string => {
      const key = as in MEMBER_ALIASES ? MEMBER_ALIASES[as as keyof typeof MEMBER_ALIASES] : as;
      const found = tokens[key];
      if (!found) throw new Error(`no seeded member "${as}" (${key}) to call as`);
      return found;
    };

    let helloRps = 0;
    const measureEndpoint = async (spec: EndpointSpec): Promise<EndpointResult> => {
      const headers: Record<string, string> = { ...spec.headers };
      if (spec.as) headers.authorization = `Bearer ${token(spec.as)}`;
      const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const method = spec.method ?? 'GET';
      const url = server.baseURL + spec.url;
      const notes: string[] = [];

      // One plain call first: a benchmark of an error answer measures nothing.
      const probe = await fetch(url, { method, headers, body });
      const text = await probe.text();
      let code: unknown = probe.status;
      try {
        code = (JSON.parse(text) as { code?: unknown }).code ?? probe.status;
      } catch {
        // not JSON
      }
      if (!probe.ok || code !== 200) notes.push(`probe answered HTTP ${probe.status}, code ${String(code)}`);

      const result = await autocannon({
        url,
        method,
        headers,
        body,
        connections,
        duration: durationSec,
        warmup: { connections, duration: 1 },
      });
      if (result.non2xx) notes.push(`${result.non2xx} non-2xx answers`);
      if (result.errors || result.timeouts) notes.push(`${result.errors} errors, ${result.timeouts} timeouts`);
      const budget = spec.budget === false ? null : { ...DEFAULT_BUDGET, ...spec.budget };
      return judgeEndpoint(
        {
          name: labelOf(spec),
          url: spec.url,
          reqPerSec: Math.round(result.requests.average),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          ratio: 1,
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          budget,
          pass: null,
          notes,
        },
        helloRps,
      );
    };

    const ctx: BenchContext = {
      baseURL: server.baseURL,
      dataDir: server.dataDir,
      durationSec,
      connections,
      token,
      measureEndpoint,
      async browser() {
        browser ??= await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
        return browser;
      },
    };

    const endpoints = [...ENDPOINTS, ...modules.flatMap((m) => m.module.endpoints ?? [])].filter((s) =>
      matches(labelOf(s)),
    );
    const measurements: Measurement[] = modules
      .flatMap((m) => m.module.measurements ?? [])
      .filter((m) => matches(m.name));

    console.log(
      `[bench] ${endpoints.length + 1} endpoints × ${durationSec} s at ${connections} connections, ` +
        `${measurements.length} other measurements (modules: ${modules.map((m) => m.file).join(', ') || 'none'})`,
    );
    const api: EndpointResult[] = [];
    // A fresh server is slower for its first seconds (the JIT, the heap growing, workers loading their data):
    // hello runs unmeasured until two runs in a row agree within 10% (at most 20 s).
    for (let last = 0, i = 0; i < 10; i += 1) {
      const warm = (await autocannon({ url: server.baseURL + HELLO.url, connections, duration: 2 })).requests.average;
      if (last && Math.abs(warm - last) <= 0.1 * Math.max(warm, last)) break;
      last = warm;
    }
    const hello = await measureEndpoint(HELLO);
    helloRps = hello.reqPerSec;
    api.push(hello);
    console.log(`[bench] ${hello.name}: ${hello.reqPerSec} req/s, p99 ${hello.p99Ms} ms`);
    // The machine drifts (other work, thermal): hello runs again after each endpoint, and each endpoint's ratio is
    // against the mean of the hellos just before and just after it, not one hello at the start of the run.
    let before = hello;
    const hellos = [hello.reqPerSec];
    for (const spec of endpoints) {
      const r = await measureEndpoint(spec);
      const after = await measureEndpoint({ ...HELLO, name: 'hello (again)' });
      hellos.push(after.reqPerSec);
      const beside = (before.reqPerSec + after.reqPerSec) / 2;
      const judged: EndpointResult = { ...judgeEndpoint(r, beside), helloBeside: [before.reqPerSec, after.reqPerSec] };
      api.push(judged);
      console.log(
        `[bench] ${r.name}: ${r.reqPerSec} req/s, p99 ${r.p99Ms} ms, ${judged.ratio}× hello ` +
          `(${before.reqPerSec} before, ${after.reqPerSec} after)`,
      );
      before = after;
    }
    if (endpoints.length) {
      api.push({ ...before, name: 'hello (again, at the end)' });
      // The modules' rows (ctx.measureEndpoint) are against the mean of every hello of the run.
      helloRps = hellos.reduce((a, b) => a + b, 0) / hellos.length;
      api[0] = judgeEndpoint(api[0]!, helloRps);
      api[api.length - 1] = judgeEndpoint(api[api.length - 1]!, helloRps);
    }

    const other: MeasurementResult[] = [];
    for (const m of measurements) {
      try {
        const out = await m.run(ctx);
        for (const r of Array.isArray(out) ? out : [out]) {
          other.push({ ...r, pass: r.pass !== undefined ? r.pass : judge(r.value, r.budget, r.limit) });
        }
      } catch (err) {
        other.push({ name: m.name, value: NaN, unit: '', pass: false, detail: String(err) });
      }
    }

    printTables(api, other);
    const report = {
      date: new Date().toISOString(),
      commit: commit(),
      machine: {
        node: process.version,
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? '',
        platform: os.platform(),
      },
      settings: { durationSec, connections, logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn' },
      api,
      measurements: other,
      passed: [...api, ...other].every((r) => r.pass !== false),
      seconds: Math.round((Date.now() - started) / 1000),
    };
    const outDir = path.join(BENCH_DIR, 'results');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`[bench] wrote bench/results/latest.json (${report.seconds} s)`);
    if (strict && !report.passed) process.exitCode = 1;
  } finally {
    await browser?.close().catch(() => undefined);
    await server.stop();
  }
}

function judgeEndpoint(r: EndpointResult, helloRps: number): EndpointResult {
  const ratio = helloRps ? r.reqPerSec / helloRps : 1;
  const clean = r.notes.length === 0;
  const pass = r.budget ? clean && ratio >= r.budget.minRatio && r.p99Ms <= r.budget.maxP99Ms : clean ? null : false;
  return { ...r, ratio: round(ratio, 2), pass };
}

function verdict(pass: boolean | null | undefined): string {
  return pass === true ? 'ok' : pass === false ? 'MISSED' : '-';
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
    .join('\n');
}

function printTables(api: EndpointResult[], other: MeasurementResult[]): void {
  console.log();
  console.log(
    table([
      ['endpoint', 'req/s', 'p50 ms', 'p99 ms', '× hello', 'budget', 'result'],
      ...api.map((r) => [
        r.name,
        String(r.reqPerSec),
        String(r.p50Ms),
        String(r.p99Ms),
        r.ratio.toFixed(2),
        r.budget ? `≥${r.budget.minRatio}×, p99≤${r.budget.maxP99Ms}` : '',
        verdict(r.pass) + (r.notes.length ? ` (${r.notes.join('; ')})` : ''),
      ]),
    ]),
  );
  if (other.length) {
    console.log();
    console.log(
      table([
        ['measurement', 'value', 'budget', 'result'],
        ...other.map((r) => [
          r.name,
          `${r.value} ${r.unit}`,
          r.budget === undefined ? '' : `${r.limit === 'min' ? '≥' : '≤'}${r.budget} ${r.unit}`,
          verdict(r.pass) + (r.pass === false && typeof r.detail === 'string' ? ` (${r.detail})` : ''),
        ]),
      ]),
    );
  }
  console.log();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/**
 * The bench's server (server.ts: the app plus its bare routes) bundled as the production server is (server/dist),
 * so what is measured is the code `npm start` runs, not tsx's transform of the sources. At the same depth as
 * server/dist, where the bundle finds the repository's root and its worker's entry.
 */
async function bundleServer(): Promise<string> {
  const { build } = await import('esbuild');
  const { serverBuildOptions } = (await import(pathToFileURL(path.join(ROOT, 'server/build-options.mjs')).href)) as {
    serverBuildOptions: (main: string, outdir: string) => Parameters<typeof build>[0];
  };
  const outdir = path.join(ROOT, 'server/dist-bench');
  await build(serverBuildOptions(path.join(BENCH_DIR, 'server.ts'), outdir));
  return path.join(outdir, 'main.js');
}
