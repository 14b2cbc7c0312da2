import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClassMsg, Msg } from '@textbook/contracts';
import { kvFor } from '../adapters/kv/index.js';
import type { Config } from '../config.js';
import { rateLimited } from './errors.js';

const MINUTE_MS = 60_000;

/** Class-code checks and joins one member may make per minute (a code is 8 characters; guessing needs millions). */
export const CLASS_CODE_PER_MINUTE = 30;

interface Bucket {
  name: string;
  perMinute: (config: Config) => number;
  message: string;
  /** Members only: a visitor is left to the route, which answers 401. */
  membersOnly?: boolean;
}

const heavy: Bucket = { name: 'heavy', perMinute: (c) => c.heavyPerMinute, message: Msg.RATE_LIMITED };
const classCode: Bucket = {
  name: 'class-code',
  perMinute: () => CLASS_CODE_PER_MINUTE,
  message: ClassMsg.CODE_TOO_OFTEN,
  membersOnly: true,
};

/**
 * Routes whose work is costly (CPU in the worker pool) or guessable (class codes), by method and route URL.
 * Each caller (member, staff account, or address for visitors) has a fixed one-minute window per bucket, counted
 * in the KV store, so the limit holds across instances with Redis.
 */
const THROTTLED: Record<string, Bucket> = {
  'GET /api/captcha': heavy,
  'GET /api/reader/trans': heavy,
  'POST /api/reader/note/export': heavy,
  'POST /api/bookCollect/export': heavy,
  'POST /api/class/student/export': heavy,
  'POST /api/avatar': heavy,
  'POST /api/site/image/upload': heavy,
  'GET /api/class/checkCode': classCode,
  'GET /api/class/verifyCollege': classCode,
  'GET /api/class/hasJoint': classCode,
  'POST /api/class/student/join': classCode,
};

function callerOf(request: FastifyRequest): string {
  const actor = request.actor;
  if (actor.kind === 'member') return `m${actor.memberId}`;
  if (actor.kind === 'staff') return `s${actor.staffId}`;
  return `a${request.ip}`;
}

/** One preHandler for every throttled route (after the routes' own authorization in preValidation). */
export function registerThrottles(app: FastifyInstance, config: Config): void {
  const kv = kvFor(config);
  app.addHook('preHandler', async (request) => {
    const bucket = THROTTLED[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (!bucket) return;
    if (bucket.membersOnly && request.actor.kind !== 'member') return;
    const window = Math.floor(Date.now() / MINUTE_MS);
    const count = await kv.incr(`throttle:${bucket.name}:${callerOf(request)}:${window}`, MINUTE_MS);
    if (count > bucket.perMinute(config)) throw rateLimited(bucket.message);
  });
}
