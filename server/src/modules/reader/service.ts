import {
  chapterLayout,
  notesExportTitle,
  ReaderMsg,
  type BookmarkBody,
  type LeaveBody,
  type NoteBody,
  type NoteUpdateBody,
  type ReaderBookmark,
  type ReaderNote,
  type ReadingPosition,
  type TextAnchor,
} from '@textbook/contracts';
import type { MemberActor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { invalidate, tag } from '../../http/read-cache.js';
import { isUniqueViolation } from '../../db/unique.js';
import { recordNote, recordReading, type NoteFacts } from '../rollups/index.js';
import { assertChapterReadable } from '../shelf/index.js';
import { collapse, locate } from './anchor.js';
import { mergeReads, parseReads, progressOf, readsOnLeaving } from './progress.js';
import * as q from './queries.js';

/** Reading days are counted in China Standard Time (the platform's colleges). */
const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const dayOf = (ms: number): string => DAY.format(new Date(ms));

async function readableChapter(ctx: AppContext, actor: MemberActor, bookId: number, chapterId: number) {
  const book = await q.findBookRef(ctx.db, bookId);
  if (!book) throw notFound();
  const chapter = await q.findChapterRef(ctx.db, bookId, chapterId);
  if (!chapter) throw notFound();
  await assertChapterReadable(ctx, actor, book, chapter);
  return { book, chapter };
}

/** Whether a book is published, for the `book.read` policy; 404 when there is no such book. */
export async function bookPublication(ctx: AppContext, bookId: number): Promise<{ published: boolean }> {
  const book = await q.findBookRef(ctx.db, bookId);
  if (!book) throw notFound();
  return { published: Boolean(book.published) };
}

/** A pre-paginated chapter's page facts for the spine (null for any other layout). */
function fixedPageOf(layout: string) {
  if (!layout.includes('"fixed"')) return null;
  const parsed = chapterLayout.safeParse(JSON.parse(layout));
  if (!parsed.success || parsed.data.kind !== 'fixed') return null;
  const { width, height, spread, thumb } = parsed.data;
  return { width, height, spread, thumb };
}

/** The chapters in spine order (the route's policy lets staff see unpublished books, nobody else). */
export async function spine(ctx: AppContext, bookId: number) {
  const rows = await q.chapterTitles(ctx.db, bookId);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    free: Boolean(r.free),
    length: Number(r.length) || 0,
    page: fixedPageOf(r.layout),
  }));
}

/** POST /api/book/extend/leave: the position as a text anchor, and the active reading seconds since last time. */
export async function leave(ctx: AppContext, actor: MemberActor, body: LeaveBody, now = Date.now()): Promise<void> {
  const { chapter } = await readableChapter(ctx, actor, body.bookId, body.chapterId);
  // The book's progress: how much of its text was read (furthest point per chapter), never the client's guess.
  const [stored, chapters] = await Promise.all([
    q.findPosition(ctx.db, actor.memberId, body.bookId),
    chapterLengths(ctx, body.bookId),
  ]);
  const reads = mergeReads(parseReads(stored?.reads), chapters, readsOnLeaving(chapters, chapter.id, body.reads));
  const progress = progressOf(chapters, reads);
  await q.upsertPosition(
    ctx.db,
    {
      memberId: actor.memberId,
      bookId: body.bookId,
      chapterId: chapter.id,
      path: chapter.path,
      anchor: JSON.stringify(body.anchor),
      progress,
      reads: JSON.stringify(reads),
    },
    now,
  );
  // The shelf shows each book's progress and last read.
  invalidate(ctx, tag.positions(actor.memberId));
  // The reports' daily rollups follow every save (modules/rollups): no report scans these events.
  await recordReading(ctx.db, {
    memberId: actor.memberId,
    bookId: body.bookId,
    path: chapter.path,
    progress,
    reads: JSON.stringify(reads),
    seconds: body.seconds,
    at: now,
  });
  if (body.seconds > 0) {
    await q.addReadingTime(ctx.db, {
      memberId: actor.memberId,
      bookId: body.bookId,
      chapterId: chapter.id,
      day: dayOf(now),
      seconds: body.seconds,
    });
  }
}

async function chapterLengths(ctx: AppContext, bookId: number) {
  const rows = await q.chapterTitles(ctx.db, bookId);
  return rows.map((r) => ({ id: r.id, path: r.path, length: Number(r.length) || 0 }));
}

/** GET /api/book/extend/getPosition: the last position; after a re-import the chapter is found by its path. */
export async function getPosition(
  ctx: AppContext,
  actor: MemberActor,
  bookId: number,
): Promise<ReadingPosition | null> {
  const row = await q.findPosition(ctx.db, actor.memberId, bookId);
  if (!row) return null;
  const anchor = JSON.parse(row.anchor) as TextAnchor;
  let chapterId = row.chapterId;
  if (!(await q.findChapterRef(ctx.db, bookId, chapterId))) {
    // A new edition: the chapter holding the anchor's text (same spine path first), else the same path.
    const chapters = await q.chapterTexts(ctx.db, bookId);
    const samePath = chapters.find((c) => c.path === row.path);
    const order = samePath ? [samePath, ...chapters.filter((c) => c !== samePath)] : chapters;
    const quote = collapse(anchor.quote).trim();
    const holding = quote ? order.find((c) => collapse(c.text).includes(quote)) : undefined;
    const found = holding ?? samePath ?? chapters[0];
    if (!found) return null;
    chapterId = found.id;
  }
  const reads = parseReads(row.reads);
  const chapters = await chapterLengths(ctx, bookId);
  return {
    bookId,
    chapterId,
    anchor,
    progress: row.progress / 1000,
    reads: chapters.filter((c) => reads[c.path]).map((c) => ({ chapterId: c.id, read: reads[c.path]! / 1000 })),
    updatedAt: row.updatedAt,
  };
}

export async function readingTime(ctx: AppContext, actor: MemberActor, bookId: number) {
  return q.readingTimeOf(ctx.db, actor.memberId, bookId);
}

export async function addNote(ctx: AppContext, actor: MemberActor, body: NoteBody): Promise<ReaderNote> {
  const { book, chapter } = await readableChapter(ctx, actor, body.bookId, body.chapterId);
  const made = body.clientKey ? await madeBefore(ctx, actor, body.clientKey) : undefined;
  if (made) return made;
  const now = Date.now();
  let id: number;
  try {
    id = await q.insertNote(ctx.db, {
      client_key: body.clientKey ?? null,
      member_id: actor.memberId,
      book_id: body.bookId,
      chapter_id: chapter.id,
      chapter_path: chapter.path,
      quote: body.quote,
      prefix: body.prefix,
      suffix: body.suffix,
      start_offset: body.startOffset,
      end_offset: body.endOffset,
      color: body.color,
      content: body.content,
      page_label: body.pageLabel,
      edition: book.edition,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    // The same offline note sent twice at once: the second finds the first's row.
    const first = body.clientKey && isUniqueViolation(error) ? await madeBefore(ctx, actor, body.clientKey) : undefined;
    if (!first) throw error;
    return first;
  }
  await recordNote(ctx.db, null, {
    memberId: actor.memberId,
    bookId: body.bookId,
    path: chapter.path,
    createdAt: now,
    content: body.content,
  });
  return {
    id,
    bookId: body.bookId,
    chapterId: chapter.id,
    chapterTitle: chapter.title,
    quote: body.quote,
    prefix: body.prefix,
    suffix: body.suffix,
    startOffset: body.startOffset,
    endOffset: body.endOffset,
    color: body.color,
    content: body.content,
    orphan: false,
    pageLabel: body.pageLabel,
    createdAt: now,
  };
}

/** The note an earlier send of the same offline note made (its book's notes hold it), if any. */
async function madeBefore(ctx: AppContext, actor: MemberActor, clientKey: string): Promise<ReaderNote | undefined> {
  const row = await q.noteByClientKey(ctx.db, actor.memberId, clientKey);
  if (!row) return undefined;
  return (await listNotes(ctx, actor, row.bookId)).find((n) => n.id === row.id);
}

/** A note's owner, for the `reader.noteOwn` policy; 404 when there is no such note. */
export async function noteOwner(ctx: AppContext, id: number): Promise<{ memberId: number }> {
  const note = await q.findNote(ctx.db, id);
  if (!note) throw notFound();
  return { memberId: note.memberId };
}

/** Deletes a note (the route's policy has checked it is the caller's). */
export async function deleteNote(ctx: AppContext, id: number): Promise<void> {
  const note = await q.noteRow(ctx.db, id);
  await q.deleteNote(ctx.db, id);
  if (note) await recordNote(ctx.db, noteFacts(note), null);
}

/** What the reports' rollups count of a note: its member, book, chapter, day made and whether it has text. */
function noteFacts(n: {
  member_id: number;
  book_id: number;
  chapter_path: string;
  created_at: number;
  content: string;
}): NoteFacts {
  return {
    memberId: n.member_id,
    bookId: n.book_id,
    path: n.chapter_path,
    createdAt: Number(n.created_at),
    content: n.content,
  };
}

/** POST /api/reader/note/update/{id}: the owner changes the note's text, its colour, or both. */
export async function editNote(
  ctx: AppContext,
  id: number,
  body: NoteUpdateBody,
  now = Date.now(),
): Promise<ReaderNote> {
  const note = await q.noteRow(ctx.db, id);
  if (!note) throw notFound();
  const set = {
    ...(body.content !== undefined ? { content: body.content } : {}),
    ...(body.color !== undefined ? { color: body.color } : {}),
  };
  await q.updateNote(ctx.db, id, { ...set, updated_at: now });
  await recordNote(ctx.db, noteFacts(note), noteFacts({ ...note, content: set.content ?? note.content }));
  const chapter = await q.findChapterRef(ctx.db, note.book_id, note.chapter_id);
  return {
    id,
    bookId: note.book_id,
    chapterId: note.chapter_id,
    chapterTitle: chapter?.title ?? '',
    quote: note.quote,
    prefix: note.prefix,
    suffix: note.suffix,
    startOffset: note.start_offset,
    endOffset: note.end_offset,
    color: set.color ?? note.color,
    content: set.content ?? note.content,
    orphan: Boolean(note.orphan),
    pageLabel: note.page_label,
    createdAt: note.created_at,
  };
}

/**
 * Notes anchored in an older edition are placed again: the chapter of the same spine path first, then every
 * chapter; a quote found nowhere becomes an unplaced note (kept, listed apart, never lost).
 */
async function reanchor(ctx: AppContext, actor: MemberActor, bookId: number, edition: number) {
  const notes = await q.notesOf(ctx.db, actor.memberId, bookId);
  const stale = notes.filter((n) => n.edition !== edition);
  if (!stale.length) return notes;
  const chapters = await q.chapterTexts(ctx.db, bookId);
  for (const n of stale) {
    const before = noteFacts(n);
    const home = chapters.find((c) => c.id === n.chapter_id) ?? chapters.find((c) => c.path === n.chapter_path);
    const order = home ? [home, ...chapters.filter((c) => c !== home)] : chapters;
    const quote = { quote: n.quote, prefix: n.prefix, suffix: n.suffix, startOffset: n.start_offset };
    let placed = false;
    for (const c of order) {
      const at = locate(c.text, quote);
      if (!at) continue;
      Object.assign(n, {
        chapter_id: c.id,
        chapter_path: c.path,
        start_offset: at.start,
        end_offset: at.end,
        orphan: 0,
      });
      placed = true;
      break;
    }
    if (!placed) n.orphan = 1;
    n.edition = edition;
    await q.updateNote(ctx.db, n.id, {
      chapter_id: n.chapter_id,
      chapter_path: n.chapter_path,
      start_offset: n.start_offset,
      end_offset: n.end_offset,
      orphan: n.orphan,
      edition,
    });
    await recordNote(ctx.db, before, noteFacts(n));
  }
  return notes;
}

/** GET /api/reader/note/detail: the member's notes of a book (or one chapter), placed ones in reading order. */
export async function listNotes(
  ctx: AppContext,
  actor: MemberActor,
  bookId: number,
  chapterId?: number,
): Promise<ReaderNote[]> {
  const book = await q.findBookRef(ctx.db, bookId);
  if (!book) throw notFound();
  const notes = await reanchor(ctx, actor, bookId, book.edition);
  const chapters = await q.chapterTitles(ctx.db, bookId);
  const chapterOf = new Map(chapters.map((c) => [c.id, c]));
  return notes
    .filter((n) => chapterId === undefined || (n.chapter_id === chapterId && !n.orphan))
    .map((n) => ({
      id: n.id,
      bookId,
      chapterId: n.chapter_id,
      chapterTitle: chapterOf.get(n.chapter_id)?.title ?? '',
      quote: n.quote,
      prefix: n.prefix,
      suffix: n.suffix,
      startOffset: n.start_offset,
      endOffset: n.end_offset,
      color: n.color,
      content: n.content,
      orphan: Boolean(n.orphan),
      pageLabel: n.page_label,
      createdAt: n.created_at,
    }))
    .sort(
      (a, b) =>
        Number(a.orphan) - Number(b.orphan) ||
        (chapterOf.get(a.chapterId)?.seq ?? 0) - (chapterOf.get(b.chapterId)?.seq ?? 0) ||
        a.startOffset - b.startOffset,
    );
}

/** The notes of a book for export: its title and the notes grouped under chapter headings, unplaced last. */
export async function notesForExport(
  ctx: AppContext,
  actor: MemberActor,
  bookId: number,
): Promise<{ title: string; groups: { heading: string; notes: ReaderNote[] }[] }> {
  const [notes, title] = await Promise.all([listNotes(ctx, actor, bookId), q.bookTitle(ctx.db, bookId)]);
  const groups: { heading: string; notes: ReaderNote[] }[] = [];
  for (const n of notes) {
    const heading = n.orphan ? ReaderMsg.NOTES_UNPLACED : n.chapterTitle || ReaderMsg.NOTES_UNTITLED_CHAPTER;
    if (groups.at(-1)?.heading !== heading) groups.push({ heading, notes: [] });
    groups.at(-1)!.notes.push(n);
  }
  return { title, groups };
}

/** Export type 1: the notes as plain text, by chapter, unplaced ones last. */
export async function notesAsText(ctx: AppContext, actor: MemberActor, bookId: number): Promise<string> {
  const { title, groups } = await notesForExport(ctx, actor, bookId);
  const lines = [notesExportTitle(title), ''];
  for (const g of groups) {
    lines.push(`## ${g.heading}`, '');
    for (const n of g.notes) {
      // The print page it was made on, as a citation would name it (第 12 页).
      lines.push(`> ${n.quote}${n.pageLabel ? `（${ReaderMsg.PAGE_LABEL(n.pageLabel)}）` : ''}`);
      if (n.content) lines.push(n.content);
      lines.push('');
    }
  }
  return lines.join('\n');
}

/** Bookmarks the place on screen (a chapter the member may read). */
export async function addBookmark(ctx: AppContext, actor: MemberActor, body: BookmarkBody): Promise<ReaderBookmark> {
  const { chapter } = await readableChapter(ctx, actor, body.bookId, body.chapterId);
  const now = Date.now();
  const id = await q.insertBookmark(ctx.db, {
    member_id: actor.memberId,
    book_id: body.bookId,
    chapter_id: chapter.id,
    chapter_path: chapter.path,
    anchor: JSON.stringify(body.anchor),
    label: body.label,
    page_label: body.pageLabel,
    created_at: now,
  });
  return {
    id,
    bookId: body.bookId,
    chapterId: chapter.id,
    chapterTitle: chapter.title,
    anchor: body.anchor,
    label: body.label,
    pageLabel: body.pageLabel,
    createdAt: now,
  };
}

/**
 * A member's bookmarks of a book in reading order. A new edition's chapters have new ids: a bookmark finds its
 * chapter again by spine path (its words still place it in the chapter).
 */
export async function listBookmarks(ctx: AppContext, actor: MemberActor, bookId: number): Promise<ReaderBookmark[]> {
  const [rows, chapters] = await Promise.all([
    q.bookmarksOf(ctx.db, actor.memberId, bookId),
    q.chapterTitles(ctx.db, bookId),
  ]);
  const byId = new Map(chapters.map((c) => [c.id, c]));
  const byPath = new Map(chapters.map((c) => [c.path, c]));
  const placed = rows.flatMap((b) => {
    const chapter = byId.get(b.chapter_id) ?? byPath.get(b.chapter_path);
    if (!chapter) return [];
    return [{ b, chapter, anchor: readAnchor(b.anchor) }];
  });
  placed.sort((x, y) => x.chapter.seq - y.chapter.seq || x.anchor.offset - y.anchor.offset || x.b.id - y.b.id);
  return placed.map(({ b, chapter, anchor }) => ({
    id: b.id,
    bookId,
    chapterId: chapter.id,
    chapterTitle: chapter.title,
    anchor,
    label: b.label,
    pageLabel: b.page_label,
    createdAt: b.created_at,
  }));
}

function readAnchor(json: string): TextAnchor {
  try {
    const a = JSON.parse(json) as Partial<TextAnchor>;
    return { quote: String(a.quote ?? ''), prefix: String(a.prefix ?? ''), offset: Number(a.offset) || 0 };
  } catch {
    return { quote: '', prefix: '', offset: 0 };
  }
}

export async function bookmarkOwner(ctx: AppContext, id: number): Promise<{ memberId: number }> {
  const bookmark = await q.findBookmark(ctx.db, id);
  if (!bookmark) throw notFound();
  return { memberId: bookmark.memberId };
}

export async function deleteBookmark(ctx: AppContext, id: number): Promise<void> {
  await q.deleteBookmark(ctx.db, id);
}
