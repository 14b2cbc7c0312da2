import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import type { ChapterContent, ReaderNote } from '@textbook/contracts';
import { fetchCss, putBookCss } from '../bookCss';
import {
  drawNotes,
  indexText,
  selecting,
  nthOccurrence,
  offsetOf,
  quoteOf,
  unwrapAll,
  wrapRange,
  type TextIndex,
} from '../text';
import type { SelectionInfo } from '../ChapterView';

/**
 * One pre-paginated page, laid out as its own document would be: the page's markup at its viewport's size (W×H CSS
 * pixels) in a box that is its initial containing block (positioned, clipping what lies outside it), then scaled
 * with a transform. Like a reflowable chapter it lives in a shadow root with the book's CSS scoped to it (decision
 * 0070: no iframe), here one shadow root per page, so two pages of a spread keep their own CSS.
 */
const PAGE_CSS = `
:host { display: block; position: relative; overflow: hidden; background: #fff; }
.fx-page { all: initial; display: block; position: absolute; left: 0; top: 0; overflow: hidden; transform-origin: 0 0;
  background: #fff; color: #000; font-family: serif; font-size: 16px; line-height: normal; contain: layout paint; }
.fx-page > :where(.epub-body) { display: block; margin: 0; }
.fx-page > .epub-svg-page { margin: 0; width: 100%; height: 100%; }
.fx-page > .epub-svg-page > svg { display: block; width: 100%; height: 100%; }
.fx-page :where(a) { color: inherit; }
mark.rd-hl { background: rgba(250, 204, 21, 0.45); color: inherit; cursor: pointer; }
mark.rd-hl.rd-green { background: rgba(74, 222, 128, 0.45); }
mark.rd-hl.rd-blue { background: rgba(96, 165, 250, 0.45); }
mark.rd-hl.rd-pink { background: rgba(244, 114, 182, 0.45); }
mark.rd-hl.has-note { border-bottom: 2px dotted currentColor; }
mark.rd-search { background: #f97316; color: #fff; }
::highlight(read-aloud) { background-color: rgba(56, 189, 248, 0.45); }
.rd-reading { background-color: rgba(56, 189, 248, 0.3); }
`;

export interface FixedPageHandle {
  index(): TextIndex | null;
  /** Marks the `occurrence`-th place of the words; false when they are not there. */
  markHit(words: string, occurrence: number): boolean;
  clearSelection(): void;
  box(): HTMLElement | null;
  /** The page's text as laid out (in its shadow root): what read aloud reads. */
  textRoot(): HTMLElement | null;
}

interface Props {
  chapter: ChapterContent;
  width: number;
  height: number;
  scale: number;
  notes: ReaderNote[];
  /** The page's selection, in its own chapter's text (each page of a spread reports its own). */
  onSelection?(selection: SelectionInfo | null): void;
  onNoteClick(noteId: number, rect: DOMRect): void;
  onLink(href: string): void;
  onReady?(): void;
}

export const FixedPage = forwardRef<FixedPageHandle, Props>(function FixedPage(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const shadow = useRef<ShadowRoot | null>(null);
  const page = useRef<HTMLDivElement | null>(null);
  const index = useRef<TextIndex | null>(null);
  const painted = useRef(false);
  const callbacks = useRef(props);
  callbacks.current = props;

  const reindex = () => {
    const body = page.current?.querySelector('.epub-body');
    index.current = body ? indexText(body) : null;
    return index.current;
  };

  const paintNotes = () => {
    const root = page.current;
    if (!root || !index.current) return;
    const idx = unwrapAll(root, 'mark.rd-hl') ? reindex()! : index.current;
    drawNotes(idx, callbacks.current.notes);
  };

  const onSelect = () => {
    const root = shadow.current as unknown as { getSelection?: () => Selection | null } | null;
    const report = callbacks.current.onSelection;
    if (!root || !report) return;
    const selection = root.getSelection ? root.getSelection() : document.getSelection();
    if (!selection || selection.isCollapsed || !selection.rangeCount || !index.current) return report(null);
    const range = selection.getRangeAt(0);
    if (!page.current?.contains(range.commonAncestorContainer)) return;
    const start = offsetOf(index.current, range.startContainer, range.startOffset);
    const end = offsetOf(index.current, range.endContainer, range.endOffset);
    if (end <= start || !index.current.text.slice(start, end).trim()) return report(null);
    report({ ...quoteOf(index.current, start, end), rect: range.getBoundingClientRect() });
  };

  useLayoutEffect(() => {
    if (!host.current || shadow.current) return;
    const root = host.current.attachShadow({ mode: 'open' });
    shadow.current = root;
    const base = document.createElement('style');
    base.textContent = PAGE_CSS;
    const book = document.createElement('style');
    book.className = 'book-css';
    const box = document.createElement('div');
    box.className = 'fx-page';
    box.setAttribute('role', 'document');
    page.current = box;
    root.append(base, book, box);
    box.addEventListener('mouseup', () => setTimeout(onSelect, 0));
    root.addEventListener('click', (event) => {
      const target = event.target as Element;
      const mark = target.closest?.('mark.rd-hl');
      if (mark && !selecting(root)) {
        callbacks.current.onNoteClick(Number((mark as HTMLElement).dataset.note), mark.getBoundingClientRect());
        return;
      }
      const link = target.closest?.('a[href]');
      if (link) {
        event.preventDefault();
        callbacks.current.onLink(link.getAttribute('href') ?? '');
      }
    });
    const onTouchSelect = () => {
      if (matchMedia('(pointer: coarse)').matches) setTimeout(onSelect, 0);
    };
    document.addEventListener('selectionchange', onTouchSelect);
    return () => document.removeEventListener('selectionchange', onTouchSelect);
  }, []);

  // The page: its CSS first, then the markup; the body's background is the page's (as a document's canvas takes it).
  useLayoutEffect(() => {
    let cancelled = false;
    let fonts: HTMLStyleElement | null = null;
    const { chapter } = props;
    painted.current = false;
    host.current?.removeAttribute('data-painted');
    void Promise.all(chapter.styles.map(fetchCss)).then((sheets) => {
      const root = shadow.current;
      const box = page.current;
      if (cancelled || !root || !box) return;
      fonts = putBookCss(root, sheets, chapter, null);
      box.innerHTML = chapter.html;
      const body = box.querySelector<HTMLElement>('.epub-body');
      box.style.background = '';
      if (body) {
        const look = getComputedStyle(body);
        if (look.backgroundColor !== 'rgba(0, 0, 0, 0)' || look.backgroundImage !== 'none') {
          box.style.background = look.background;
        }
      }
      reindex();
      paintNotes();
      painted.current = true;
      host.current?.setAttribute('data-painted', '');
      callbacks.current.onReady?.();
    });
    return () => {
      cancelled = true;
      fonts?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.chapter]);

  useEffect(() => {
    if (painted.current) paintNotes();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.notes]);

  useImperativeHandle(ref, () => ({
    index: () => index.current,
    box: () => host.current,
    textRoot: () => page.current,
    markHit(words, occurrence) {
      const root = page.current;
      if (!root || !index.current) return false;
      const idx = unwrapAll(root, 'mark.rd-search') ? reindex()! : index.current;
      const at = nthOccurrence(idx.text, words, occurrence);
      if (!at) return false;
      const marks = wrapRange(idx, at.start, at.end, () => {
        const mark = document.createElement('mark');
        mark.className = 'rd-search';
        mark.dataset.testid = 'search-mark';
        return mark;
      });
      return marks.length > 0;
    },
    clearSelection() {
      const root = shadow.current as unknown as { getSelection?: () => Selection | null } | null;
      (root?.getSelection?.() ?? document.getSelection())?.removeAllRanges();
    },
  }));

  const { width, height, scale } = props;
  useLayoutEffect(() => {
    const box = page.current;
    if (!box) return;
    box.style.width = `${width}px`;
    box.style.height = `${height}px`;
    box.style.transform = `scale(${scale})`;
  }, [width, height, scale]);

  return (
    <div
      ref={host}
      className="fx-page-host"
      data-testid="fixed-page"
      data-chapter={props.chapter.id}
      style={{ width: width * scale, height: height * scale }}
    />
  );
});
