import { Code } from '@textbook/contracts';
import type { Actor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { neighbourChapters } from '../catalog/queries.js';
import { isStaff } from '../../policies/helpers.js';
import { assertChapterReadable } from '../shelf/access.js';

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
  const row = await ctx.db
    .selectFrom('book_chapters')
    .select(['title', 'html', 'styles', 'css'])
    .where('id', '=', chapterId)
    .executeTakeFirstOrThrow();
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
  const meta = await ctx.db
    .selectFrom('book_chapters as c')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select(['c.seq', 'c.free', 'b.published'])
    .where('c.book_id', '=', bookId)
    .where('c.id', '=', chapterId)
    .executeTakeFirst();
  // An unpublished book is not revealed to the public (as loadReadableBook: 404), staff read it.
  if (!meta || (!meta.published && !isStaff(actor))) throw notFound();
  await assertChapterReadable(ctx, actor, { id: bookId, published: meta.published }, meta);
  const data = `${await content(ctx, bookId, chapterId, meta.seq)}"free":${meta.free ? 'true' : 'false'}}`;
  return `{"code":${Code.OK},"msg":"操作成功","data":${data}}`;
}
