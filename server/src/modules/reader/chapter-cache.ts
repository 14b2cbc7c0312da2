import { promisify } from 'node:util';
import { brotliCompress, constants as zlib } from 'node:zlib';
import { Code } from '@textbook/contracts';
import type { Actor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { tag } from '../../http/read-cache.js';
import { can } from '../../policies/index.js';
import { neighbourChapters } from '../catalog/index.js';
import { chapterReadVerdict, type ReadGrant } from '../../policies/books.js';
import { explainRefusal, grantsOf, knownReadGrants } from '../shelf/index.js';
import { chapterBody, chapterMeta } from './queries.js';

/**
 * GET /api/book/chapter from memory. The read decision runs on every request, but what it needs is kept for a
 * few seconds and dropped by the writes that change it (read-cache.ts): the caller (auth hook), the chapter's
 * free flag and its book's publication (`book:{id}`, staff edits), the member's grants (`grants:{member}`).
 * The answer itself is made once per chapter and free flag: a chapter row never changes under its id (a new
 * edition writes new rows), so its JSON and that JSON brotli-compressed are kept per instance in an LRU bounded
 * by bytes. The largest chapter of sicp.epub is 256 KB of HTML; serializing and compressing it on each request
 * cost far more than everything else together.
 */
export interface ChapterAnswer {
  /** "chapter:free", its key among the kept answers. */
  key: string;
  /** The whole envelope, `{"code":200,"msg":…,"data":{…}}`. */
  json: string;
  /** The same brotli-compressed, once made (the hot path sends it without waiting). */
  br?: Buffer;
  /** Changes when the answer does: a browser revalidates with it. */
  etag: string;
}

interface Meta {
  seq: number;
  free: boolean;
  published: boolean;
}

const METAS = { ttlMs: 10_000, maxEntries: 200_000 };
const MAX_BYTES = 96 * 1024 * 1024;

/** Answers by "chapter:free", most recently used last, bounded by the bytes they hold (JSON and brotli). */
class Answers {
  private readonly entries = new Map<string, ChapterAnswer>();
  private bytes = 0;
  /** Answers compressed a first time, waiting for the best quality. */
  readonly compressing = new Map<ChapterAnswer, Promise<Buffer>>();
  /** Chapters waiting to be compressed again at the best quality, one at a time (it takes about half a second). */
  private readonly finer: (() => Promise<void>)[] = [];
  private refining = false;
  private closed = false;

  /** Queues a job for the best quality; jobs run one after another, and stop when the app closes. */
  refine(job: () => Promise<void>): void {
    if (this.closed) return;
    this.finer.push(job);
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.refining) return;
    this.refining = true;
    try {
      for (let job = this.finer.shift(); job && !this.closed; job = this.finer.shift()) await job();
    } finally {
      this.refining = false;
    }
  }

  close(): void {
    this.closed = true;
    this.finer.length = 0;
    this.entries.clear();
    this.compressing.clear();
  }

  recall(key: string): ChapterAnswer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  remember(answer: ChapterAnswer): void {
    this.entries.set(answer.key, answer);
    this.bytes += sizeOf(answer);
    for (const [key, kept] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.entries.delete(key);
      this.bytes -= sizeOf(kept);
    }
  }

  /** Gives a kept answer its compressed body (an answer no longer kept is given it but not counted). */
  compressed(answer: ChapterAnswer, br: Buffer): void {
    const kept = this.entries.get(answer.key) === answer;
    if (kept) this.bytes -= sizeOf(answer);
    answer.br = br;
    if (kept) this.bytes += sizeOf(answer);
  }
}

const sizeOf = (answer: ChapterAnswer) => answer.json.length + (answer.br?.length ?? 0);

const metas = (ctx: AppContext) => ctx.caches.cache<Meta>('chapter-meta', METAS);
const answersOf = (ctx: AppContext) => ctx.local('reader:chapter-answers', () => new Answers());

function metaOf(ctx: AppContext, bookId: number, chapterId: number): Promise<Meta | null> {
  return metas(ctx).get(`${bookId}:${chapterId}`, async () => {
    // One query for the chapter's flags and its book's publication.
    const row = await chapterMeta(ctx.db, bookId, chapterId);
    if (!row) return null;
    return {
      value: { seq: row.seq, free: Boolean(row.free), published: Boolean(row.published) },
      tags: [tag.book(bookId)],
    };
  });
}

async function answerOf(ctx: AppContext, bookId: number, chapterId: number, meta: Meta): Promise<ChapterAnswer> {
  const answers = answersOf(ctx);
  const key = `${chapterId}:${meta.free ? 1 : 0}`;
  const hit = answers.recall(key);
  if (hit) return hit;
  const row = await chapterBody(ctx.db, chapterId);
  const { prevId, nextId } = await neighbourChapters(ctx, bookId, meta.seq);
  const data =
    `{"id":${chapterId},"bookId":${bookId},"title":${JSON.stringify(row.title)},"html":${JSON.stringify(row.html)},` +
    `"styles":${row.styles},"css":${JSON.stringify(row.css)},"prevId":${prevId ?? 'null'},"nextId":${nextId ?? 'null'},` +
    `"free":${meta.free},"layout":${row.layout},"overlay":${row.overlay || 'null'}}`;
  const answer = {
    key,
    json: `{"code":${Code.OK},"msg":"操作成功","data":${data}}`,
    etag: `W/"ch${key.replace(':', '-')}"`,
  };
  answers.remember(answer);
  return answer;
}

/** What the `book.readChapter` policy decides on, and what the answer is made from. */
export interface ChapterFacts {
  bookId: number;
  chapterId: number;
  free: boolean;
  bookPublished: boolean;
  grants: ReadGrant[];
  meta: Meta;
}

/**
 * The chapter's facts for the read decision (the route's `load`): 404 for a chapter that is not there or a book
 * that is not published (staff read it); the refusals answered other than 401/403 (unpublished, another
 * college's entry) are thrown here, the rest is the policy's. When all it needs is in memory it answers without
 * a promise (the hot path).
 */
export function chapterFacts(
  ctx: AppContext,
  actor: Actor,
  bookId: number,
  chapterId: number,
): ChapterFacts | Promise<ChapterFacts> {
  const kept = metas(ctx).peek(`${bookId}:${chapterId}`);
  if (kept && can(actor, 'book.read', { published: kept.published })) {
    const open = kept.free && kept.published;
    const known = open ? [] : knownReadGrants(ctx, actor, bookId);
    if (known) {
      const facts = factsOf(bookId, chapterId, kept, known);
      if (chapterReadVerdict(actor, facts).read) return facts;
    }
  }
  return slowFacts(ctx, actor, bookId, chapterId);
}

function factsOf(bookId: number, chapterId: number, meta: Meta, grants: ReadGrant[]): ChapterFacts {
  return { bookId, chapterId, free: meta.free, bookPublished: meta.published, grants, meta };
}

async function slowFacts(ctx: AppContext, actor: Actor, bookId: number, chapterId: number): Promise<ChapterFacts> {
  const meta = await metaOf(ctx, bookId, chapterId);
  // An unpublished book is not revealed to the public (as loadReadableBook: 404), staff read it.
  if (!meta || !can(actor, 'book.read', { published: meta.published })) throw notFound();
  const grants = meta.free && meta.published ? [] : await grantsOf(ctx, actor, bookId);
  const facts = factsOf(bookId, chapterId, meta, grants);
  await explainRefusal(ctx, chapterReadVerdict(actor, facts));
  return facts;
}

/** The answer for a chapter the policy let through: from memory when kept (no promise), else made once. */
export function chapterAnswer(ctx: AppContext, facts: ChapterFacts): ChapterAnswer | Promise<ChapterAnswer> {
  return (
    answersOf(ctx).recall(`${facts.chapterId}:${facts.meta.free ? 1 : 0}`) ??
    answerOf(ctx, facts.bookId, facts.chapterId, facts.meta)
  );
}

const compress = promisify(brotliCompress);
const brotli = (json: string, quality: number) =>
  compress(Buffer.from(json), {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });

/**
 * The answer brotli-compressed, for browsers that accept it. The first request gets it at a quality that takes
 * milliseconds (256 KB of SICP HTML goes out as 39 KB); then, off the event loop and one chapter at a time, it
 * is compressed again at the best quality (34 KB), which every later request gets.
 */
export function compressedAnswer(ctx: AppContext, answer: ChapterAnswer): Promise<Buffer> {
  if (answer.br) return Promise.resolve(answer.br);
  const answers = answersOf(ctx);
  let pending = answers.compressing.get(answer);
  if (!pending) {
    pending = brotli(answer.json, 6);
    answers.compressing.set(answer, pending);
    pending.then(
      (quick) => {
        answers.compressing.delete(answer);
        answers.compressed(answer, quick);
        answers.refine(async () => {
          const best = await brotli(answer.json, 11).catch(() => null);
          if (best && best.length < quick.length) answers.compressed(answer, best);
        });
      },
      () => answers.compressing.delete(answer),
    );
  }
  return pending;
}
