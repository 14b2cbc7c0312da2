import type { ChapterRead } from '@textbook/contracts';

/** How far each chapter was read, per mille, by spine path (paths outlive a re-import's chapter ids). */
export type Reads = Record<string, number>;

export interface ChapterLength {
  id: number;
  path: string;
  length: number;
}

/** The stored JSON, tolerant of anything unexpected (an empty record). */
export function parseReads(json: string | null | undefined): Reads {
  try {
    const value: unknown = JSON.parse(json ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] >= 0),
    );
  } catch {
    return {};
  }
}

/** Adds what was read now: per chapter the furthest point counts; chapters not in the book are ignored. */
export function mergeReads(stored: Reads, chapters: ChapterLength[], now: ChapterRead[]): Reads {
  const byId = new Map(chapters.map((c) => [c.id, c]));
  const merged = { ...stored };
  for (const r of now) {
    const chapter = byId.get(r.chapterId);
    if (!chapter) continue;
    merged[chapter.path] = Math.max(merged[chapter.path] ?? 0, Math.min(1000, Math.round(r.read * 1000)));
  }
  return merged;
}

/**
 * What a reader leaving a chapter reports read, and the chapter they leave when it has no text (a cover, a page
 * that is one image): it was on their screen, so it is read to its end (there is no text to follow further).
 */
export function readsOnLeaving(chapters: ChapterLength[], chapterId: number, reads: ChapterRead[]): ChapterRead[] {
  const textless = chapters.some((c) => c.id === chapterId && c.length === 0);
  return textless ? [...reads, { chapterId, read: 1 }] : reads;
}

/**
 * How much of the book was read, per mille: each chapter's read share weighted by its text's length (a chapter
 * without text weighs one character). 1000 only when every chapter was read to its end.
 */
export function progressOf(chapters: ChapterLength[], reads: Reads): number {
  let total = 0;
  let read = 0;
  for (const c of chapters) {
    const weight = Math.max(1, c.length);
    total += weight;
    read += (weight * Math.min(1000, reads[c.path] ?? 0)) / 1000;
  }
  if (!total) return 0;
  const share = Math.floor((read / total) * 1000);
  return share >= 1000 && chapters.some((c) => (reads[c.path] ?? 0) < 1000) ? 999 : share;
}
