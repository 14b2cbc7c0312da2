import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ReaderMsg, type ChapterContent, type ReaderNote } from '@textbook/contracts';
import type { SpineChapter } from '../../../api/reader';
import type { ChapterHandle, SelectionInfo } from '../ChapterView';
import { loadChapter } from '../chapters';
import { readFraction } from '../text';
import { FixedPage, type FixedPageHandle } from './FixedPage';
import { PageStrip } from '../PageStrip';
import { spreadAt, spreadsOn, type Spread } from './spreads';
import { usePinchZoom } from './usePinchZoom';
import { rotateHint } from './orientation';
import './fixed.css';

interface Props {
  chapter: ChapterContent;
  bookId: number;
  /** Whose prefetched chapters to use ('member' or '' for a visitor). */
  token: string;
  spine: SpineChapter[];
  /** The book's page progression and rendition:spread. */
  rtl: boolean;
  bookSpread: string;
  /** Every note of the book: each page draws its own. */
  notes: ReaderNote[];
  hidden?: boolean;
  background: string;
  onOpen(chapterId: number): void;
  onSelection(selection: SelectionInfo | null): void;
  onNoteClick(noteId: number, rect: DOMRect): void;
  onLink(href: string): void;
  onReady(): void;
}

const GAP = 0;
const MARGIN = 12;
/** Room under the pages for the page strip's button, so it never covers a page. */
const BAND = 28;

/** The size of what is shown of a page: its own, or, for the empty side of a spread, its partner's. */
function sizeOf(spine: SpineChapter[], id: number | null) {
  const page = id === null ? null : spine.find((c) => c.id === id)?.page;
  return page ? { width: page.width, height: page.height } : null;
}

/**
 * Pre-paginated chapters (issue 32): the page read now, with its partner in a synthetic spread where the book and
 * the screen allow it, scaled to fit without distortion; zoom and pan on a touch screen; a strip of the pages.
 * The page read now is the chapter of the address: notes, look-up and search work on its text.
 */
export const FixedView = forwardRef<ChapterHandle, Props>(function FixedView(props, ref) {
  const { chapter, spine } = props;
  const stage = useRef<HTMLDivElement>(null);
  const [area, setArea] = useState({ width: 0, height: 0 });
  const [others, setOthers] = useState<Map<number, ChapterContent>>(new Map());
  const current = useRef<FixedPageHandle>(null);
  const partner = useRef<FixedPageHandle>(null);
  const zoom = usePinchZoom(stage);
  const [rotateSeen, setRotateSeen] = useState(false);

  useLayoutEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => setArea({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A page as large as the device's screen is never half of a spread.
  const deviceSized = chapter.layout.kind === 'fixed' && chapter.layout.device;
  // A page made for the other orientation than the phone is held in: the phone is asked to turn, and meanwhile
  // the page is shown alone, fitted (the area is measured again on turning).
  const rotate =
    area.width > 0 && chapter.layout.kind === 'fixed'
      ? rotateHint(
          chapter.layout.orientation,
          { width: window.innerWidth, height: window.innerHeight },
          matchMedia('(pointer: coarse)').matches,
        )
      : null;
  const paired = spreadsOn(props.bookSpread, area.width, area.height) && !deviceSized && !rotate;
  const placed = useMemo(() => spreadAt(spine, chapter.id, props.rtl, paired), [spine, chapter.id, props.rtl, paired]);
  const spread: Spread = placed?.spread ?? { left: null, right: null, center: chapter.id, ids: [chapter.id] };
  const partnerId = spread.ids.find((id) => id !== chapter.id) ?? null;

  // The partner page's chapter, through the same chapter route (a page the reader may not read stays empty).
  useEffect(() => {
    if (partnerId === null || others.has(partnerId)) return;
    let gone = false;
    void loadChapter(props.bookId, partnerId, props.token).then((state) => {
      if (gone || state.status !== 'ok') return;
      setOthers((m) => new Map(m).set(partnerId, state.chapter));
    });
    return () => {
      gone = true;
    };
  }, [partnerId, others, props.bookId, props.token]);

  // A page whose viewport is the device's takes the reading area's size (drawn at scale 1).
  const device = deviceSized && area.width > 0;
  const margin = device ? 0 : MARGIN;
  const band = device ? 0 : BAND;
  const own = device
    ? { width: area.width, height: area.height }
    : chapter.layout.kind === 'fixed'
      ? chapter.layout
      : { width: 768, height: 1024 };
  const sizes = (id: number | null) => (id === chapter.id ? own : sizeOf(spine, id));
  const slots: { side: string; id: number | null }[] =
    spread.center !== null
      ? [{ side: 'center', id: spread.center }]
      : [
          { side: 'left', id: spread.left },
          { side: 'right', id: spread.right },
        ];
  const shown = slots.map((s) => sizes(s.id));
  const fallback = shown.find(Boolean) ?? own;
  const boxes = shown.map((s) => s ?? fallback);
  const totalW = boxes.reduce((n, b) => n + b.width, 0) + GAP * (boxes.length - 1);
  const maxH = Math.max(...boxes.map((b) => b.height));
  const fit =
    area.width && area.height
      ? Math.min((area.width - 2 * margin) / totalW, (area.height - 2 * margin - band) / maxH)
      : 0;
  const scale = fit * zoom.level;

  const pageOf = (id: number) => (id === chapter.id ? chapter : (others.get(id) ?? null));

  useImperativeHandle(ref, () => ({
    anchor() {
      const idx = current.current?.index();
      return { quote: idx ? idx.text.slice(0, 40) : '', prefix: '', offset: 0 };
    },
    restore() {
      // A page is shown whole: every place on it is in view.
    },
    fraction: () => 1,
    seen() {
      const idx = current.current?.index();
      if (!idx) return [];
      return spread.ids
        .filter((id) => id === chapter.id || others.has(id))
        .map((id) => ({ chapterId: id, read: id === chapter.id ? readFraction(idx.text, idx.text.length) : 1 }));
    },
    turn(direction) {
      zoom.reset();
      const target = direction > 0 ? placed?.next : placed?.prev;
      if (!target) return false;
      props.onOpen(target);
      return true;
    },
    scrollToNote() {
      // The note's page is on screen whole.
    },
    scrollToFragment() {
      // A fragment of a page is on screen with its page.
    },
    markHit: (words, occurrence) => Boolean(current.current?.markHit(words, occurrence)),
    sideways: () => true,
    clearSelection() {
      current.current?.clearSelection();
      partner.current?.clearSelection();
    },
    // Read aloud: the page read now; it is on screen whole, so there is nothing to bring into view.
    textRoot: () => {
      const page = current.current?.textRoot();
      return page?.querySelector('.epub-body') ?? page ?? null;
    },
    reveal() {},
  }));

  const slotView = (slot: { side: string; id: number | null }, i: number) => {
    const box = boxes[i]!;
    const content = slot.id === null ? null : pageOf(slot.id);
    const isCurrent = slot.id === chapter.id;
    return (
      <div
        key={`${slot.side}-${slot.id ?? 'blank'}`}
        className={`fx-slot fx-${slot.side}`}
        data-testid="fixed-slot"
        data-side={slot.side}
        data-id={slot.id ?? ''}
        style={{ width: box.width * scale, height: box.height * scale }}
      >
        {content && content.layout.kind === 'fixed' ? (
          <FixedPage
            key={content.id}
            ref={isCurrent ? current : partner}
            chapter={content}
            width={isCurrent ? own.width : content.layout.width}
            height={isCurrent ? own.height : content.layout.height}
            scale={scale}
            notes={props.notes.filter((n) => n.chapterId === content.id && !n.orphan)}
            onSelection={isCurrent ? props.onSelection : (s) => props.onSelection(s && { ...s, chapterId: content.id })}
            onNoteClick={props.onNoteClick}
            onLink={props.onLink}
            onReady={isCurrent ? props.onReady : undefined}
          />
        ) : null}
      </div>
    );
  };

  // The strip: each page by its place in the book, its first image its picture.
  const run = useMemo(
    () =>
      spine
        .filter((c) => c.page)
        .map((c, i) => ({ key: c.id, label: String(i + 1), width: c.page!.width, height: c.page!.height })),
    [spine],
  );
  const thumbs = useMemo(() => new Map(spine.flatMap((c) => (c.page?.thumb ? [[c.id, c.page.thumb]] : []))), [spine]);
  return (
    <div
      className="fx-view"
      hidden={props.hidden}
      data-testid="fixed-view"
      data-spread={spread.center !== null ? 'single' : 'spread'}
      style={{ background: props.background }}
    >
      <div
        ref={stage}
        className={zoom.level > 1 ? 'fx-stage zoomed' : 'fx-stage'}
        onTouchStart={zoom.onTouchStart}
        onTouchEnd={zoom.onTouchEnd}
      >
        {scale > 0 ? (
          <div className="fx-spread" dir="ltr" style={{ padding: margin, paddingBottom: margin + band }}>
            {slots.map(slotView)}
          </div>
        ) : null}
      </div>
      {rotate && !rotateSeen ? (
        <div className="fx-rotate" role="status" data-testid="rotate-hint" data-to={rotate}>
          <span aria-hidden="true" className={`fx-rotate-icon ${rotate}`} />
          {ReaderMsg.ROTATE_TO(rotate)}
          <button type="button" onClick={() => setRotateSeen(true)}>
            {ReaderMsg.ROTATE_DISMISS}
          </button>
        </div>
      ) : null}
      <PageStrip
        pages={run}
        currentKeys={spread.ids}
        rtl={props.rtl}
        thumb={(p) => (thumbs.get(p.key) ? <img src={thumbs.get(p.key)} alt="" loading="lazy" /> : null)}
        onOpen={props.onOpen}
      />
    </div>
  );
});
