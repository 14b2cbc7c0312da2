import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import type { ChapterContent, ChapterRead, ReaderNote, TextAnchor } from '@textbook/contracts';
import { READER_CSS, READER_THEMES } from '@textbook/contracts';
import { displayedNodes, holdBack, type Later } from './firstScreen';
import { lastMarkAt } from './pageMarks';
import type { ReaderSettings } from './settings';
import { revealIn } from './readAloud/reveal';
import {
  nthOccurrence,
  drawNotes,
  selecting,
  firstVisibleOffset,
  indexText,
  lastVisibleEnd,
  locate,
  offsetOf,
  quoteOf,
  rangeFor,
  readFraction,
  unwrapAll,
  wrapRange,
  type Quote,
  type TextIndex,
} from './text';
import { fetchCss, putBookCss, sheetInHand } from './bookCss';

export interface SelectionInfo extends Quote {
  endOffset: number;
  rect: DOMRect;
  /** The chapter the text is in when it is not the one read now (the other page of a fixed-layout spread). */
  chapterId?: number;
}

export interface ChapterHandle {
  anchor(): TextAnchor;
  restore(anchor: TextAnchor): void;
  /** 0..1 through the chapter. */
  fraction(): number;
  /** How far into its text each chapter on screen is shown (to the end of the last text painted). */
  seen(): ChapterRead[];
  /** Turns a page (paged) or a screen (scrolled); false at the chapter's edge. */
  turn(direction: 1 | -1): boolean;
  scrollToNote(note: ReaderNote): void;
  scrollToFragment(id: string): void;
  /**
   * Goes to the `occurrence`-th place (from 0) of the words in the chapter's text (case and runs of whitespace
   * aside, as the server's search counts them) and marks it; false when the words are not there.
   */
  markHit(words: string, occurrence: number): boolean;
  /** The chapter's lines run down the page and it scrolls sideways (vertical writing) or in pages. */
  sideways?(): boolean;
  clearSelection(): void;
  /**
   * Fixed-layout and PDF views: the print page label of the page on screen ('' or absent: the reader works it out
   * from the book's page-break anchors with `lastMark`).
   */
  pageLabel?(): string;
  /**
   * Of these element ids (page-break anchors, in reading order), the last that starts at or before the first words
   * on screen, or before the text offset `at` when given (a selection's start); -1 when none.
   */
  lastMark?(ids: readonly string[], at?: number): number;
  /**
   * Goes where another view of the same chapter is scrolled to (the page the server wrote, which the visitor may
   * have scrolled before the app started): the same offset when the two are laid out alike, else the same words.
   */
  restoreFrom?(other: Element): void;
  /**
   * Read aloud: the root that holds the chapter's text as laid out (for sentences and overlay fragment ids), and a
   * way to bring a range on screen (turning the page or scrolling) without moving the reader's selection.
   */
  textRoot?(): ParentNode | null;
  reveal?(range: Range): void;
}

export interface ChapterViewProps {
  chapter: ChapterContent;
  settings: ReaderSettings;
  notes: ReaderNote[];
  onSelection(selection: SelectionInfo | null): void;
  onNoteClick(noteId: number, rect: DOMRect): void;
  onLink(href: string): void;
  /** A note reference (epub:type="noteref") to a footnote of the chapter: its text. */
  onFootnote?(text: string): void;
  onReady(): void;
  onScroll(): void;
  /** Continuous mode: the chapter takes its natural height and the page around it scrolls (`clip`). */
  flowing?: boolean;
  /** Kept on the page but not shown (while the next chapter loads: its view is not made again). */
  hidden?: boolean;
  clip?: () => HTMLElement | null;
}

function intersecting(a: Element, b: Element): boolean {
  const r = a.getBoundingClientRect();
  const v = b.getBoundingClientRect();
  return r.bottom > v.top && r.top < v.bottom && r.right > v.left && r.left < v.right;
}

/**
 * The text of the footnote a note reference points at: a link marked epub:type="noteref" to an element of the same
 * chapter that is a note (an aside, or marked footnote / endnote / rearnote / note). Null for any other link.
 */
function footnoteOf(link: Element, root: HTMLElement): string | null {
  if (!/(^|\s)noteref(\s|$)/.test(link.getAttribute('epub:type') ?? '')) return null;
  const href = link.getAttribute('href') ?? '';
  const hash = href.indexOf('#');
  if (hash < 0) return null;
  let id = href.slice(hash + 1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // kept as written
  }
  const target = root.querySelector(`[id="${CSS.escape(id)}"]`);
  if (!target) return null;
  const note = target.closest(
    'aside, [epub\\:type~="footnote"], [epub\\:type~="endnote"], [epub\\:type~="rearnote"], [epub\\:type~="note"]',
  );
  return note ? (note.textContent ?? '').trim() : null;
}

/** The first words shown in a box: what `restore` finds again. */
function anchorAt(idx: TextIndex, box: Element): TextAnchor {
  const offset = firstVisibleOffset(idx, box);
  return {
    quote: idx.text.slice(offset, offset + 40),
    prefix: idx.text.slice(Math.max(0, offset - 40), offset),
    offset,
  };
}

export const ChapterView = forwardRef<ChapterHandle, ChapterViewProps>(function ChapterView(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const shadow = useRef<ShadowRoot | null>(null);
  const viewport = useRef<HTMLDivElement | null>(null);
  const index = useRef<TextIndex | null>(null);
  const fonts = useRef<HTMLStyleElement | null>(null);
  /** The blocks of a long chapter past its first screen, displayed after the paint (`firstScreen.ts`). */
  const later = useRef<Later | null>(null);
  /** Everything is displayed before a measurement beyond the first screen. */
  const whole = () => later.current?.all();
  const callbacks = useRef(props);
  callbacks.current = props;

  /** The chapter whose markup is in the viewport now (its CSS loads first). */
  const painted = useRef<ChapterContent | null>(null);
  /** The notes drawn on it. */
  const paintedNotes = useRef<ReaderNote[] | null>(null);

  const reindex = () => {
    const body = viewport.current?.querySelector('.epub-body');
    index.current = body ? indexText(body) : null;
    return index.current;
  };

  /**
   * Unwraps every highlight and wraps the chapter's notes again (text offsets do not change; the index follows
   * the wrapping, so it is made again only after unwrapping).
   */
  const paintNotes = () => {
    const vp = viewport.current;
    if (!vp || !index.current) return;
    const idx = unwrapAll(vp, 'mark.rd-hl') ? reindex()! : index.current;
    paintedNotes.current = callbacks.current.notes;
    drawNotes(idx, callbacks.current.notes);
  };

  /**
   * A viewport: the scrolling box the chapter's markup goes in. A new chapter gets a new one (`setAside`), so the
   * chapter before is not taken apart while the next is put on the page.
   */
  const makeViewport = (className = 'viewport') => {
    const vp = document.createElement('div');
    vp.className = className;
    vp.tabIndex = 0;
    vp.setAttribute('role', 'document');
    vp.addEventListener('scroll', () => callbacks.current.onScroll(), { passive: true });
    // Vertical writing scrolls sideways: the wheel's vertical motion moves along the lines.
    vp.addEventListener(
      'wheel',
      (e) => {
        if (!vp.classList.contains('vertical') || Math.abs(e.deltaX) > Math.abs(e.deltaY)) return;
        // At either end of the lines the wheel goes on to the page (continuous mode's next chapter).
        // vertical-rl lines go leftwards (scrollLeft from 0 down), vertical-lr ones rightwards (from 0 up).
        const sign = vp.classList.contains('vertical-lr') ? -1 : 1;
        const max = vp.scrollWidth - vp.clientWidth;
        const at = sign * -vp.scrollLeft;
        if ((e.deltaY > 0 && at >= max - 1) || (e.deltaY < 0 && at <= 0)) return;
        e.preventDefault();
        vp.scrollLeft -= sign * e.deltaY;
      },
      { passive: false },
    );
    vp.addEventListener('mouseup', () => setTimeout(onSelect, 0));
    vp.addEventListener('keyup', (e) => {
      if (e.shiftKey) onSelect();
    });
    return vp;
  };

  /**
   * The chapter before leaves without being taken apart now (thousands of nodes, laid out: milliseconds the new
   * chapter would wait for): its viewport is set aside, hidden and neither laid out nor painted again, and removed
   * once the browser is idle. A new, empty viewport takes its place (first in the shadow root).
   */
  const setAside = () => {
    const gone = viewport.current;
    if (!gone?.firstChild) return gone;
    const vp = makeViewport(gone.className);
    gone.before(vp);
    gone.classList.add('gone');
    gone.removeAttribute('tabindex');
    viewport.current = vp;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => gone.remove(), { timeout: 2000 });
    else setTimeout(() => gone.remove(), 500);
    return vp;
  };

  const onSelect = () => {
    const root = shadow.current;
    const vp = viewport.current;
    if (!root || !vp) return;
    const getSelection = (root as unknown as { getSelection?: () => Selection | null }).getSelection;
    const selection = getSelection ? getSelection.call(root) : document.getSelection();
    if (!selection || selection.isCollapsed || !selection.rangeCount || !index.current) {
      callbacks.current.onSelection(null);
      return;
    }
    const range = selection.getRangeAt(0);
    if (!vp.contains(range.commonAncestorContainer)) return;
    const start = offsetOf(index.current, range.startContainer, range.startOffset);
    const end = offsetOf(index.current, range.endContainer, range.endOffset);
    if (end <= start || !index.current.text.slice(start, end).trim()) {
      callbacks.current.onSelection(null);
      return;
    }
    callbacks.current.onSelection({ ...quoteOf(index.current, start, end), rect: range.getBoundingClientRect() });
  };

  // The shadow root, once. The book's markup and CSS live only there.
  useLayoutEffect(() => {
    if (!host.current || shadow.current) return;
    const root = host.current.attachShadow({ mode: 'open' });
    shadow.current = root;
    const vp = makeViewport();
    viewport.current = vp;
    const base = document.createElement('style');
    base.textContent = READER_CSS;
    const book = document.createElement('style');
    book.className = 'book-css';
    root.append(base, book, vp);
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
        const note = viewport.current && footnoteOf(link, viewport.current);
        if (note && callbacks.current.onFootnote) callbacks.current.onFootnote(note);
        else callbacks.current.onLink(link.getAttribute('href') ?? '');
      }
    });
    document.addEventListener('selectionchange', () => {
      // Touch selection (long press, handles) ends without a mouseup.
      if (matchMedia('(pointer: coarse)').matches) setTimeout(onSelect, 0);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Settings: variables and classes only (no re-render of the chapter).
  useLayoutEffect(() => {
    const vp = viewport.current;
    const h = host.current;
    if (!vp || !h) return;
    const theme = READER_THEMES[props.settings.theme];
    h.style.setProperty('--rd-font', String(props.settings.fontSize));
    h.style.setProperty('--rd-lh', String(props.settings.lineHeight));
    h.style.setProperty('--rd-bg', theme.bg);
    h.style.setProperty('--rd-fg', theme.fg);
    h.style.setProperty('--rd-colw', `${Math.max(240, h.clientWidth - 48)}px`);
    vp.classList.remove('theme-light', 'theme-sepia', 'theme-dark');
    vp.classList.add(`theme-${props.settings.theme}`);
    const { fontFamily, margin, align } = props.settings;
    for (const f of ['serif', 'sans']) vp.classList.toggle(`ff-${f}`, fontFamily === f);
    for (const m of ['narrow', 'wide']) vp.classList.toggle(`margin-${m}`, margin === m);
    for (const a of ['justify', 'start']) vp.classList.toggle(`align-${a}`, align === a);
    const vertical = vp.classList.contains('vertical');
    vp.classList.toggle('paged', props.settings.flow === 'paged' && !vertical);
  }, [props.settings]);

  // The chapter: the book's CSS first (no flash of unstyled text), then the markup. Before the browser paints
  // (a layout effect): when the book's sheets are here already, the chapter is on the page in the same task.
  useLayoutEffect(() => {
    let cancelled = false;
    const { chapter } = props;
    const show = (sheets: string[]) => {
      if (cancelled || !shadow.current || !viewport.current) return;
      // The chapters of a book mostly share their CSS: the same sheet is not parsed again, the same fonts not
      // declared again (a new declaration loads its font anew, and text in it waits).
      fonts.current = putBookCss(shadow.current, sheets, chapter, fonts.current);
      later.current?.cancel();
      later.current = null;
      const vp = setAside()!;
      vp.innerHTML = chapter.html;
      const body = vp.querySelector('.epub-body');
      // A long chapter's blocks wait undisplayed, before anything styles them; the first screen's come back below.
      if (body && !callbacks.current.flowing) later.current = holdBack(body);
      // The chapter's own writing mode, not the one the viewport took for the chapter before (it inherits it).
      vp.classList.remove('vertical', 'vertical-lr');
      const mode = body ? getComputedStyle(body).writingMode : 'horizontal-tb';
      vp.classList.toggle('vertical', mode.startsWith('vertical'));
      // The viewport follows the content's writing mode: vertical-lr starts on the left.
      vp.classList.toggle('vertical-lr', mode === 'vertical-lr');
      // The page around it (continuous mode's heading) follows the writing mode too.
      host.current?.classList.toggle('vertical', mode.startsWith('vertical'));
      const paged = callbacks.current.settings.flow === 'paged' && !mode.startsWith('vertical');
      vp.classList.toggle('paged', paged);
      // After the writing mode is known: the start of a vertical-rl chapter is its right edge (scrollLeft 0).
      vp.scrollTop = 0;
      vp.scrollLeft = 0;
      if (later.current && body) {
        // The text goes on downwards, or to the next page (leftwards in Hebrew or Arabic), or to the next lines.
        const rtl = paged && getComputedStyle(body).direction === 'rtl';
        const flow = mode.endsWith('-rl') || rtl ? 'left' : mode.endsWith('-lr') || paged ? 'right' : 'down';
        later.current.firstScreen(vp, flow);
      }
      reindex();
      painted.current = chapter;
      paintNotes();
      callbacks.current.onReady();
    };
    const arrived = chapter.styles.map(sheetInHand);
    if (arrived.every((sheet) => sheet !== undefined)) show(arrived);
    else {
      // The chapter before is gone at once, as a new view would be empty, while the sheets load.
      later.current?.cancel();
      later.current = null;
      painted.current = null;
      index.current = null;
      setAside();
      void Promise.all(chapter.styles.map(fetchCss)).then(show);
    }
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.chapter]);

  useEffect(
    () => () => {
      fonts.current?.remove();
      later.current?.cancel();
    },
    [],
  );

  // Highlights: drawn when the chapter is painted and whenever the notes change, whichever comes first (the notes
  // often arrive while the book's CSS is still loading, before there is text to draw on).
  useEffect(() => {
    if (painted.current === props.chapter && paintedNotes.current !== props.notes) paintNotes();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.notes, props.chapter]);

  useImperativeHandle(ref, () => ({
    anchor() {
      const vp = viewport.current;
      const idx = index.current;
      if (!vp || !idx) return { quote: '', prefix: '', offset: 0 };
      // A vertical chapter scrolls sideways in its own box, also in continuous mode.
      const vertical = vp.classList.contains('vertical');
      return anchorAt(idx, (!vertical && props.flowing && props.clip?.()) || vp);
    },
    restoreFrom(other) {
      const vp = viewport.current;
      const body = other.querySelector('.epub-body');
      if (!vp || !body) return;
      if (other.scrollHeight === vp.scrollHeight && other.clientWidth === vp.clientWidth) {
        vp.scrollTop = other.scrollTop;
        return;
      }
      if (other.scrollTop > 0) this.restore(anchorAt(indexText(body), other));
    },
    restore(anchor) {
      whole();
      const vp = viewport.current;
      const idx = index.current;
      if (!vp || !idx || !anchor.quote.trim()) return;
      const at = locate(idx.text, {
        quote: anchor.quote,
        prefix: anchor.prefix,
        suffix: '',
        startOffset: anchor.offset,
      });
      const start = at?.start ?? Math.min(anchor.offset, idx.text.length);
      const range = rangeFor(idx, start, Math.min(start + 1, idx.text.length));
      if (!range) return;
      const rect = range.getBoundingClientRect();
      const box = vp.getBoundingClientRect();
      const clip = props.flowing ? props.clip?.() : null;
      if (clip && vp.classList.contains('vertical')) {
        vp.scrollLeft += rect.right - box.right + 32;
        clip.scrollTop += box.top - clip.getBoundingClientRect().top - 48;
      } else if (clip) {
        clip.scrollTop += rect.top - clip.getBoundingClientRect().top - 24;
      } else if (vp.classList.contains('paged')) {
        const page = Math.floor((rect.left - box.left + vp.scrollLeft) / vp.clientWidth);
        vp.scrollLeft = page * vp.clientWidth;
      } else if (vp.classList.contains('vertical')) {
        vp.scrollLeft += rect.right - box.right + 32;
      } else {
        vp.scrollTop += rect.top - box.top - 24;
      }
    },
    fraction() {
      whole();
      const vp = viewport.current;
      if (!vp) return 0;
      if (vp.classList.contains('paged') || vp.classList.contains('vertical')) {
        const max = vp.scrollWidth - vp.clientWidth;
        return max > 0 ? Math.abs(vp.scrollLeft) / max : 1;
      }
      const max = vp.scrollHeight - vp.clientHeight;
      return max > 0 ? vp.scrollTop / max : 1;
    },
    seen() {
      const vp = viewport.current;
      const idx = index.current;
      if (!vp || !idx || painted.current !== props.chapter || !host.current) return [];
      const clip = props.flowing ? props.clip?.() : null;
      if (clip && !intersecting(host.current, clip)) return [];
      // A chapter without text (a cover, a full-page image) is read once it is shown.
      if (!idx.text.trim()) return props.hidden ? [] : [{ chapterId: props.chapter.id, read: 1 }];
      const box = (clip && !vp.classList.contains('vertical') && clip) || vp;
      const end = lastVisibleEnd(idx, box, displayedNodes(idx, later.current));
      if (end < 0) return [];
      return [{ chapterId: props.chapter.id, read: readFraction(idx.text, end) }];
    },
    turn(direction) {
      whole();
      const vp = viewport.current;
      if (!vp) return false;
      if (vp.classList.contains('paged')) {
        const next = vp.scrollLeft + direction * vp.clientWidth;
        if (next < -1 || next > vp.scrollWidth - vp.clientWidth + 1) return false;
        vp.scrollLeft = next;
        return true;
      }
      if (vp.classList.contains('vertical')) {
        const max = vp.scrollWidth - vp.clientWidth;
        const at = Math.abs(vp.scrollLeft);
        if ((direction > 0 && at >= max - 2) || (direction < 0 && at <= 0)) return false;
        vp.scrollLeft -= (vp.classList.contains('vertical-lr') ? -1 : 1) * direction * (vp.clientWidth - 48);
        return true;
      }
      const next = vp.scrollTop + direction * (vp.clientHeight - 48);
      if (direction > 0 && vp.scrollTop + vp.clientHeight >= vp.scrollHeight - 2) return false;
      if (direction < 0 && vp.scrollTop <= 0) return false;
      vp.scrollTop = next;
      return true;
    },
    scrollToNote(note) {
      whole();
      const vp = viewport.current;
      const mark = vp?.querySelector(`mark.rd-hl[data-note="${note.id}"]`);
      mark?.scrollIntoView({ block: 'center' });
    },
    markHit(words, occurrence) {
      whole();
      const vp = viewport.current;
      if (!vp || !index.current) return false;
      const idx = unwrapAll(vp, 'mark.rd-search') ? reindex()! : index.current;
      const at = nthOccurrence(idx.text, words, occurrence);
      if (!at) return false;
      const marks = wrapRange(idx, at.start, at.end, () => {
        const mark = document.createElement('mark');
        mark.className = 'rd-search';
        mark.dataset.testid = 'search-mark';
        return mark;
      });
      const first = marks[0];
      if (!first) return false;
      if (vp.classList.contains('paged')) {
        const box = vp.getBoundingClientRect();
        const page = Math.floor((first.getBoundingClientRect().left - box.left + vp.scrollLeft) / vp.clientWidth);
        vp.scrollLeft = page * vp.clientWidth;
      } else first.scrollIntoView({ block: 'center', inline: 'center' });
      return true;
    },
    sideways() {
      const vp = viewport.current;
      return Boolean(vp && (vp.classList.contains('paged') || vp.classList.contains('vertical')));
    },
    lastMark(ids, at) {
      const vp = viewport.current;
      const idx = index.current;
      if (!vp || !idx || !ids.length) return -1;
      // The first words on screen, as `anchor` finds them.
      const box = (!vp.classList.contains('vertical') && props.flowing && props.clip?.()) || vp;
      return lastMarkAt(vp, idx, ids, at ?? firstVisibleOffset(idx, box));
    },
    scrollToFragment(id) {
      whole();
      const vp = viewport.current;
      const target = vp?.querySelector(`[id="${CSS.escape(id)}"]`);
      target?.scrollIntoView({ block: 'start' });
    },
    clearSelection() {
      const root = shadow.current as unknown as { getSelection?: () => Selection | null } | null;
      (root?.getSelection?.() ?? document.getSelection())?.removeAllRanges();
    },
    textRoot() {
      whole();
      return painted.current === props.chapter ? (viewport.current?.querySelector('.epub-body') ?? null) : null;
    },
    reveal(range) {
      whole();
      if (viewport.current) revealIn(viewport.current, range, (props.flowing && props.clip?.()) || null);
    },
  }));

  return (
    <div
      ref={host}
      className={props.flowing ? 'reader-host flowing' : 'reader-host'}
      data-testid="chapter-host"
      hidden={props.hidden}
    />
  );
});
