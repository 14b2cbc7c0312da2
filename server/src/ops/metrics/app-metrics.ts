import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { DbHandle } from '../../db/connection.js';
import type { JobState } from '../../util/repeat.js';
import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/** What the app's metrics read at scrape time from the adapters (the worker pools, read caches, jobs). */
export interface MetricSources {
  database: DbHandle;
  workers: () => { name: string; threads: number; busy: number; queued: number }[];
  caches: () => { name: string; hits: number; misses: number }[];
  jobs: () => JobState[];
}

/** Seconds: a request or query from 1 ms to 10 s. */
const LATENCY = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The event-loop delay is measured over windows of this length (each read shows the current window). */
const LOOP_WINDOW_MS = 60_000;

/**
 * The metrics of one app (`ctx.metrics`), served at `/metrics` and read by the console's monitor page: requests
 * (rate, latency per route pattern, errors by status), the event loop, the database pool and query time, the
 * worker pools, the read caches, the scheduled jobs, SMS and payment outcomes, the process.
 */
export function createAppMetrics(sources: MetricSources) {
  // A registry per app (tests build several apps in one process), not prom-client's global one.
  const registry = new Registry();
  const made = {
    counter: <N extends string>(c: CounterConfiguration<N>) => new Counter<N>({ ...c, registers: [registry] }),
    gauge: <N extends string>(c: GaugeConfiguration<N>) => new Gauge<N>({ ...c, registers: [registry] }),
    histogram: <N extends string>(c: HistogramConfiguration<N>) => new Histogram<N>({ ...c, registers: [registry] }),
  };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const window = setInterval(() => loop.reset(), LOOP_WINDOW_MS);
  window.unref();

  const http = {
    requests: made.counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
    }),
    duration: made.histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: LATENCY,
    }),
    errors: made.counter({
      name: 'http_errors_total',
      help: 'HTTP answers with a status of 400 or above, by route pattern and status',
      labelNames: ['route', 'status'] as const,
    }),
  };

  const lag = (name: string, help: string, read: () => number) =>
    made.gauge({
      name,
      help,
      collect() {
        const ns = read();
        this.set(Number.isFinite(ns) ? ns / 1e9 : 0);
      },
    });
  lag('nodejs_eventloop_lag_mean_seconds', 'Mean event-loop delay over the current minute', () => loop.mean);
  lag('nodejs_eventloop_lag_p50_seconds', 'Median event-loop delay over the current minute', () => loop.percentile(50));
  lag('nodejs_eventloop_lag_p99_seconds', '99th percentile event-loop delay, current minute', () =>
    loop.percentile(99),
  );
  lag('nodejs_eventloop_lag_max_seconds', 'Largest event-loop delay over the current minute', () => loop.max);

  const queries = made.histogram({
    name: 'db_query_duration_seconds',
    help: 'Time of each database query, by outcome (ok or error)',
    labelNames: ['outcome'] as const,
    buckets: LATENCY,
  });
  sources.database.onQuery?.((ms, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, ms / 1000));
  made.gauge({
    name: 'db_pool_connections',
    help: 'Database connections, by state (open: all of them; idle: free)',
    labelNames: ['state'] as const,
    collect() {
      const pool = sources.database.pool?.();
      if (!pool) return;
      this.set({ state: 'open' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  made.gauge({
    name: 'db_pool_waiting',
    help: 'Queries waiting for a database connection',
    collect() {
      this.set(sources.database.pool?.().waiting ?? 0);
    },
  });

  const pools = (name: string, help: string, field: 'threads' | 'busy' | 'queued') =>
    made.gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      collect() {
        for (const pool of sources.workers()) this.set({ pool: pool.name }, pool[field]);
      },
    });
  pools('worker_pool_queued', 'Tasks waiting for a worker thread, by pool', 'queued');
  pools('worker_pool_busy', 'Worker threads at work, by pool', 'busy');
  pools('worker_pool_threads', 'Worker threads, by pool', 'threads');

  made.counter({
    name: 'cache_requests_total',
    help: 'Reads of the read caches, by cache and result (hit or miss)',
    labelNames: ['cache', 'result'] as const,
    collect() {
      this.reset();
      for (const cache of sources.caches()) {
        this.inc({ cache: cache.name, result: 'hit' }, cache.hits);
        this.inc({ cache: cache.name, result: 'miss' }, cache.misses);
      }
    },
  });
  made.counter({
    name: 'job_runs_total',
    help: 'Rounds of the scheduled jobs run on this instance, by job and result (ok or error)',
    labelNames: ['job', 'result'] as const,
    collect() {
      this.reset();
      for (const job of sources.jobs()) {
        this.inc({ job: job.name, result: 'ok' }, job.runs - job.failures);
        this.inc({ job: job.name, result: 'error' }, job.failures);
      }
    },
  });

  const sms = made.counter({
    name: 'sms_messages_total',
    help: 'Text messages handed to the SMS provider, by provider and outcome (sent or failed)',
    labelNames: ['provider', 'outcome'] as const,
  });
  const payments = made.counter({
    name: 'payment_notifications_total',
    help: 'Payment provider notifications, by channel and outcome (accepted, duplicate, a refusal)',
    labelNames: ['channel', 'outcome'] as const,
  });

  made.gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory of this process',
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  made.counter({
    name: 'process_cpu_seconds_total',
    help: 'CPU time of this process, user and system',
    collect() {
      this.reset();
      const usage = process.cpuUsage();
      this.inc((usage.user + usage.system) / 1e6);
    },
  });

  return {
    registry,
    http,
    sms,
    payments,
    /** The event-loop delay of the current window (the monitor page's numbers), in milliseconds. */
    loop: () => ({ meanMs: loop.mean / 1e6 || 0, p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 }),
    close: () => {
      clearInterval(window);
      loop.disable();
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;

/** The SMS provider with each message counted by outcome (`sms_messages_total`). */
export function countedSms<P extends { readonly name: string; send(message: M): Promise<void> }, M>(
  provider: P,
  metrics: AppMetrics,
): { readonly name: string; send(message: M): Promise<void> } {
  return {
    name: provider.name,
    send: async (message) => {
      try {
        await provider.send(message);
        metrics.sms.inc({ provider: provider.name, outcome: 'sent' });
      } catch (err) {
        metrics.sms.inc({ provider: provider.name, outcome: 'failed' });
        throw err;
      }
    },
  };
}
