import { Code, type ChapterContent } from '@textbook/contracts';
import { fetchChapter } from '../../api/reader';
import type { ChapterState } from './Continuous';

/** One chapter through the chapter API, as what the reader shows. */
async function request(bookId: number, chapterId: number): Promise<ChapterState> {
  const result = await fetchChapter(bookId, chapterId).catch(
    (e: { code?: number; message?: string; data?: unknown }) => e,
  );
  const envelope = result as { code?: number; msg?: string; message?: string; data?: unknown };
  if (envelope.code === Code.OK) return { status: 'ok', chapter: envelope.data as ChapterContent };
  if (envelope.code === Code.UNAUTHORIZED) return { status: 'login' };
  if (envelope.code === Code.OTHER_COLLEGE) {
    const d = envelope.data as { collegeId: number; collegeName: string };
    return { status: 'switch', collegeId: d.collegeId, collegeName: d.collegeName };
  }
  if (envelope.code === Code.NOT_FOUND) return { status: 'missing' };
  return { status: 'denied', msg: envelope.msg ?? envelope.message ?? '' };
}

interface Ahead {
  at: number;
  state: Promise<ChapterState>;
  /** What the request came to, once it has. */
  settled?: ChapterState;
}
/**
 * Chapters asked for ahead of the reader (the next one while the current is read), by reader and chapter. Only a
 * chapter that came back readable is used; a refusal is asked again (the reader may have logged in since).
 */
const ahead = new Map<string, Ahead>();
const KEEP_MS = 120_000;
const KEEP_AT_MOST = 4;

const keyOf = (reader: string, bookId: number, chapterId: number) => `${reader}\n${bookId}:${chapterId}`;

/** The chapter for this reader (their token, or '' for a visitor): from the prefetch when it has it. */
export function loadChapter(bookId: number, chapterId: number, reader: string): Promise<ChapterState> {
  const key = keyOf(reader, bookId, chapterId);
  const early = ahead.get(key);
  ahead.delete(key);
  if (!early || Date.now() - early.at > KEEP_MS) return request(bookId, chapterId);
  return early.state.then((state) => (state.status === 'ok' ? state : request(bookId, chapterId)));
}

/**
 * The chapter for this reader when it was fetched ahead and has arrived readable (null otherwise), without taking
 * it: the reader shows it in the very render that follows the click, instead of a loading state first.
 */
export function peekChapter(bookId: number, chapterId: number, reader: string): ChapterState | null {
  const early = ahead.get(keyOf(reader, bookId, chapterId));
  if (!early || Date.now() - early.at > KEEP_MS) return null;
  return early.settled?.status === 'ok' ? early.settled : null;
}

/**
 * Starts fetching a chapter the reader will probably open next: once the browser is idle (the next chapter while
 * this one is read), or now (`soon`: a press on a button or link that opens it, before its click).
 */
export function prefetchChapter(bookId: number, chapterId: number, reader: string, soon = false): () => void {
  const key = keyOf(reader, bookId, chapterId);
  const start = () => {
    if (ahead.has(key)) return;
    for (const oldest of ahead.keys()) {
      if (ahead.size < KEEP_AT_MOST) break;
      ahead.delete(oldest);
    }
    const entry: Ahead = { at: Date.now(), state: request(bookId, chapterId) };
    void entry.state.then((state) => (entry.settled = state));
    ahead.set(key, entry);
  };
  if (soon) {
    start();
    return () => {};
  }
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(start, 200);
  return () => clearTimeout(handle);
}
