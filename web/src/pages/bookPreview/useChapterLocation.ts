import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { ChapterContent, TextAnchor } from '@textbook/contracts';
import { getPosition, type SpineChapter } from '../../api/reader';
import type { ChapterState, ContinuousHandle } from './Continuous';
import { loadChapter, peekChapter, prefetchChapter } from './chapters';

/** A fragment as a link writes it (percent-encoded or not). */
function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

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
  const { bookId, member, token, continuous, spine, continuousView } = o;
  const navigate = useNavigate();
  // A chapter the reader opens (next, previous, contents, a link) is shown in the click's own render; the address
  // follows through the router, whose navigation renders a frame or more later. Until the address has moved on
  // from where it was, the chapter opened stands for it (its fragment too).
  const [opening, setOpening] = useState<{ from: number | null; id: number; fragment: string } | null>(null);
  if (opening && o.chapterParam !== opening.from) setOpening(null);
  const chapterParam = opening && o.chapterParam === opening.from ? opening.id : o.chapterParam;
  const [loaded, setLoaded] = useState<{ id: number; state: ChapterState } | null>(null);
  // Continuous mode: the chapters on the page (the address follows the one in view without reloading).
  const [shown, setShown] = useState<{ ids: number[]; inView: ChapterContent } | null>(null);
  const shownRef = useRef<number[]>([]);
  const [announced, setAnnounced] = useState<ChapterContent | null>(null);
  /** The stored position to restore once the chapter is painted. */
  const pendingAnchor = useRef<TextAnchor | null>(null);
  const positionAsked = useRef(false);

  const state: ChapterState = useMemo(() => {
    if (loaded && (loaded.id === chapterParam || (continuous && shown?.ids.includes(chapterParam ?? -1))))
      return loaded.state;
    // The next chapter fetched ahead is shown in the render that follows the click (no loading state between, the
    // chapter's view stays); the effect below takes the same answer. Not on the first chapter, which waits for the
    // member's stored position (asked once a chapter has loaded).
    const early = loaded && chapterParam && !continuous ? peekChapter(bookId, chapterParam, token ?? '') : null;
    return early ?? { status: 'loading' };
  }, [loaded, chapterParam, continuous, shown, bookId, token]);
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
      if (!continuous && id !== chapterParam) {
        setOpening({ from: o.chapterParam, id, fragment });
        // Fetched ahead and here: loaded in this very render (the effect below then finds nothing to change).
        const early = loaded ? peekChapter(bookId, id, token ?? '') : null;
        if (early?.status === 'ok') {
          setLoaded({ id, state: early });
          setAnnounced(early.chapter);
        }
      }
      navigate(`/bookPreview?bookId=${bookId}&chapterId=${id}${trial}${fragment ? `#${fragment}` : ''}`);
    },
    [bookId, navigate, trial, continuous, continuousView, chapterParam, o.chapterParam, loaded, token],
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
    // The same answer as the one shown already changes nothing (no render).
    const setState = (next: ChapterState) =>
      setLoaded((was) => (was?.id === chapterParam && was.state === next ? was : { id: chapterParam, state: next }));
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
  const readable = useCallback(
    (id: number | null) => Boolean(id && (o.bookReadable || spine?.find((c) => c.id === id)?.free)),
    [o.bookReadable, spine],
  );
  const following = state.status === 'ok' && !continuous ? state.chapter.nextId : null;
  const ahead = readable(following) ? following : null;
  useEffect(() => (ahead ? prefetchChapter(bookId, ahead, token ?? '') : undefined), [bookId, ahead, token]);
  /** A press on what opens a chapter (before its click): the chapter is asked for now. */
  const intend = useCallback(
    (id: number | null) => {
      if (id && id !== chapterParam && !continuous && readable(id)) prefetchChapter(bookId, id, token ?? '', true);
    },
    [bookId, chapterParam, continuous, readable, token],
  );

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

  return {
    state,
    current,
    chapterId,
    prevId,
    nextId,
    open,
    intend,
    onShown,
    takeAnchor,
    announced,
    setAnnounced,
    /** The fragment of a chapter opened before the address shows it (null: the address's own). */
    openingFragment: opening ? decodeFragment(opening.fragment) : null,
  };
}
