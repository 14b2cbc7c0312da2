import type { ResourceBody, SectionResource } from '@textbook/contracts';
import type { Actor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { assertChapterReadable, bookAccess, refusal } from '../shelf/index.js';
import * as q from './queries.js';

type Category = SectionResource['category'];

async function present(ctx: AppContext, bookId: number, rows: Awaited<ReturnType<typeof q.resourcesOf>>) {
  const chapters = await q.chapterTitles(ctx.db, bookId);
  const byPath = new Map(chapters.map((c) => [c.path, c.id]));
  return rows.map((r): SectionResource => ({
    id: r.id,
    bookId,
    chapterId: r.chapter_path ? (byPath.get(r.chapter_path) ?? null) : null,
    sectionTitle: r.section_title,
    category: r.category as Category,
    title: r.title,
    url: r.url,
    description: r.description,
  }));
}

async function readableBook(ctx: AppContext, actor: Actor, bookId: number) {
  const book = await q.findBookRef(ctx.db, bookId);
  if (!book) throw notFound();
  const error = await refusal(ctx, await bookAccess(ctx, actor, book));
  if (error) throw error;
  return book;
}

/** Staff attach a resource to a chapter's section (or the whole book). */
export async function attach(ctx: AppContext, body: ResourceBody): Promise<number> {
  const book = await q.findBookRef(ctx.db, body.bookId);
  if (!book) throw notFound();
  let path = '';
  if (body.chapterId) {
    const chapter = await q.findChapterRef(ctx.db, body.bookId, body.chapterId);
    if (!chapter) throw notFound();
    path = chapter.path;
  }
  return q.insertResource(ctx.db, {
    book_id: body.bookId,
    chapter_path: path,
    section_title: body.sectionTitle,
    category: body.category,
    title: body.title,
    url: body.url,
    description: body.description,
    sort: body.sort,
    created_at: Date.now(),
  });
}

export async function detach(ctx: AppContext, id: number): Promise<void> {
  if (!(await q.deleteResource(ctx.db, id))) throw notFound();
}

/** /reader/section/resource/category: how many resources of each category the book has. */
export async function categories(ctx: AppContext, actor: Actor, bookId: number) {
  await readableBook(ctx, actor, bookId);
  const rows = await q.resourcesOf(ctx.db, bookId);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.category, (counts.get(r.category) ?? 0) + 1);
  return [...counts.entries()].map(([category, count]) => ({ category: category as Category, count }));
}

/** /reader/section/resource/catalog: every resource of the book, in section order. */
export async function catalog(ctx: AppContext, actor: Actor, bookId: number, category?: Category) {
  await readableBook(ctx, actor, bookId);
  const rows = (await q.resourcesOf(ctx.db, bookId)).filter((r) => !category || r.category === category);
  return present(ctx, bookId, rows);
}

/** /reader/section/resource/chapter: the resources of one chapter, for those who may read it. */
export async function ofChapter(ctx: AppContext, actor: Actor, bookId: number, chapterId: number, category?: Category) {
  const book = await q.findBookRef(ctx.db, bookId);
  const chapter = book ? await q.findChapterRef(ctx.db, bookId, chapterId) : undefined;
  if (!book || !chapter) throw notFound();
  await assertChapterReadable(ctx, actor, book, chapter);
  const rows = (await q.resourcesOf(ctx.db, bookId)).filter(
    (r) => r.chapter_path === chapter.path && (!category || r.category === category),
  );
  return present(ctx, bookId, rows);
}
