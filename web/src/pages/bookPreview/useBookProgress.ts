import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChapterRead } from '@textbook/contracts';
import { getPosition, type SpineChapter } from '../../api/reader';

/**
 * How much of the book was read: per chapter the furthest point of its text shown, weighted by the chapter's
 * length (the server works out the same figure for the shelf). A member starts from what any device reported.
 */
export function useBookProgress(bookId: number, spine: SpineChapter[] | undefined, member: boolean) {
  const [reads, setReads] = useState<ReadonlyMap<number, number>>(() => new Map());
  /** What this page has seen: sent with the position. */
  const session = useRef(new Map<number, number>());

  useEffect(() => {
    if (!member) return;
    let cancelled = false;
    void getPosition(bookId)
      .then((p) => {
        if (cancelled || !p) return;
        setReads((now) => {
          const next = new Map(now);
          for (const r of p.reads) next.set(r.chapterId, Math.max(next.get(r.chapterId) ?? 0, r.read));
          return next;
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [bookId, member]);

  /** Records what is on screen now; only a point further than before changes anything. */
  const record = useCallback((seen: ChapterRead[]) => {
    const further = seen.filter((r) => r.read > (session.current.get(r.chapterId) ?? -1));
    if (!further.length) return;
    for (const r of further) session.current.set(r.chapterId, r.read);
    setReads((now) => {
      if (further.every((r) => (now.get(r.chapterId) ?? -1) >= r.read)) return now;
      const next = new Map(now);
      for (const r of further) next.set(r.chapterId, Math.max(next.get(r.chapterId) ?? 0, r.read));
      return next;
    });
  }, []);

  const sessionReads = useCallback(
    (): ChapterRead[] => [...session.current].map(([chapterId, read]) => ({ chapterId, read })),
    [],
  );

  const progress = useMemo(() => {
    let total = 0;
    let read = 0;
    for (const c of spine ?? []) {
      const weight = Math.max(1, c.length);
      total += weight;
      read += weight * Math.min(1, reads.get(c.id) ?? 0);
    }
    return total ? read / total : 0;
  }, [spine, reads]);

  return { progress, record, sessionReads };
}
