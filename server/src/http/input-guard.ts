import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Limits, Msg } from '@textbook/contracts';
import { refused } from './errors.js';

/** A lone surrogate: with the `u` flag a well-formed pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

type Fault = 'nul' | 'broken' | 'deep';
const textFault = (s: string): Fault | null =>
  s.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(s) ? 'broken' : null;

/**
 * What is wrong with `value` as input, if anything: a NUL character or a lone surrogate (text that is not
 * well-formed Unicode: the database would store U+FFFD in its place, not what was sent) in a string anywhere
 * (object keys included), or objects and arrays nested deeper than `maxDepth`. Iterative: a body nested 10,000 levels is walked without
 * recursion (and refused at the first level past the limit).
 */
export function inputFault(value: unknown, maxDepth: number = Limits.BODY_DEPTH_MAX): Fault | null {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length) {
    const { v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const fault = textFault(v);
      if (fault) return fault;
    } else if (Array.isArray(v)) {
      if (depth >= maxDepth) return 'deep';
      for (const item of v) stack.push({ v: item, depth: depth + 1 });
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v) && !ArrayBuffer.isView(v)) {
      const proto = Object.getPrototypeOf(v) as unknown;
      // Plain data only (parsed JSON, query strings, route params); streams and files are not inputs to scan.
      if (proto !== Object.prototype && proto !== null) continue;
      if (depth >= maxDepth) return 'deep';
      for (const [key, item] of Object.entries(v)) {
        const fault = textFault(key);
        if (fault) return fault;
        stack.push({ v: item, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** True when a string anywhere in `value` (object keys included) holds a NUL character. */
export function containsNul(value: unknown): boolean {
  return inputFault(value, Infinity) === 'nul';
}

function refuseFaults(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const fault = inputFault(part);
    if (fault === 'nul') throw refused(Msg.NUL_CHARACTER);
    if (fault === 'broken') throw refused(Msg.BROKEN_CHARACTER);
    if (fault === 'deep') throw refused(Msg.TOO_DEEP);
  }
}

/**
 * Three rules for every input of every route, refused with a clear message before any handler runs: a NUL
 * character (PostgreSQL text cannot hold it, and no field of this site needs it), a lone surrogate (stored as
 * U+FFFD, so what is read back is not what was written: a name looked up again is not found), and JSON nested deeper than
 * `Limits.BODY_DEPTH_MAX` (whatever walks it later — the audit log's writer, a serializer — would overflow the
 * stack after the write was done). Runs as the first preHandler, after the routes' own preValidation
 * authorization, so a visitor still hears 401 first.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => refuseFaults(request));
}
