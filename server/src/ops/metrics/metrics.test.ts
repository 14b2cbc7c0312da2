import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { MonitorAnswer } from '@textbook/contracts';
import { buildStaff } from '../../../test/factories.js';
import { call, expectOk, useTestApp } from '../../../test/helpers.js';
import { metricsAccess, routeLabel } from './http.js';

/**
 * A reading of the Prometheus text format 0.0.4, strict enough to refuse what a scraper would: every line is a
 * `# HELP`/`# TYPE` comment, empty, or `name{label="value",…} number`, label values escaped.
 */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*",?)*)\})? (-?[0-9.e+-]+|[+-]Inf|NaN)$/;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): { samples: Sample[]; types: Map<string, string> } {
  expect(text.endsWith('\n')).toBe(true);
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.trimEnd().split('\n')) {
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    // Empty lines are ignored by the format; prom-client puts one between metrics.
    if (line === '' || /^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const m = SAMPLE.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[k!] = v!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    const raw = m![3]!;
    samples.push({ name: m![1]!, labels, value: raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw) });
  }
  return { samples, types };
}

describe('who may read /metrics', () => {
  const ask = (ip: string, authorization?: string) =>
    ({ ip, headers: authorization ? { authorization } : {} }) as unknown as FastifyRequest;
  it('nobody when neither a token nor an address range is set; else the token or an address in range', () => {
    expect(metricsAccess({ token: '', allow: [] })(ask('127.0.0.1'))).toBe('hidden');
    const access = metricsAccess({ token: 't'.repeat(20), allow: ['10.0.0.0/8', 'loopback'] });
    expect(access(ask('203.0.113.9', `Bearer ${'t'.repeat(20)}`))).toBe('allowed');
    expect(access(ask('203.0.113.9', `Bearer ${'t'.repeat(19)}`))).toBe('refused');
    expect(access(ask('203.0.113.9'))).toBe('refused');
    expect(access(ask('10.20.30.40'))).toBe('allowed');
    expect(access(ask('::ffff:10.20.30.40'))).toBe('allowed');
    expect(access(ask('::1'))).toBe('allowed');
    expect(access(ask('11.0.0.1'))).toBe('refused');
  });
});

it('labels answers by route pattern, never by the address asked', () => {
  expect(routeLabel('/api/book/:id', 200)).toBe('/api/book/:id');
  expect(routeLabel('/assets/app-1234.js', 200)).toBe('static');
  expect(routeLabel(undefined, 200)).toBe('page');
  expect(routeLabel(undefined, 404)).toBe('unmatched');
});

describe('GET /metrics on the app', () => {
  const TOKEN = 'metrics-token-for-the-test';
  const t = useTestApp({ metrics: { token: TOKEN, allow: [] } });

  it('refuses without the token; with it, counts a request under its route pattern', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(403);
    for (let i = 0; i < 3; i += 1) await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/no/such/route' });
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const { samples, types } = parse(res.body);
    const health = { method: 'GET', route: '/api/health' };
    const count = samples.find(
      (s) => s.name === 'http_request_duration_seconds_count' && s.labels.route === '/api/health',
    );
    expect(count?.labels).toEqual(health);
    expect(count?.value).toBeGreaterThanOrEqual(3);
    const inf = samples.find(
      (s) =>
        s.name === 'http_request_duration_seconds_bucket' && s.labels.route === '/api/health' && s.labels.le === '+Inf',
    );
    expect(inf?.value).toBe(count?.value);
    expect(
      samples.some(
        (s) => s.name === 'http_errors_total' && s.labels.route === 'unmatched' && s.labels.status === '404',
      ),
    ).toBe(true);
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'db_pool_waiting',
      'worker_pool_queued',
      'job_runs_total',
    ]) {
      expect(types.has(name), name).toBe(true);
    }
    expect(samples.some((s) => s.name === 'db_query_duration_seconds_count')).toBe(true);
  });

  it('counts text messages by provider and outcome', async () => {
    await t.ctx.sms.send({ phone: '13900001111', code: '123456', text: '验证码 123456' });
    const { samples } = parse(await t.ctx.metrics.registry.metrics());
    const sent = samples.find((s) => s.name === 'sms_messages_total' && s.labels.outcome === 'sent');
    expect(sent).toEqual({ name: 'sms_messages_total', labels: { provider: 'outbox', outcome: 'sent' }, value: 1 });
  });

  it("the console's monitor reads the same registry", async () => {
    const chief = await buildStaff(t.ctx.db, { isAdmin: true });
    const m = expectOk(await call<MonitorAnswer>(t.app, { url: '/api/admin/monitor', token: chief.token }));
    const requests = m.metrics.find((x) => x.name === 'http_requests_total')!;
    const health = requests.values.filter((v) => v.labels.route === '/api/health');
    expect(health.reduce((a, v) => a + v.value, 0)).toBeGreaterThanOrEqual(3);
    expect(m.metrics.some((x) => x.values.some((v) => v.metricName?.endsWith('_bucket')))).toBe(false);
  });
});
