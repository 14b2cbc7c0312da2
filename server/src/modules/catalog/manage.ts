import type { z } from 'zod';
import type { bookUpdateBody } from '@textbook/contracts';
import { randomUUID } from 'node:crypto';
import { BookAdminMsg, Msg, type AdminBookQuery, type AdminBookRow, type Paged } from '@textbook/contracts';
import { pageWindow } from '../../http/paging.js';
import { coverUrl } from '../books/index.js';
import type { AppContext } from '../../http/context.js';
import { notFound, refused } from '../../http/errors.js';
import { invalidate, tag } from '../../http/read-cache.js';
import { checkImagePixels, imageKind } from '../../http/image-size.js';
import { reindexBook } from './indexer.js';
import { subjectSubtree } from './dict.js';
import * as q from './queries.js';
import { clearCatalogCache } from './cache.js';
import { titlePinyin, wordsOf } from './words.js';

type BookUpdate = z.infer<typeof bookUpdateBody>;

async function requireBook(ctx: AppContext, bookId: number) {
  const book = await q.findBook(ctx.db, bookId);
  if (!book) throw notFound();
  return book;
}

async function checkDict(ctx: AppContext, id: number | null | undefined, dictType: string): Promise<void> {
  if (!id) return;
  const rows = await q.listDict(ctx.db, dictType);
  if (!rows.some((r) => r.id === id)) throw refused(Msg.BAD_REQUEST);
}

/** Staff edit of catalogue fields; the search index follows in the same transaction. */
export async function updateBook(ctx: AppContext, bookId: number, input: BookUpdate): Promise<void> {
  await requireBook(ctx, bookId);
  await checkDict(ctx, input.subjectId, 'book_subject');
  await checkDict(ctx, input.collectionId, 'book_collection');
  const values: Parameters<typeof q.updateBookFields>[2] = { updated_at: Date.now() };
  if (input.title !== undefined) {
    const { full, initials } = titlePinyin(input.title);
    Object.assign(values, {
      title: input.title,
      title_pinyin: full.slice(0, 2000),
      title_initials: initials.slice(0, 300),
    });
  }
  if (input.authors !== undefined) values.authors = input.authors;
  if (input.publisher !== undefined) values.publisher = input.publisher;
  if (input.isbn !== undefined) values.isbn = input.isbn.replace(/-/g, '');
  if (input.subjectId !== undefined) values.subject_id = input.subjectId;
  if (input.collectionId !== undefined) values.collection_id = input.collectionId;
  if (input.price !== undefined) values.price = input.price;
  if (input.description !== undefined) values.description = input.description;
  if (input.editorBookId !== undefined) values.editor_book_id = input.editorBookId;
  if (input.recommended !== undefined) values.recommended = input.recommended ? 1 : 0;
  if (input.sampleAutoApprove !== undefined) values.sample_auto_approve = input.sampleAutoApprove ? 1 : 0;
  if (input.pubYear !== undefined) values.pub_year = input.pubYear;
  await ctx.db.transaction().execute(async (trx) => {
    await q.updateBookFields(trx, bookId, values);
    await reindexBook(trx, ctx.dialect, bookId, wordsOf(ctx));
  });
  clearCatalogCache(ctx);
}

/** Whether teachers' sample applications for the book are approved at once (the samples module's setting): false when there is no such book. */
export async function setSampleAutoApprove(ctx: AppContext, bookId: number, flag: boolean): Promise<boolean> {
  const result = await q.setSampleAutoApprove(ctx.db, bookId, flag);
  return Number(result.numUpdatedRows) > 0;
}

export async function setPublished(ctx: AppContext, bookId: number, published: boolean): Promise<void> {
  const book = await requireBook(ctx, bookId);
  const now = Date.now();
  await q.updateBookFields(ctx.db, bookId, {
    published: published ? 1 : 0,
    // The first publication dates the book in "new books"; republishing keeps that date.
    published_at: published ? (book.published_at ?? now) : book.published_at,
    updated_at: now,
  });
  clearCatalogCache(ctx);
  // The reader's chapter flags say whether the book is published.
  invalidate(ctx, tag.book(bookId));
}

export async function setFreeChapters(ctx: AppContext, bookId: number, chapterIds: number[]): Promise<void> {
  await requireBook(ctx, bookId);
  const own = new Set((await q.listChapterFlags(ctx.db, bookId)).map((c) => c.id));
  if (chapterIds.some((id) => !own.has(id))) throw refused(Msg.BAD_REQUEST);
  await ctx.db.transaction().execute((trx) => q.setFreeChapters(trx, bookId, chapterIds));
  clearCatalogCache(ctx);
  invalidate(ctx, tag.book(bookId));
}

/** The staff's list of every book, published or not (admin console). */
export async function adminBooks(ctx: AppContext, query: AdminBookQuery): Promise<Paged<AdminBookRow>> {
  const { rows, total } = await q.pageAdminBooks(
    ctx.db,
    {
      keyword: query.keyword,
      published: query.published === undefined ? undefined : query.published === '1',
      subjectIds: query.subjectId ? await subjectSubtree(ctx.db, query.subjectId) : undefined,
      sort: query.sort,
    },
    pageWindow(query),
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      cover: coverUrl(r.cover),
      authors: r.authors,
      isbn: r.isbn,
      publisher: r.publisher,
      description: r.description,
      price: r.price / 100,
      subjectId: r.subjectId,
      subjectName: r.subjectName ?? '',
      collectionId: r.collectionId,
      collectionName: r.collectionName ?? '',
      published: Boolean(r.published),
      recommended: Boolean(r.recommended),
      sampleAutoApprove: Boolean(r.sampleAutoApprove),
      edition: r.edition,
      updatedAt: r.updatedAt,
    })),
    total,
  };
}

/** A book's catalogue fields before a staff edit (the audit log's "before"). */
export async function bookSnapshot(ctx: AppContext, bookId: number) {
  const book = await q.findBook(ctx.db, bookId);
  if (!book) return null;
  const {
    id,
    title,
    authors,
    publisher,
    isbn,
    subject_id,
    collection_id,
    price,
    description,
    recommended,
    published,
    pub_year,
    sample_auto_approve,
    cover,
  } = book;
  return {
    id,
    title,
    authors,
    publisher,
    isbn,
    subject_id,
    collection_id,
    price,
    description,
    recommended,
    published,
    pub_year,
    sample_auto_approve,
    cover,
    freeChapterIds: (await q.listChapterFlags(ctx.db, bookId)).filter((c) => c.free).map((c) => c.id),
  };
}

/**
 * A new cover the staff upload (JPEG, PNG, GIF or WebP by content, within the pixel limit): stored as one of the
 * book's files (so the reader's asset route serves it, and a new edition's import replaces it), then named the
 * book's cover. Answers its address.
 */
export async function setCover(ctx: AppContext, bookId: number, bytes: Buffer): Promise<string> {
  await requireBook(ctx, bookId);
  const kind = imageKind(bytes);
  if (!kind || !checkImagePixels(bytes, ctx.config.imageMaxPixels)) throw refused(BookAdminMsg.COVER_TYPE);
  const name = `${randomUUID()}.${kind === 'jpeg' ? 'jpg' : kind}`;
  await ctx.files.books.put(name, bytes);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await q.insertBookAsset(trx, {
        book_id: bookId,
        path: '',
        name,
        media_type: `image/${kind}`,
        size: bytes.length,
      });
      await q.updateBookFields(trx, bookId, { cover: name, updated_at: Date.now() });
    });
  } catch (err) {
    await ctx.files.books.delete(name).catch(() => undefined);
    throw err;
  }
  clearCatalogCache(ctx);
  invalidate(ctx, tag.book(bookId));
  return coverUrl(name);
}
