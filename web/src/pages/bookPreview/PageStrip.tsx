import { useEffect, useRef, useState, type ReactNode } from 'react';
import './pageStrip.css';

export interface StripPage {
  /** What opens the page (a fixed-layout page's chapter id, a PDF page's index in its section). */
  key: number;
  /** Its print label. */
  label: string;
  width: number;
  height: number;
}

interface Props {
  pages: StripPage[];
  /** The pages on screen. */
  currentKeys: number[];
  rtl?: boolean;
  /** The page's picture (an image, a canvas painted when it comes into view); its label alone without one. */
  thumb(page: StripPage): ReactNode;
  onOpen(key: number): void;
}

const MOVES: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A strip of pages (fixed-layout and PDF books, issue 32) behind a 缩略图 button in the corner of the pages: each
 * page's picture and print label, the pages on screen marked. The arrow keys move between pages (without turning
 * the book's), Home and End to its ends, Enter opens; a swipe on the strip scrolls it, it does not turn the page.
 * The pictures are made only while the strip is open.
 */
export function PageStrip(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="page-strip-toggle"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="page-strip-toggle"
      >
        缩略图
      </button>
      {open ? <Strip {...props} /> : null}
    </>
  );
}

function Strip({ pages, currentKeys, rtl = false, thumb, onOpen }: Props) {
  const strip = useRef<HTMLElement>(null);
  const first = currentKeys[0];
  useEffect(() => {
    strip.current?.querySelector('[aria-current=page]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [first]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const buttons = [...(strip.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let to: number | null = null;
    const sideways = e.key === 'ArrowLeft' || e.key === 'ArrowRight';
    if (e.key in MOVES) to = at + MOVES[e.key]! * (rtl && sideways ? -1 : 1);
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = buttons.length - 1;
    if (to === null) return;
    e.preventDefault();
    e.stopPropagation();
    buttons[Math.max(0, Math.min(buttons.length - 1, to))]?.focus();
  };

  const stop = (e: React.TouchEvent) => e.stopPropagation();
  return (
    <nav
      className="page-strip"
      aria-label="页面缩略图"
      dir={rtl ? 'rtl' : 'ltr'}
      ref={strip}
      data-testid="page-strip"
      onKeyDown={onKeyDown}
      onTouchStart={stop}
      onTouchEnd={stop}
    >
      {pages.map((p) => {
        const here = currentKeys.includes(p.key);
        return (
          <button
            key={p.key}
            type="button"
            className="page-thumb"
            aria-current={here ? 'page' : undefined}
            aria-label={`第 ${p.label} 页`}
            data-testid="page-thumb"
            data-key={p.key}
            onClick={() => onOpen(p.key)}
            style={{ aspectRatio: `${p.width} / ${p.height}` }}
          >
            {thumb(p)}
            <span>{p.label}</span>
          </button>
        );
      })}
    </nav>
  );
}
