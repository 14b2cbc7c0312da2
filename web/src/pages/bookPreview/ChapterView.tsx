import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import type { ChapterContent, ChapterRead, ReaderNote, TextAnchor } from '@textbook/contracts';
import { scopeCss } from './css';
import { THEMES, type ReaderSettings } from './settings';
import {
  firstVisibleOffset,
  indexText,
  lastVisibleEnd,
  locate,
  offsetOf,
  quoteOf,
  rangeFor,
  unwrapAll,
  wrapRange,
  type Quote,
  type TextIndex,
} from './text';

export interface SelectionInfo extends Quote {
  endOffset: number;
  rect: DOMRect;
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
  clearSelection(): void;
}

interface Props {
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
  clip?: () => HTMLElement | null;
}

function intersecting(a: Element, b: Element): boolean {
  const r = a.getBoundingClientRect();
  const v = b.getBoundingClientRect();
  return r.bottom > v.top && r.top < v.bottom && r.right > v.left && r.left < v.right;
}

const cssCache = new Map<string, Promise<string>>();
function fetchCss(url: string): Promise<string> {
  let found = cssCache.get(url);
  if (!found) {
    found = fetch(url, { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.text() : ''))
      .catch(() => '');
    cssCache.set(url, found);
  }
  return found;
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

/**
 * Fonts for text the book leaves unstyled. Latin text takes a Latin font (its quotes ‘ ’ “ ” are narrow), Chinese,
 * Japanese and Korean text a CJK one (its quotes full-width, as CJK typesetting sets them), each falling back to
 * the other for the characters it lacks. Chosen by the chapter's language (the page's, zh-CN, when it says none).
 */
const LATIN_FONTS = `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', 'DejaVu Sans'`;
const CJK_FONTS = {
  zh: `'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', 'Noto Sans SC'`,
  ja: `'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic', Meiryo, 'Noto Sans CJK JP', 'Source Han Sans JP', 'Noto Sans JP'`,
  ko: `'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans CJK KR', 'Source Han Sans KR', 'Noto Sans KR'`,
};
const FONT_CSS = [
  `:where(.epub-body) { font-family: ${LATIN_FONTS}, ${CJK_FONTS.zh}, sans-serif; }`,
  ...Object.entries(CJK_FONTS).map(
    ([lang, fonts]) => `:where(.epub-body:lang(${lang})) { font-family: ${fonts}, ${LATIN_FONTS}, sans-serif; }`,
  ),
].join('\n');

/** The reader's own rules: settings as variables, themes, highlights, paging. The book's CSS comes after. */
const BASE_CSS = `
${FONT_CSS}
:host { display: block; height: 100%; contain: strict; }
.viewport { width: 100%; height: 100%; box-sizing: border-box; overflow: auto; background: var(--rd-bg); color: var(--rd-fg); -webkit-overflow-scrolling: touch; outline: none; }
.epub-body { font-size: calc(var(--rd-font) * 1%) !important; line-height: var(--rd-lh); max-width: 46em; margin: 0 auto; padding: 24px 20px 96px; box-sizing: border-box; overflow-wrap: break-word; }
.epub-body :where(p, li, dd, dt, blockquote, td, th, div) { line-height: var(--rd-lh) !important; }
.epub-body img, .epub-body svg, .epub-body video { max-width: 100%; height: auto; }
.epub-body svg[width][height] { height: auto; }
.epub-body pre { white-space: pre-wrap; }
.epub-body table { max-width: 100%; overflow-x: auto; display: block; }
.epub-body math { font-size: 1.05em; }
.epub-body aside:is([epub\\:type~="footnote"], [epub\\:type~="endnote"], [epub\\:type~="rearnote"], [epub\\:type~="note"]) { display: none; }
.epub-body a { color: #2563eb; }
.theme-dark .epub-body, .theme-dark .epub-body * { color: var(--rd-fg) !important; background-color: transparent !important; }
.theme-dark .epub-body a { color: #93c5fd !important; }
.theme-dark .epub-body img { filter: brightness(0.85); }
.theme-sepia .epub-body :where(p, li, h1, h2, h3, h4, h5, h6, span, div) { color: var(--rd-fg); }
mark.rd-hl { color: inherit !important; cursor: pointer; border-radius: 2px; padding: 0; }
mark.rd-hl.has-note { border-bottom: 2px dotted #9a3412; }
mark.rd-yellow { background: rgba(250, 204, 21, 0.45) !important; }
mark.rd-green { background: rgba(74, 222, 128, 0.4) !important; }
mark.rd-blue { background: rgba(96, 165, 250, 0.4) !important; }
mark.rd-pink { background: rgba(244, 114, 182, 0.4) !important; }
mark.rd-purple { background: rgba(192, 132, 252, 0.4) !important; }
.viewport.paged { overflow: hidden; }
.viewport.paged .epub-body { max-width: none; height: 100%; column-width: var(--rd-colw); column-gap: 48px; column-fill: auto; padding: 24px 24px 32px; }
:host(.flowing) { height: auto; contain: content; }
:host(.flowing) .viewport { height: auto; overflow: visible; }
:host(.flowing) .epub-body { padding-bottom: 32px; }
.viewport.vertical { writing-mode: vertical-rl; }
.viewport.vertical.vertical-lr { writing-mode: vertical-lr; }
.viewport.vertical .epub-body { max-width: none; max-height: none; height: 100%; margin: 0; padding: 32px 24px; }
:host(.flowing) .viewport.vertical { height: var(--rd-strip, 70vh); overflow-x: auto; overflow-y: hidden; }
:host(.flowing) .viewport.vertical .epub-body { padding: 16px 20px; }
`;

export const ChapterView = forwardRef<ChapterHandle, Props>(function ChapterView(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const shadow = useRef<ShadowRoot | null>(null);
  const viewport = useRef<HTMLDivElement | null>(null);
  const index = useRef<TextIndex | null>(null);
  const fonts = useRef<HTMLStyleElement | null>(null);
  const callbacks = useRef(props);
  callbacks.current = props;

  /** The chapter whose markup is in the viewport now (its CSS loads first). */
  const painted = useRef<ChapterContent | null>(null);

  const reindex = () => {
    const body = viewport.current?.querySelector('.epub-body');
    index.current = body ? indexText(body) : null;
    return index.current;
  };

  /** Unwraps every highlight and wraps the chapter's notes again (text offsets do not change). */
  const paintNotes = () => {
    const vp = viewport.current;
    if (!vp || !index.current) return;
    unwrapAll(vp, 'mark.rd-hl');
    let idx = reindex()!;
    for (const note of callbacks.current.notes) {
      const at = locate(idx.text, note);
      if (!at) continue;
      wrapRange(idx, at.start, at.end, () => {
        const mark = document.createElement('mark');
        mark.className = `rd-hl rd-${note.color}${note.content ? ' has-note' : ''}`;
        mark.dataset.note = String(note.id);
        mark.title = note.content || note.quote;
        return mark;
      });
      idx = reindex()!;
    }
  };

  // The shadow root, once. The book's markup and CSS live only there.
  useLayoutEffect(() => {
    if (!host.current || shadow.current) return;
    const root = host.current.attachShadow({ mode: 'open' });
    shadow.current = root;
    const vp = document.createElement('div');
    vp.className = 'viewport';
    vp.tabIndex = 0;
    vp.setAttribute('role', 'document');
    viewport.current = vp;
    const base = document.createElement('style');
    base.textContent = BASE_CSS;
    const book = document.createElement('style');
    book.className = 'book-css';
    root.append(base, book, vp);
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
    root.addEventListener('click', (event) => {
      const target = event.target as Element;
      const mark = target.closest?.('mark.rd-hl');
      if (mark) {
        callbacks.current.onNoteClick(Number((mark as HTMLElement).dataset.note), mark.getBoundingClientRect());
        return;
      }
      const link = target.closest?.('a[href]');
      if (link) {
        event.preventDefault();
        const note = footnoteOf(link, vp);
        if (note && callbacks.current.onFootnote) callbacks.current.onFootnote(note);
        else callbacks.current.onLink(link.getAttribute('href') ?? '');
      }
    });
    const onSelect = () => {
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
    vp.addEventListener('mouseup', () => setTimeout(onSelect, 0));
    vp.addEventListener('keyup', (e) => {
      if (e.shiftKey) onSelect();
    });
    document.addEventListener('selectionchange', () => {
      // Touch selection (long press, handles) ends without a mouseup.
      if (matchMedia('(pointer: coarse)').matches) setTimeout(onSelect, 0);
    });
  }, []);

  // Settings: variables and classes only (no re-render of the chapter).
  useLayoutEffect(() => {
    const vp = viewport.current;
    const h = host.current;
    if (!vp || !h) return;
    const theme = THEMES[props.settings.theme];
    h.style.setProperty('--rd-font', String(props.settings.fontSize));
    h.style.setProperty('--rd-lh', String(props.settings.lineHeight));
    h.style.setProperty('--rd-bg', theme.bg);
    h.style.setProperty('--rd-fg', theme.fg);
    h.style.setProperty('--rd-colw', `${Math.max(240, h.clientWidth - 48)}px`);
    vp.classList.remove('theme-light', 'theme-sepia', 'theme-dark');
    vp.classList.add(`theme-${props.settings.theme}`);
    const vertical = vp.classList.contains('vertical');
    vp.classList.toggle('paged', props.settings.flow === 'paged' && !vertical);
  }, [props.settings]);

  // The chapter: the book's CSS first (no flash of unstyled text), then the markup.
  useEffect(() => {
    let cancelled = false;
    const { chapter } = props;
    void Promise.all(chapter.styles.map(fetchCss)).then((sheets) => {
      if (cancelled || !shadow.current || !viewport.current) return;
      const scoped = scopeCss([...sheets, chapter.css].join('\n'));
      shadow.current.querySelector('style.book-css')!.textContent = scoped.css;
      fonts.current?.remove();
      if (scoped.fontFaces.length) {
        fonts.current = document.createElement('style');
        fonts.current.dataset.bookFonts = String(chapter.bookId);
        fonts.current.textContent = scoped.fontFaces.join('\n');
        document.head.append(fonts.current);
      }
      const vp = viewport.current;
      vp.innerHTML = chapter.html;
      const body = vp.querySelector('.epub-body');
      const mode = body ? getComputedStyle(body).writingMode : 'horizontal-tb';
      vp.classList.toggle('vertical', mode.startsWith('vertical'));
      // The viewport follows the content's writing mode: vertical-lr starts on the left.
      vp.classList.toggle('vertical-lr', mode === 'vertical-lr');
      // The page around it (continuous mode's heading) follows the writing mode too.
      host.current?.classList.toggle('vertical', mode.startsWith('vertical'));
      vp.classList.toggle('paged', callbacks.current.settings.flow === 'paged' && !mode.startsWith('vertical'));
      // After the writing mode is known: the start of a vertical-rl chapter is its right edge (scrollLeft 0).
      vp.scrollTop = 0;
      vp.scrollLeft = 0;
      reindex();
      painted.current = chapter;
      paintNotes();
      callbacks.current.onReady();
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.chapter]);

  useEffect(() => () => fonts.current?.remove(), []);

  // Highlights: drawn when the chapter is painted and whenever the notes change, whichever comes first (the notes
  // often arrive while the book's CSS is still loading, before there is text to draw on).
  useEffect(() => {
    if (painted.current === props.chapter) paintNotes();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.notes, props.chapter]);

  useImperativeHandle(ref, () => ({
    anchor() {
      const vp = viewport.current;
      const idx = index.current;
      if (!vp || !idx) return { quote: '', prefix: '', offset: 0 };
      // A vertical chapter scrolls sideways in its own box, also in continuous mode.
      const vertical = vp.classList.contains('vertical');
      const offset = firstVisibleOffset(idx, (!vertical && props.flowing && props.clip?.()) || vp);
      return {
        quote: idx.text.slice(offset, offset + 40),
        prefix: idx.text.slice(Math.max(0, offset - 40), offset),
        offset,
      };
    },
    restore(anchor) {
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
      const box = (clip && !vp.classList.contains('vertical') && clip) || vp;
      const end = lastVisibleEnd(idx, box);
      if (end < 0) return [];
      return [{ chapterId: props.chapter.id, read: idx.text.length ? Math.min(1, end / idx.text.length) : 1 }];
    },
    turn(direction) {
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
      const vp = viewport.current;
      const mark = vp?.querySelector(`mark.rd-hl[data-note="${note.id}"]`);
      mark?.scrollIntoView({ block: 'center' });
    },
    scrollToFragment(id) {
      const vp = viewport.current;
      const target = vp?.querySelector(`[id="${CSS.escape(id)}"]`);
      target?.scrollIntoView({ block: 'start' });
    },
    clearSelection() {
      const root = shadow.current as unknown as { getSelection?: () => Selection | null } | null;
      (root?.getSelection?.() ?? document.getSelection())?.removeAllRanges();
    },
  }));

  return (
    <div ref={host} className={props.flowing ? 'reader-host flowing' : 'reader-host'} data-testid="chapter-host" />
  );
});
