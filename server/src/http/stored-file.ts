import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, Msg } from '@textbook/contracts';
import type { ByteRange, Storage, StoredFile } from '../adapters/storage/index.js';
import { AppError, notFound } from './errors.js';

/** How a stored file is answered: its type and the route's own headers (caching, security). */
export interface StoredAnswer {
  type: string;
  headers?: Record<string, string>;
  /** Said when nothing is stored under the name (404). */
  missing?: string;
}

/** `If-None-Match` (a list, `*`, weak tags) against the file's tag: weak comparison, as the RFC asks. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * The one range of a `Range: bytes=…` header against a file of `size` bytes: a range, `unsatisfiable` (416), or
 * null for the whole file (no header, another unit, several ranges or a malformed one: the RFC lets a server
 * ignore those). `If-Range` that names another version (or a date: no Last-Modified is sent) asks for the whole.
 */
export function rangeOf(
  header: string | undefined,
  ifRange: string | undefined,
  file: StoredFile,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  if (ifRange !== undefined && ifRange.trim() !== file.etag) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const last = file.size - 1;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || file.size === 0) return 'unsatisfiable';
    return { start: Math.max(0, file.size - suffix), end: last };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? last : Math.min(Number(m[2]), last);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start > last) return 'unsatisfiable';
  return { start, end };
}

/** The headers every answer about the file carries: the route's own, its type, its tag, ranges accepted. */
function describe(reply: FastifyReply, answer: StoredAnswer, file: StoredFile): FastifyReply {
  return reply
    .headers(answer.headers ?? {})
    .type(answer.type)
    .header('etag', file.etag)
    .header('accept-ranges', 'bytes');
}

const unsatisfiable = () => new AppError('range', Code.REFUSED, 416, Msg.RANGE_NOT_SATISFIABLE);

/**
 * Answers a file from storage, streamed (never read whole into memory), after the route's access checks: `ETag`
 * on every answer, 304 for a matching `If-None-Match`, 206 with `Content-Range` for one byte range, 416 for a
 * range past the end. The same on the folder and on the bucket. A plain request costs the storage one read; a
 * conditional or ranged one asks for the file's facts first; HEAD asks only for the facts (no bytes are read).
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  name: string,
  answer: StoredAnswer,
): Promise<FastifyReply> {
  const missing = () => notFound(answer.missing);
  const ifNoneMatch = request.headers['if-none-match'];
  const rangeHeader = request.headers.range;
  let range: ByteRange | null = null;
  if (request.method === 'HEAD') {
    const file = await storage.stat(name);
    if (!file) throw missing();
    // Fastify's HEAD answer keeps the length given for a stream (an empty one here); for no body it says 0.
    return describe(reply, answer, file).header('content-length', file.size).send(Readable.from([]));
  }
  if (ifNoneMatch !== undefined || rangeHeader !== undefined) {
    const file = await storage.stat(name);
    if (!file) throw missing();
    if (noneMatch(ifNoneMatch, file.etag)) return describe(reply, answer, file).code(304).send();
    const ifRange = request.headers['if-range'];
    const asked = rangeOf(rangeHeader, Array.isArray(ifRange) ? ifRange[0] : ifRange, file);
    if (asked === 'unsatisfiable') {
      reply.header('content-range', `bytes */${file.size}`);
      throw unsatisfiable();
    }
    range = asked;
  }
  const opened = await storage.open(name, range ?? undefined);
  if (!opened) throw missing();
  const { file, body } = opened;
  describe(reply, answer, file);
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', file.size);
  }
  return reply.send(body);
}
