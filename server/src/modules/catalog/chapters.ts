import { ReaderMsg, readerHref, searchHitHref, type InBookHit } from '@textbook/contracts';
import type { Actor } from '../../http/actor.js';
import type { AppContext } from '../../http/context.js';
import type { ReadVerdict } from '../../policies/books.js';
import { loadReadableBook } from './service.js';
import * as q from './queries.js';
import { highlight, wordsOf } from './words.js';

const SNIPPET_RADIUS = 30;

/**
 * Where the words occur in a book's text (search-result-detail and the reader's search panel), each hit linking
 * into the reader at that occurrence: `/bookPreview?bookId=…&chapterId=…&find=<words>&hit=<n>`, which the reader
 * finds (the n-th occurrence in the chapter's text) and marks. A locked chapter's row links to the chapter.
 * Snippets come only from chapters the caller may read (the one read decision, `chapterReadableBy`); a chapter
 * the caller may not read gives one row that says only that it has matches and what reading it needs.
 */
export async function searchInBook(
  ctx: AppContext,
  actor: Actor,
  bookId: number,
  text: string,
  limit: number,
  /** The one read decision for this book's chapters, by free flag (the shelf gathers the caller's grants). */
  readableBy: (book: { id: number; published: number | boolean }) => Promise<(free: boolean) => ReadVerdict>,
): Promise<{ rows: InBookHit[]; total: number }> {
  const book = await loadReadableBook(ctx, actor, bookId);
  const readable = await readableBy(book);
  const segmenter = wordsOf(ctx);
  const words = segmenter.queryWords(text);
  const needles = [...new Set([text.trim().toLowerCase(), ...words])]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const marks = [...new Set([...needles, ...segmenter.highlightWords(text)])];
  const rows: InBookHit[] = [];
  let total = 0;
  for (const chapter of await q.listChapterTexts(ctx.db, bookId)) {
    const lower = chapter.text.toLowerCase();
    // The whole text first; otherwise every word near each other counts as a hit at the first word.
    const needle = needles.find((n) => lower.includes(n));
    if (!needle) continue;
    const verdict = readable(Boolean(chapter.free));
    if (!verdict.read) {
      total += 1;
      if (rows.length < limit) {
        const snippet = verdict.why === 'login' ? ReaderMsg.SEARCH_LOCKED_LOGIN : ReaderMsg.SEARCH_LOCKED_ACCESS;
        const link = readerHref(bookId, chapter.id);
        rows.push({ chapterId: chapter.id, chapterTitle: chapter.title, snippet, link, locked: true });
      }
      continue;
    }
    let from = 0;
    for (let occurrence = 0; ; occurrence += 1) {
      const at = lower.indexOf(needle, from);
      if (at < 0) break;
      total += 1;
      if (rows.length < limit) {
        const start = Math.max(0, at - SNIPPET_RADIUS);
        const end = Math.min(chapter.text.length, at + needle.length + SNIPPET_RADIUS);
        const raw = `${start > 0 ? '…' : ''}${chapter.text.slice(start, end).replace(/\s+/g, ' ')}${end < chapter.text.length ? '…' : ''}`;
        rows.push({
          chapterId: chapter.id,
          chapterTitle: chapter.title,
          snippet: highlight(raw, marks),
          link: searchHitHref(bookId, chapter.id, needle, occurrence),
          words: needle,
          occurrence,
        });
      }
      from = at + needle.length;
    }
  }
  return { rows, total };
}
