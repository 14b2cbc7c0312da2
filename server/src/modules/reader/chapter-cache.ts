import { promisify } from 'node:util';
import { brotliCompress, constants as zlib } from 'node:zlib';
import { Code } from '@textbook/contracts';
import type { Actor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { neighbourChapters } from '../catalog/queries.js';
import { can } from '../../policies/index.js';
import { assertChapterReadable } from '../shelf/access.js';
import { chapterBody, chapterMeta } from './queries.js';

/**
 * GET /api/book/chapter, serialized once per chapter. A chapter row never changes under its id (a re-import of
 * the book writes new rows), so its JSON (title, html, styles, css, neighbours) is kept per process in an LRU
 * bounded by bytes; only the free flag (staff may change it) and the read decision are looked up per request.
 * The largest chapter of sicp.epub is 256 KB of HTML: reading and escaping it on every request cost more than
 * everything else together.
 */
const MAX_BYTES = 64 * 1024 * 1024;
const entries = new Map<number, string>();
let bytes = 0;

function remember(id: number, json: string): void {
  entries.set(id, json);
  bytes += json.length;
  for (const [key, value] of entries) {
    if (bytes <= MAX_BYTES) break;
    entries.delete(key);
    bytes -= value.length;
  }
}

function recall(id: number): string | undefined {
  const hit = entries.get(id);
  if (hit !== undefined) {
    // Most recently used last.
    entries.delete(id);
    entries.set(id, hit);
  }
  return hit;
}

async function content(ctx: AppContext, bookId: number, chapterId: number, seq: number): Promise<string> {
  const hit = recall(chapterId);
  if (hit !== undefined) return hit;
  const row = await chapterBody(ctx.db, chapterId);
  const { prevId, nextId } = await neighbourChapters(ctx.db, bookId, seq);
  // Everything but "free", which closes the object.
  const json =
    `{"id":${chapterId},"bookId":${bookId},"title":${JSON.stringify(row.title)},"html":${JSON.stringify(row.html)},` +
    `"styles":${row.styles},"css":${JSON.stringify(row.css)},"prevId":${prevId ?? 'null'},"nextId":${nextId ?? 'null'},`;
  remember(chapterId, json);
  return json;
}

export async function chapterEnvelope(
  ctx: AppContext,
  actor: Actor,
  bookId: number,
  chapterId: number,
): Promise<string> {
  // One query for the chapter's flags and its book's publication (the hot path: 2-3 queries in all).
  const meta = await chapterMeta(ctx.db, bookId, chapterId);
  // An unpublished book is not revealed to the public (as loadReadableBook: 404), staff read it.
  if (!meta || !can(actor, 'book.read', { published: Boolean(meta.published) })) throw notFound();
  await assertChapterReadable(ctx, actor, { id: bookId, published: meta.published }, meta);
  const data = `${await content(ctx, bookId, chapterId, meta.seq)}"free":${meta.free ? 'true' : 'false'}}`;
  return `{"code":${Code.OK},"msg":"操作成功","data":${data}}`;
}

/**
 * The same envelope brotli-compressed, for browsers that accept it: a chapter is sent far more often than it
 * changes, so it is compressed once (off the event loop) and kept, keyed by its JSON's length and ends (the
 * envelope differs only by chapter and free flag). 256 KB of SICP HTML goes out as about a fifth of that.
 */
const compress = promisify(brotliCompress);
const MAX_COMPRESSED_BYTES = 16 * 1024 * 1024;
const compressed = new Map<string, Buffer>();
let compressedBytes = 0;

export async function compressedEnvelope(chapterId: number, envelope: string): Promise<Buffer> {
  const key = `${chapterId}:${envelope.length}:${envelope.slice(-24)}`;
  const hit = compressed.get(key);
  if (hit) return hit;
  const body = await compress(Buffer.from(envelope), {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
  });
  compressed.set(key, body);
  compressedBytes += body.length;
  for (const [k, v] of compressed) {
    if (compressedBytes <= MAX_COMPRESSED_BYTES) break;
    compressed.delete(k);
    compressedBytes -= v.length;
  }
  return body;
}
