import net from 'node:net';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MetricsConfig } from '../../config.js';
import type { AppMetrics } from './app-metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The address ranges of METRICS_ALLOW (`loopback`: 127.0.0.0/8 and ::1). */
function allowList(entries: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', bits] = entry.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/**
 * Whether a request may read `/metrics`: the bearer token of METRICS_TOKEN (compared in constant time), or a
 * client address (`request.ip`: the proxy's forwarded one only from TRUSTED_PROXIES) inside METRICS_ALLOW.
 */
export function metricsAccess(config: MetricsConfig): (request: FastifyRequest) => 'hidden' | 'refused' | 'allowed' {
  const token = config.token ? digest(config.token) : undefined;
  const allowed = config.allow.length ? allowList(config.allow) : undefined;
  return (request) => {
    if (!token && !allowed) return 'hidden';
    const header = request.headers.authorization;
    if (token && header?.startsWith('Bearer ') && timingSafeEqual(digest(header.slice(7).trim()), token)) {
      return 'allowed';
    }
    const ip = request.ip.replace(/^::ffff:(?=\d+\.)/, '');
    if (allowed?.check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4')) return 'allowed';
    return 'refused';
  };
}

/**
 * The label of an answer's route: the API's pattern (`/api/book/:id`); `static` for a file of the web build (each
 * is a route of its own); `page` for an address no route matched answered 200 (the web app's pages, the visitor
 * pages written on the server); `unmatched` for the rest (404s: never the address asked, which anyone can vary).
 */
export function routeLabel(pattern: string | undefined, status: number): string {
  if (pattern === undefined) return status === 200 ? 'page' : 'unmatched';
  return pattern.startsWith('/api/') || pattern === '/metrics' ? pattern : 'static';
}

/**
 * Counts every answer by its route pattern (`/api/book/:id`, never the address asked: one series per route, not
 * per book), and serves `GET /metrics` in the Prometheus text format to whoever `metricsAccess` lets in. With
 * neither METRICS_TOKEN nor METRICS_ALLOW the address is not there (the app's 404); otherwise 403.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, config: MetricsConfig): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const route = routeLabel(request.routeOptions.url, status);
    metrics.http.requests.inc({ method: request.method, route, status });
    metrics.http.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (status >= 400) metrics.http.errors.inc({ route, status });
    done();
  });
  const access = metricsAccess(config);
  app.get('/metrics', { config: { session: false }, schema: { hide: true } }, async (request, reply) => {
    const verdict = access(request);
    if (verdict === 'hidden') return reply.callNotFound();
    if (verdict === 'refused') return reply.code(403).type('text/plain; charset=utf-8').send('forbidden\n');
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
