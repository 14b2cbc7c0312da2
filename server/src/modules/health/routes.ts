import { Code, liveness, Msg, readiness as readinessAnswer } from '@textbook/contracts';
import { AppError } from '../../http/errors.js';
import { defineModule, route } from '../../http/module.js';
import { readiness } from './service.js';

const NO_STORE = 'no-store';

/**
 * Health for the reverse proxy and the orchestrator: `/api/health` (live: the process answers, no I/O) and
 * `/api/ready` (database, Redis when configured, file storage; 503 naming the part that failed). Public, no rate
 * limit (a proxy probes often, from one address). While the server closes, Fastify answers every new request
 * 503 (`return503OnClosing`), these included, so the proxy stops sending before the instance is gone.
 */
export const healthModule = defineModule({
  prefix: '/api',
  tag: 'health',
  routes: [
    route({
      method: 'GET',
      url: '/health',
      summary: 'Liveness: the process answers (no database, Redis or storage touched)',
      policy: 'public',
      answer: liveness,
      handler: ({ reply }) => {
        reply.header('cache-control', NO_STORE);
        return { live: true as const };
      },
    }),
    route({
      method: 'GET',
      url: '/ready',
      summary:
        'Readiness: database, Redis (when configured) and file storage; 503 with the failed parts, degraded without Redis',
      policy: 'public',
      answer: readinessAnswer,
      handler: async ({ ctx, request, reply }) => {
        reply.header('cache-control', NO_STORE);
        const answer = await readiness(ctx, (part, err) => request.log.warn({ err, part }, 'not ready'));
        if (!answer.ready) throw new AppError('not_ready', Code.REFUSED, 503, Msg.NOT_READY, answer);
        return answer;
      },
    }),
  ],
});
