import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Msg } from '@textbook/contracts';
import { refused } from './errors.js';

/** True when a string anywhere in `value` (object keys included) holds a NUL character. Iterative: no deep recursion. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v) && !ArrayBuffer.isView(v)) {
      const proto = Object.getPrototypeOf(v) as unknown;
      // Plain data only (parsed JSON, query strings, route params); streams and files are not inputs to scan.
      if (proto !== Object.prototype && proto !== null) continue;
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

function refuseNul(request: FastifyRequest): void {
  if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
    throw refused(Msg.NUL_CHARACTER);
  }
}

/**
 * One rule for every string of every route: a NUL character is refused with a clear message before any handler
 * runs (PostgreSQL text cannot hold it, and no field of this site needs it). Runs as the first preHandler, after
 * the routes' own preValidation authorization, so a visitor still hears 401 first.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => refuseNul(request));
}
