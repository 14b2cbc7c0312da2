import { z } from 'zod';

/** One part the instance needs: working, failed, or not used in this profile (Redis without REDIS_URL). */
export const probeState = z.enum(['ok', 'failed', 'skipped']);
export type ProbeState = z.infer<typeof probeState>;

/** `/api/health`: the process answers (liveness); nothing is checked. */
export const liveness = z.object({ live: z.literal(true) });
export type Liveness = z.infer<typeof liveness>;

/** A Redis outage as one instance sees it: since when, limit checks it counted in memory, shared values it refused. */
export const storeOutage = z.object({
  since: z.number().int(),
  limitsInMemory: z.number().int(),
  refused: z.number().int(),
});

/**
 * `/api/ready`: whether this instance can serve (readiness): its database, its Redis when configured and its
 * file storage. 200 when the database and the storage answer, else 503 with the same data naming the failed
 * parts. Redis down is `degraded`, not unready (every instance shares the one Redis: taking them all out of
 * rotation would turn a partial outage into a full one): limits are counted in the instance's memory, shared
 * one-time values (captcha puzzles and tickets, bind tokens, phone-change windows) refused with 503, and
 * `outage` says since when and how many of each.
 */
export const readiness = z.object({
  ready: z.boolean(),
  degraded: z.boolean(),
  checks: z.object({ database: probeState, redis: probeState, storage: probeState }),
  outage: storeOutage.nullable(),
});
export type Readiness = z.infer<typeof readiness>;
