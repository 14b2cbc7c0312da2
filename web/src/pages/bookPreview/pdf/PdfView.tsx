import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChapterContent, ReaderNote } from '@textbook/contracts';
import type { ChapterHandle, SelectionInfo } from '../ChapterView';
import type { ReaderSettings } from '../settings';
import { firstVisibleOffset, locate, selecting, nthOccurrence, quoteOf, rangeFor, readFraction } from '../text';
import { fitScale, nextZoom, pageEnd, pageOfOffset, rowsOf } from './textOffsets';
import { usePdfDocument } from './usePdfDocument';
import { usePdfGestures } from './usePdfGestures';
import { PdfToolbar } from './PdfToolbar';
import { usePdfPages } from './usePdfPages';
import { boundaryOffset } from './pageRenderer';
import { PdfThumb } from './PdfThumb';
import { PageStrip } from '../PageStrip';
import './pdf.css';

type PdfLayout = Extract<ChapterContent['layout'], { kind: 'pdf' }>;

export interface PdfViewProps {
  chapter: ChapterContent;
  settings: ReaderSettings;
  notes: ReaderNote[];
  onSelection(selection: SelectionInfo | null): void;
  onNoteClick(noteId: number, rect: DOMRect): void;
  onReady(): void;
  onScroll(): void;
  /** The reader's PDF settings changed here (fit, two pages side by side). */
  onSettings(patch: Partial<ReaderSettings>): void;
  hidden?: boolean;
}

/** Two pages side by side only where two fit readably. */
const SPREAD_MIN_WIDTH = 900;
const GAP = 16;

/**
 * A section of a PDF book (issue 32): its pages painted by pdf.js (canvas and a selectable text layer) one under
 * the other, or two side by side, fitted to the width or the whole page, or zoomed. What the reader's tools know of
 * a chapter — a place in its text, highlights, the selection, search hits — counts in the section's text as the
 * server does (textOffsets.ts), so notes and positions work as in a reflowable chapter.
 */
const PdfView = forwardRef<ChapterHandle, PdfViewProps>(function PdfView(props, ref) {
  const layout = props.chapter.layout as PdfLayout;
  const { doc, section, error } = usePdfDocument(layout.file);
  const viewport = useRef<HTMLDivElement>(null);
  const pagesBox = useRef<HTMLDivElement>(null);
  const callbacks = useRef(props);
  callbacks.current = props;
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [zoom, setZoom] = useState<number | null>(null);
  const [current, setCurrent] = useState(0);

  useLayoutEffect(() => {
    const vp = viewport.current;
    if (!vp) return;
    const measure = () => setBox({ width: vp.clientWidth, height: vp.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(vp);
    return () => observer.disconnect();
  }, []);

  const sizes = useMemo(
    () => (layout.pages.length ? layout.pages : [{ label: '1', width: 595, height: 842, textStart: 0 }]),
    [layout.pages],
  );
  const spread = props.settings.pdfSpread && box.width >= SPREAD_MIN_WIDTH && sizes.length > 1;
  const rows = useMemo(() => rowsOf(sizes.length, spread), [sizes.length, spread]);
  const widest = useMemo(
    () =>
      sizes.reduce((a, p) => ({ width: Math.max(a.width, p.width), height: Math.max(a.height, p.height) }), {
        width: 1,
        height: 1,
      }),
    [sizes],
  );
  const fitted = box.width ? fitScale(props.settings.pdfFit, box, widest, spread ? 2 : 1, GAP) : 1;
  const scale = zoom ?? fitted;
  const scaleRef = useRef(scale);
  scaleRef.current = scale;

  const pages = usePdfPages({ doc, section, viewport, scale, notes: props.notes });

  // A new section starts at its top, in the reader's fit.
  useLayoutEffect(() => {
    viewport.current?.scrollTo(0, 0);
    setZoom(null);
    setCurrent(0);
  }, [layout.file]);

  // Ready once the section's text is known: the page then goes to the reader's place in it.
  useEffect(() => {
    if (section) callbacks.current.onReady();
  }, [section]);

  const zoomTo = (next: number) => {
    const vp = viewport.current;
    const ratio = next / scaleRef.current;
    const centre = vp ? { x: vp.scrollLeft + vp.clientWidth / 2, y: vp.scrollTop + vp.clientHeight / 2 } : null;
    setZoom(Math.min(6, Math.max(0.25, next)));
    // The middle of the screen stays where it is.
    requestAnimationFrame(() => {
      if (!vp || !centre) return;
      vp.scrollLeft = centre.x * ratio - vp.clientWidth / 2;
      vp.scrollTop = centre.y * ratio - vp.clientHeight / 2;
    });
  };
  usePdfGestures({ viewport, pages: pagesBox, scale: () => scaleRef.current, zoomTo });

  const boxOf = (page: number) => viewport.current?.querySelector<HTMLElement>(`[data-page="${page}"]`) ?? null;

  /** The page at the top third of the screen (the one being read). */
  const pageShown = () => {
    const vp = viewport.current;
    if (!vp) return 0;
    const line = vp.getBoundingClientRect().top + vp.clientHeight / 3;
    for (const row of rows) {
      const first = boxOf(row[0]!);
      if (first && first.getBoundingClientRect().bottom >= line) return row[0]!;
    }
    return sizes.length - 1;
  };

  const onScroll = () => {
    setCurrent(pageShown());
    callbacks.current.onScroll();
  };

  /** Brings a page's top to the top of the screen (the strip's choice). */
  const goToPage = (page: number) => {
    const vp = viewport.current;
    const target = boxOf(page);
    if (!vp || !target) return;
    vp.scrollTop += target.getBoundingClientRect().top - vp.getBoundingClientRect().top - GAP / 2;
    setCurrent(page);
  };

  /** Goes to a place in the section's text: its page at once, the line once the page is painted. */
  const goToOffset = (offset: number) => {
    if (!section) return;
    const page = pageOfOffset(section.section.pageStarts, offset);
    const vp = viewport.current;
    const target = boxOf(page);
    if (!vp || !target) return;
    vp.scrollTop += target.getBoundingClientRect().top - vp.getBoundingClientRect().top - GAP / 2;
    void pages.whenPainted(page).then((index) => {
      const range = index && rangeFor(index, offset, Math.min(offset + 1, index.text.length));
      const rect = range?.getBoundingClientRect();
      if (!rect || !rect.height) return;
      const top = vp.getBoundingClientRect().top;
      if (rect.top < top || rect.bottom > top + vp.clientHeight) vp.scrollTop += rect.top - top - vp.clientHeight / 3;
    });
  };

  /** A page (or, within a page taller than the screen, a screen) forward or back; false past the section's end. */
  const turnPage = (direction: 1 | -1): boolean => {
    const vp = viewport.current;
    if (!vp) return false;
    // Scrolled to an end: nothing more of the section to bring (the last pages may never reach the top).
    if (direction > 0 ? vp.scrollTop >= vp.scrollHeight - vp.clientHeight - 1 : vp.scrollTop <= 0) return false;
    const top = vp.getBoundingClientRect().top;
    const screen = vp.clientHeight;
    // Within a row taller than the screen: a screen at a time.
    const shown = rows.findIndex((row) => (boxOf(row[0]!)?.getBoundingClientRect().bottom ?? 0) > top + 2);
    const row = shown < 0 ? rows.length - 1 : shown;
    const rect = boxOf(rows[row]![0]!)?.getBoundingClientRect();
    if (!rect) return false;
    if (direction > 0 && rect.bottom > top + screen + 2) {
      vp.scrollTop += Math.min(screen - 48, rect.bottom - top - screen + GAP / 2);
      return true;
    }
    if (direction < 0 && rect.top < top - 2) {
      vp.scrollTop -= Math.min(screen - 48, top - rect.top + GAP / 2);
      return true;
    }
    const next = row + direction;
    if (next < 0 || next >= rows.length) return false;
    const target = boxOf(rows[next]![0]!)!.getBoundingClientRect();
    vp.scrollTop += (direction < 0 && target.height > screen ? target.bottom - screen : target.top) - top - GAP / 2;
    return true;
  };

  const onSelect = () => {
    const vp = viewport.current;
    const selection = document.getSelection();
    if (!vp || !section || !selection || selection.isCollapsed || !selection.rangeCount) {
      callbacks.current.onSelection(null);
      return;
    }
    const range = selection.getRangeAt(0);
    if (!vp.contains(range.commonAncestorContainer)) return;
    const index = pages.index();
    const start = boundaryOffset(index, range.startContainer, range.startOffset);
    const end = boundaryOffset(index, range.endContainer, range.endOffset);
    if (end <= start || !index.text.slice(start, end).trim()) {
      callbacks.current.onSelection(null);
      return;
    }
    callbacks.current.onSelection({ ...quoteOf(index, start, end), rect: range.getBoundingClientRect() });
  };

  useEffect(() => {
    const onChange = () => {
      // Touch selection (long press, handles) ends without a mouseup.
      if (matchMedia('(pointer: coarse)').matches) setTimeout(onSelect, 0);
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  });

  useImperativeHandle(ref, () => ({
    /** The print label of the page on screen (a note or bookmark made now carries it; 第 N 页 in the footer). */
    pageLabel() {
      return layout.pages[pageShown()]?.label ?? '';
    },
    anchor() {
      const vp = viewport.current;
      if (!section || !vp) return { quote: '', prefix: '', offset: 0 };
      const index = pages.index();
      const shown = index.nodes.length ? firstVisibleOffset(index, vp) : 0;
      const page = pageShown();
      const { pageStarts } = section.section;
      // The first words on screen are a later page's when the page read has none (a picture, a blank page): the
      // place is then that page's start, not the next page.
      const offset = shown && pageOfOffset(pageStarts, shown) <= page ? shown : (pageStarts[page] ?? 0);
      const { text } = section.section;
      return { quote: text.slice(offset, offset + 40), prefix: text.slice(Math.max(0, offset - 40), offset), offset };
    },
    restore(anchor) {
      if (!section) return;
      const { text } = section.section;
      const at = anchor.quote.trim()
        ? locate(text, { quote: anchor.quote, prefix: anchor.prefix, suffix: '', startOffset: anchor.offset })
        : null;
      goToOffset(at?.start ?? Math.min(anchor.offset, text.length));
    },
    fraction() {
      const vp = viewport.current;
      if (!vp) return 0;
      const max = vp.scrollHeight - vp.clientHeight;
      return max > 0 ? vp.scrollTop / max : 1;
    },
    seen() {
      const vp = viewport.current;
      if (!section || !vp || props.hidden) return [];
      // Read to the end of the last page on screen.
      const bottom = vp.getBoundingClientRect().bottom;
      let last = -1;
      for (let p = 0; p < sizes.length; p += 1) {
        const b = boxOf(p);
        if (b && b.getBoundingClientRect().top < bottom - 24) last = p;
      }
      if (last < 0) return [];
      const end = pageEnd(section.section, last);
      return [{ chapterId: props.chapter.id, read: readFraction(section.section.text, end) }];
    },
    turn: turnPage,
    scrollToNote(note) {
      if (!section) return;
      const at = locate(section.section.text, note);
      if (at) goToOffset(at.start);
    },
    scrollToFragment(id) {
      const match = /^pdf-page-(\d+)$/.exec(id);
      if (!match || !section) return;
      goToOffset(section.section.pageStarts[Number(match[1])] ?? 0);
    },
    markHit(words, occurrence) {
      if (!section) return false;
      const at = nthOccurrence(section.section.text, words, occurrence);
      if (!at) return false;
      pages.markSearch(at);
      goToOffset(at.start);
      return true;
    },
    sideways: () => true,
    clearSelection() {
      document.getSelection()?.removeAllRanges();
    },
  }));

  const onClick = (event: React.MouseEvent) => {
    const mark = (event.target as Element).closest?.('mark.rd-hl');
    if (mark && !selecting(null))
      callbacks.current.onNoteClick(Number((mark as HTMLElement).dataset.note), mark.getBoundingClientRect());
  };

  const label = sizes[current]?.label ?? String(current + 1);
  const stripPages = sizes.map((size, p) => ({ key: p, label: size.label, width: size.width, height: size.height }));
  return (
    <div
      className={`pdf-view theme-${props.settings.theme}`}
      data-testid="chapter-host"
      data-pdf-ready={section ? 'true' : undefined}
      hidden={props.hidden}
    >
      <PdfToolbar
        label={label}
        at={current + 1}
        count={sizes.length}
        percent={Math.round(scale * 75)}
        fit={zoom === null ? props.settings.pdfFit : null}
        spread={props.settings.pdfSpread}
        canSpread={box.width >= SPREAD_MIN_WIDTH}
        onZoom={(direction) => zoomTo(nextZoom(scale, direction))}
        onFit={(pdfFit) => {
          setZoom(null);
          props.onSettings({ pdfFit });
        }}
        onSpread={(pdfSpread) => props.onSettings({ pdfSpread })}
        onTurn={turnPage}
      />
      <div
        ref={viewport}
        className="pdf-viewport"
        tabIndex={0}
        role="document"
        aria-label={props.chapter.title}
        onScroll={onScroll}
        onPointerDown={(e) => (e.target as Element).closest?.('.textLayer')?.classList.add('selecting')}
        onMouseUp={() => {
          viewport.current?.querySelectorAll('.textLayer.selecting').forEach((l) => l.classList.remove('selecting'));
          setTimeout(onSelect, 0);
        }}
        onKeyUp={(e) => e.shiftKey && onSelect()}
        onClick={onClick}
      >
        {error ? (
          <div className="pdf-error" role="alert">
            本节的 PDF 无法打开：{error}
          </div>
        ) : null}
        <div
          key={layout.file}
          ref={pagesBox}
          className={spread ? 'pdf-pages spread' : 'pdf-pages'}
          style={{ padding: GAP / 2 }}
        >
          {sizes.map((size, p) => (
            <div
              key={p}
              className="pdf-page"
              id={`pdf-page-${p}`}
              data-page={p}
              data-label={size.label}
              style={
                {
                  width: size.width * scale,
                  height: size.height * scale,
                  margin: GAP / 2,
                  '--total-scale-factor': scale,
                } as React.CSSProperties
              }
            />
          ))}
        </div>
      </div>
      <PageStrip
        pages={stripPages}
        currentKeys={rows.find((row) => row.includes(current)) ?? [current]}
        thumb={(p) => (doc ? <PdfThumb doc={doc} page={p.key} /> : null)}
        onOpen={goToPage}
      />
    </div>
  );
});

export default PdfView;
