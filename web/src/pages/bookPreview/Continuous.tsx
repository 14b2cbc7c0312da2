import {
  forwardRef,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ChapterContent, ReaderNote } from '@textbook/contracts';
import { ChapterView, type ChapterHandle, type SelectionInfo } from './ChapterView';
import type { ReaderSettings } from './settings';

/** What loading one chapter came to (the reader shows a prompt for everything but `ok`). */
export type ChapterState =
  | { status: 'loading' }
  | { status: 'ok'; chapter: ChapterContent }
  | { status: 'login' }
  | { status: 'denied'; msg: string }
  | { status: 'switch'; collegeId: number; collegeName: string }
  | { status: 'missing' };

export interface ContinuousHandle extends ChapterHandle {
  /** Scrolls to a chapter already on the page; false when it is not there. */
  scrollToChapter(id: number, fragment?: string): boolean;
}

interface Props {
  first: ChapterContent;
  settings: ReaderSettings;
  notes: ReaderNote[];
  load(chapterId: number): Promise<ChapterState>;
  /** The prompt for a chapter that cannot be read (login, refusal...). */
  renderStop(state: ChapterState): ReactNode;
  /** The chapters on the page changed, or another one came into view. */
  onChapters(ids: number[], inView: ChapterContent): void;
  /** A chapter was appended, or navigation moved to one on the page (for the live region). */
  onAnnounce(chapter: ChapterContent): void;
  /** The heading for a chapter (its name in the contents). */
  titleOf(chapter: ChapterContent): string;
  onSelection(selection: SelectionInfo | null): void;
  onNoteClick(noteId: number, rect: DOMRect): void;
  onLink(href: string): void;
  /** A note reference to a footnote of its chapter: the note's text (shown in a popup, as in paginated mode). */
  onFootnote(text: string): void;
  onReady(): void;
  onScroll(): void;
}

const NO_NOTES: ReaderNote[] = [];
const headingId = (id: number) => `reader-chapter-${id}`;

/** Continuous (screen-reader) mode: the chapter and the ones after it, one section and heading each. */
export const ContinuousView = forwardRef<ContinuousHandle, Props>(function ContinuousView(props, ref) {
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const views = useRef(new Map<number, ChapterHandle>());
  const [chapters, setChapters] = useState<ChapterContent[]>([props.first]);
  const [stop, setStop] = useState<ChapterState | null>(null);
  const [loading, setLoading] = useState(false);
  const [inView, setInView] = useState<number>(props.first.id);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  const flowSettings = useMemo(() => ({ ...props.settings, flow: 'scrolled' as const }), [props.settings]);
  const notesBy = useMemo(() => {
    const by = new Map<number, ReaderNote[]>();
    for (const n of props.notes) by.set(n.chapterId, [...(by.get(n.chapterId) ?? []), n]);
    return by;
  }, [props.notes]);

  const last = chapters[chapters.length - 1]!;
  const current = chapters.find((c) => c.id === inView) ?? last;

  useEffect(() => {
    callbacks.current.onChapters(
      chapters.map((c) => c.id),
      current,
    );
  }, [chapters, current]);

  // Near the end: the next chapter, through the same chapter API; a chapter that cannot be read ends the run.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || stop || loading || !last.nextId) return;
    const nextId = last.nextId;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setLoading(true);
        void callbacks.current.load(nextId).then((next) => {
          setLoading(false);
          if (next.status !== 'ok') return setStop(next);
          setChapters((list) => (list.some((c) => c.id === next.chapter.id) ? list : [...list, next.chapter]));
          callbacks.current.onAnnounce(next.chapter);
        });
      },
      { root: scroller.current, rootMargin: '0px 0px 800px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [last, stop, loading]);

  /** The chapter whose section covers the top of the page. */
  const findInView = () => {
    const box = scroller.current?.getBoundingClientRect();
    if (!box) return;
    let found = chapters[0]!.id;
    for (const c of chapters) {
      const section = document.getElementById(headingId(c.id))?.parentElement;
      if (section && section.getBoundingClientRect().top <= box.top + box.height / 3) found = c.id;
    }
    setInView(found);
  };

  const onScroll = () => {
    findInView();
    props.onScroll();
  };

  const handle = () => views.current.get(current.id);

  // A vertical chapter is a strip as tall as the page shows under its heading; it scrolls sideways.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const size = () => el.style.setProperty('--rd-strip', `${Math.max(240, el.clientHeight - 56)}px`);
    size();
    const observer = new ResizeObserver(size);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useImperativeHandle(ref, () => ({
    anchor: () => handle()?.anchor() ?? { quote: '', prefix: '', offset: 0 },
    restore: (anchor) => handle()?.restore(anchor),
    fraction() {
      const el = scroller.current;
      const section = document.getElementById(headingId(current.id))?.parentElement;
      if (!el || !section) return 0;
      const top = el.getBoundingClientRect().top - section.getBoundingClientRect().top;
      const span = section.offsetHeight - el.clientHeight;
      return span > 0 ? Math.min(1, Math.max(0, top / span)) : 1;
    },
    seen: () => [...views.current.values()].flatMap((v) => v.seen()),
    turn(direction) {
      const el = scroller.current;
      if (!el) return false;
      // A vertical chapter turns along its lines first (a horizontal one never turns inside itself).
      if (handle()?.turn(direction)) return true;
      if (direction > 0 && el.scrollTop + el.clientHeight >= el.scrollHeight - 2) return false;
      if (direction < 0 && el.scrollTop <= 0) return false;
      el.scrollTop += direction * (el.clientHeight - 48);
      return true;
    },
    scrollToNote: (note) => views.current.get(note.chapterId)?.scrollToNote(note),
    scrollToFragment: (id) => handle()?.scrollToFragment(id),
    pageLabel: () => handle()?.pageLabel?.() ?? '',
    lastMark: (ids, at) => handle()?.lastMark?.(ids, at) ?? -1,
    markHit: (words, occurrence) => handle()?.markHit(words, occurrence) ?? false,
    clearSelection: () => views.current.forEach((v) => v.clearSelection()),
    textRoot: () => handle()?.textRoot?.() ?? null,
    reveal: (range) => handle()?.reveal?.(range),
    scrollToChapter(id, fragment) {
      const view = views.current.get(id);
      const chapter = chapters.find((c) => c.id === id);
      if (!view || !chapter) return false;
      if (fragment) view.scrollToFragment(fragment);
      else document.getElementById(headingId(id))?.parentElement?.scrollIntoView({ block: 'start' });
      setInView(id);
      props.onAnnounce(chapter);
      return true;
    },
  }));

  return (
    <div className="reader-continuous" ref={scroller} onScroll={onScroll} data-testid="reader-continuous">
      {chapters.map((c, i) => (
        <section key={c.id} aria-labelledby={headingId(c.id)} className="reader-chapter">
          <h2 id={headingId(c.id)} className="reader-chapter-heading">
            {props.titleOf(c) || `第 ${i + 1} 部分`}
          </h2>
          <ChapterView
            ref={(h) => {
              if (h) views.current.set(c.id, h);
              else views.current.delete(c.id);
            }}
            chapter={c}
            settings={flowSettings}
            notes={notesBy.get(c.id) ?? NO_NOTES}
            flowing
            clip={() => scroller.current}
            onSelection={(s) => {
              if (s) setInView(c.id);
              props.onSelection(s);
            }}
            onNoteClick={props.onNoteClick}
            onLink={props.onLink}
            onFootnote={props.onFootnote}
            onReady={i === 0 ? props.onReady : () => undefined}
            onScroll={() => undefined}
          />
        </section>
      ))}
      {stop ? (
        props.renderStop(stop)
      ) : last.nextId ? (
        <div ref={sentinel} className="reader-continuous-end" aria-hidden>
          {loading ? '正在载入下一章…' : ''}
        </div>
      ) : (
        <p className="reader-continuous-end">全书完</p>
      )}
    </div>
  );
});
