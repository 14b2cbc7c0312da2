import { useEffect, useRef } from 'react';

interface Actions {
  /** A page (or screen) forward or back. */
  turn(direction: 1 | -1): void;
  /**
   * A horizontal swipe: a page where the chapter is in pages or scrolls sideways; else (it scrolls down, as in a
   * scrolled-doc book, where the swipe's own motion does nothing) the next or previous chapter.
   */
  swipe(direction: 1 | -1): void;
  /** The next or previous chapter. */
  go(direction: 1 | -1): void;
  toggleToc(): void;
  /** Null: the reader has no notes (a visitor). */
  toggleNotes: (() => void) | null;
  /** Text is selected: a swipe is the selection's, not a page turn. */
  selecting: boolean;
  /** The book's pages progress right to left: the next page is to the left (arrow keys and swipes). */
  rtl: boolean;
  /** Read aloud (null: not for this chapter): play or pause (opening the player), the next or previous sentence. */
  readAloud: { toggle(): void; step(direction: 1 | -1): void } | null;
}

/** Read aloud's keys (without Ctrl: Ctrl+R reloads the page). */
const READ_KEYS: Record<string, 'toggle' | 1 | -1> = { r: 'toggle', ',': -1, '.': 1 };

/**
 * Keyboard: arrows and page keys turn (the left arrow forward in a right-to-left book), [ ] change chapter, t the
 * contents, n the notes, r reads aloud (play / pause), , and . the previous and next sentence.
 * Touch: a horizontal swipe turns the page, or the chapter in a page that scrolls down (answers the handlers for the
 * reading area).
 */
export function useReaderKeys(actions: Actions) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable], .ant-modal, .ant-drawer')) return;
      const a = latest.current;
      if (e.key === 'ArrowRight') a.turn(a.rtl ? -1 : 1);
      else if (e.key === 'ArrowLeft') a.turn(a.rtl ? 1 : -1);
      else if (e.key === 'PageDown') a.turn(1);
      else if (e.key === 'PageUp') a.turn(-1);
      else if (e.key === ']') a.go(1);
      else if (e.key === '[') a.go(-1);
      else if (e.key === 't') a.toggleToc();
      else if (e.key === 'n' && a.toggleNotes) a.toggleNotes();
      else if (a.readAloud && !(e.ctrlKey || e.metaKey || e.altKey) && READ_KEYS[e.key]) {
        const step = READ_KEYS[e.key]!;
        if (step === 'toggle') a.readAloud.toggle();
        else a.readAloud.step(step);
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: React.TouchEvent) => {
    const t = e.touches[0];
    touchStart.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: React.TouchEvent) => {
    const s = touchStart.current;
    const t = e.changedTouches[0];
    if (!s || !t || latest.current.selecting) return;
    const dx = t.clientX - s.x;
    if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(t.clientY - s.y))
      latest.current.swipe(dx < 0 !== latest.current.rtl ? 1 : -1);
  };
  return { onTouchStart, onTouchEnd };
}
