// Public reads while CPU-heavy work runs (security issue 12.5): /api/site measured idle, then again while
// background loops draw captchas, export notes as PDF and favourites as xlsx, and look words up in the dictionary.
// That work runs in worker threads (server/src/adapters/workers), so the event loop keeps answering reads.
// The bench server runs with HEAVY_PER_MINUTE raised (bench/run.ts), so the per-caller throttle does not hide
// the work: this measures the worker pool itself, the worst case of callers from many addresses.
import type { BenchContext, Measurement, MeasurementResult } from './lib.js';

const READ = { url: '/api/site', name: 'GET /api/site (under heavy load)', budget: false as const };
const WORDS = ['library', 'book', 'teacher', 'mathematics', 'student', 'river', 'light', 'water', '图书馆', '学生'];

interface Loop {
  name: string;
  concurrency: number;
  request: (i: number) => { url: string; init: RequestInit };
}

async function firstBookId(ctx: BenchContext): Promise<number> {
  const res = (await (await fetch(`${ctx.baseURL}/api/book/list?pageNum=1&pageSize=1`)).json()) as {
    data: { rows: { id: number }[] };
  };
  return res.data.rows[0]?.id ?? 1;
}

/** Runs the loops until `stop` resolves; answers the count of answers per loop and status. */
function runLoops(ctx: BenchContext, loops: Loop[], stop: Promise<void>) {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const counts: Record<string, Record<string, number>> = {};
  const workers = loops.flatMap((loop) =>
    Array.from({ length: loop.concurrency }, async (_, w) => {
      let i = w;
      while (!stopped) {
        const { url, init } = loop.request(i++);
        const status = await fetch(ctx.baseURL + url, init)
          .then(async (r) => {
            await r.arrayBuffer();
            return String(r.status);
          })
          .catch(() => 'error');
        const per = (counts[loop.name] ??= {});
        per[status] = (per[status] ?? 0) + 1;
      }
    }),
  );
  return { done: Promise.all(workers), counts };
}

export const measurements: Measurement[] = [
  {
    name: 'public reads under heavy load',
    async run(ctx): Promise<MeasurementResult[]> {
      const token = ctx.token('student');
      const bookId = await firstBookId(ctx);
      const json = (body: unknown): RequestInit => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const loops: Loop[] = [
        { name: 'GET /api/captcha', concurrency: 8, request: () => ({ url: '/api/captcha', init: {} }) },
        {
          name: 'POST /api/reader/note/export (pdf)',
          concurrency: 8,
          request: () => ({ url: '/api/reader/note/export', init: json({ bookId, type: 2 }) }),
        },
        {
          name: 'POST /api/bookCollect/export (xlsx)',
          concurrency: 2,
          request: () => ({ url: '/api/bookCollect/export', init: json({ type: 0 }) }),
        },
        {
          name: 'GET /api/reader/trans',
          concurrency: 4,
          request: (i) => ({
            url: `/api/reader/trans?text=${encodeURIComponent(WORDS[i % WORDS.length]!)}`,
            init: { headers: { authorization: `Bearer ${token}` } },
          }),
        },
      ];

      const idle = await ctx.measureEndpoint({ ...READ, name: 'GET /api/site (idle)' });
      let release!: () => void;
      const stop = new Promise<void>((resolve) => (release = resolve));
      const load = runLoops(ctx, loops, stop);
      await new Promise((r) => setTimeout(r, 1000)); // let the loops reach their pace
      const loaded = await ctx.measureEndpoint(READ);
      release();
      await load.done;
      const ratio = Math.round((loaded.reqPerSec / Math.max(1, idle.reqPerSec)) * 100) / 100;
      console.log(
        `[bench] /api/site idle ${idle.reqPerSec} req/s (p99 ${idle.p99Ms} ms), under heavy load ` +
          `${loaded.reqPerSec} req/s (p99 ${loaded.p99Ms} ms): ratio ${ratio}; heavy answers ${JSON.stringify(load.counts)}`,
      );
      return [
        {
          name: '/api/site under heavy load ÷ idle (throughput)',
          value: ratio,
          unit: '×',
          budget: 0.5,
          limit: 'min',
          detail: { idle, loaded, heavyAnswers: load.counts },
        },
        { name: '/api/site idle', value: idle.reqPerSec, unit: 'req/s' },
        { name: '/api/site under heavy load', value: loaded.reqPerSec, unit: 'req/s' },
        { name: '/api/site p99 under heavy load', value: loaded.p99Ms, unit: 'ms' },
      ];
    },
  },
];
