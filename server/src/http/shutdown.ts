import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../db/connection.js';

/**
 * Once the app starts closing, every answer still being made says `Connection: close`, so the keep-alive
 * connection it travels on ends with it instead of holding the close open until the grace period runs out.
 * Registered by buildApp.
 */
export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // A callback hook, not an async one: no promise per answer on the hot path.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

export interface ShutdownResult {
  /** Requests were still running when the grace period ended and their connections were cut. */
  forced: boolean;
  ms: number;
}

/**
 * Closes an instance gracefully (SIGTERM/SIGINT in main.ts; the proxy has other instances):
 * 1. the notice streams tell their browsers to reconnect and end (the notice module's preClose hook);
 * 2. the server stops accepting connections, closes idle keep-alive ones, and answers any new request on an open
 *    one 503 (`return503OnClosing`), so the proxy retries it elsewhere;
 * 3. requests under way finish (their answers close their connections: `registerDraining`), for at most
 *    `graceMs`; then their connections are cut;
 * 4. the app's adapters close (Redis, the buses, the worker threads, the storage client: onClose hooks);
 * 5. the database closes last, when no request can use it any more.
 */
export async function shutDown(app: FastifyInstance, database: DbHandle, graceMs: number): Promise<ShutdownResult> {
  const started = Date.now();
  let forced = false;
  const cap = setTimeout(() => {
    forced = true;
    app.log.warn({ graceMs }, 'requests still running after the grace period: cutting their connections');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cap);
  }
  await database.close();
  return { forced, ms: Date.now() - started };
}
