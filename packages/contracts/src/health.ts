import { z } from 'zod';

/** One part the instance needs: working, failed, or not used in this profile (Redis without REDIS_URL). */
export const probeState = z.enum(['ok', 'failed', 'skipped']);
export type ProbeState = z.infer<typeof probeState>;

/** `/api/health`: the process answers (liveness); nothing is checked. */
export const liveness = z.object({ live: z.literal(true) });
export type Liveness = z.infer<typeof liveness>;

/**
 * `/api/ready`: whether this instance can serve (readiness): its database, its Redis when configured and its
 * file storage. 200 when every part is `ok` or `skipped`, else 503 with the same data naming the failed parts.
 */
export const readiness = z.object({
  ready: z.boolean(),
  checks: z.object({ database: probeState, redis: probeState, storage: probeState }),
});
export type Readiness = z.infer<typeof readiness>;
