import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { ChapterContent, TextAnchor } from '@textbook/contracts';
import { getPosition, type SpineChapter } from '../../api/reader';
import type { ChapterState, ContinuousHandle } from './Continuous';
import { loadChapter, prefetchChapter } from './chapters';

interface Options {
  bookId: number;
  /** The chapter in the address (null: none yet). */
  chapterParam: number | null;
  member: boolean;
  token: string | null | undefined;
  continuous: boolean;
  spine: SpineChapter[] | undefined;
  /** The whole book is open to the reader (not only its free chapters). */
  bookReadable: boolean;
  continuousView: RefObject<ContinuousHandle | null>;
}

/**
 * Where the reader is: the chapter of the address and what loading it came to, the member's stored position
 * (taken once, on the first chapter), the chapters continuous mode has on the page, and the way to another one.
 */
export function useChapterLocation(o: Options) {
  const { bookId, chapterParam, member, token, continuous, spine, continuousView } = o;
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<{ id: number; state: ChapterState } | null>(null);
  // Continuous mode: the chapters on the page (the address follows the one in view without reloading).
  const [shown, setShown] = useState<{ ids: number[]; inView: ChapterContent } | null>(null);
  const shownRef = useRef<number[]>([]);
  const [announced, setAnnounced] = useState<ChapterContent | null>(null);
  /** The stored position to restore once the chapter is painted. */
  const pendingAnchor = useRef<TextAnchor | null>(null);
  const positionAsked = useRef(false);

  const state: ChapterState = useMemo(
    () =>
      loaded && (loaded.id === chapterParam || (continuous && shown?.ids.includes(chapterParam ?? -1)))
        ? loaded.state
        : { status: 'loading' },
    [loaded, chapterParam, continuous, shown],
  );
  /** The chapter being read: in continuous mode the one in view. */
  const current: ChapterContent | null =
    state.status !== 'ok' ? null : continuous && shown?.ids.includes(state.chapter.id) ? shown.inView : state.chapter;
  const chapterId = current ? current.id : chapterParam;
  // The chapters either side: the chapter's own links, or for one that cannot be read (a locked chapter) its
  // neighbours in the spine, so a visitor can step back to the free chapters.
  const at = state.status === 'loading' ? -1 : (spine?.findIndex((c) => c.id === chapterId) ?? -1);
  const prevId = current ? current.prevId : at > 0 ? (spine?.[at - 1]?.id ?? null) : null;
  const nextId = current ? current.nextId : at >= 0 ? (spine?.[at + 1]?.id ?? null) : null;

  // A visitor's free preview keeps its trial flag (the route guard lets visitors in only with it).
  const trial = member ? '' : '&trial=1';
  const open = useCallback(
    (id: number, fragment = '') => {
      if (continuous && continuousView.current?.scrollToChapter(id, fragment)) return;
      navigate(`/bookPreview?bookId=${bookId}&chapterId=${id}${trial}${fragment ? `#${fragment}` : ''}`);
    },
    [bookId, navigate, trial, continuous, continuousView],
  );

  // No chapter in the address: where the member left off, else the first chapter.
  useEffect(() => {
    if (chapterParam || !spine) return;
    const first = spine[0]?.id;
    const go = (id: number | undefined) =>
      id && navigate(`/bookPreview?bookId=${bookId}&chapterId=${id}${trial}`, { replace: true });
    if (!member) return void go(first);
    void getPosition(bookId)
      .then((p) => {
        if (p) pendingAnchor.current = p.anchor;
        positionAsked.current = true;
        go(p?.chapterId ?? first);
      })
      .catch(() => go(first));
  }, [chapterParam, spine, member, bookId, navigate, trial]);

  // The chapter, and on the first one the stored position inside it.
  useEffect(() => {
    if (!chapterParam) return;
    if (!continuous) shownRef.current = [];
    // The address followed the chapter in view: it is on the page already.
    else if (shownRef.current.includes(chapterParam)) return;
    let cancelled = false;
    const setState = (next: ChapterState) => setLoaded({ id: chapterParam, state: next });
    const position = member && !positionAsked.current ? getPosition(bookId).catch(() => null) : Promise.resolve(null);
    positionAsked.current = true;
    void Promise.all([loadChapter(bookId, chapterParam, token ?? ''), position]).then(([next, pos]) => {
      if (cancelled) return;
      if (pos && pos.chapterId === chapterParam) pendingAnchor.current = pos.anchor;
      setState(next);
      if (next.status === 'ok') setAnnounced(next.chapter);
    });
    return () => {
      cancelled = true;
    };
  }, [bookId, chapterParam, member, continuous, token]);

  // The next chapter is asked for while this one is read, so turning the page shows it at once: when the reader
  // may read it (the book is open to them, or the chapter is a free preview), never to be refused.
  const following = state.status === 'ok' && !continuous ? state.chapter.nextId : null;
  const ahead = following && (o.bookReadable || spine?.find((c) => c.id === following)?.free) ? following : null;
  useEffect(() => (ahead ? prefetchChapter(bookId, ahead, token ?? '') : undefined), [bookId, ahead, token]);

  /** Continuous mode reports what is on the page; the address follows the chapter in view (replace). */
  const onShown = useCallback(
    (ids: number[], inView: ChapterContent) => {
      shownRef.current = ids;
      setShown({ ids, inView });
      if (inView.id !== chapterParam)
        navigate(`/bookPreview?bookId=${bookId}&chapterId=${inView.id}${trial}`, { replace: true });
    },
    [bookId, chapterParam, navigate, trial],
  );

  /** The stored position to restore in the chapter just painted, once (null: none). */
  const takeAnchor = useCallback(() => {
    const anchor = pendingAnchor.current;
    pendingAnchor.current = null;
    return anchor;
  }, []);

  return { state, current, chapterId, prevId, nextId, open, onShown, takeAnchor, announced, setAnnounced };
}
