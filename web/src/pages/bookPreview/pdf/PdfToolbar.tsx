import type { ReactNode } from 'react';

interface Props {
  /** The print label of the page being read, and where it is in the section. */
  label: string;
  at: number;
  count: number;
  percent: number;
  /** The fit in use, or null when the reader zoomed. */
  fit: 'width' | 'page' | null;
  spread: boolean;
  canSpread: boolean;
  /** A page back or forward. */
  onTurn(direction: 1 | -1): void;
  onZoom(direction: 1 | -1): void;
  onFit(fit: 'width' | 'page'): void;
  onSpread(spread: boolean): void;
}

/** One of the toolbar's buttons: `name` its accessible name when its face is a sign, `pressed` for a toggle. */
function Tool(t: {
  id: string;
  name?: string;
  pressed?: boolean;
  turn?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={t.turn ? 'pdf-tool pdf-turn' : 'pdf-tool'}
      aria-label={t.name}
      aria-pressed={t.pressed}
      data-testid={t.id}
      onClick={t.onClick}
    >
      {t.children}
    </button>
  );
}

/** A PDF section's tools: the page being read (its print number), zoom, fit and two pages side by side. */
export function PdfToolbar(p: Props) {
  return (
    <div className="pdf-toolbar" role="toolbar" aria-label="页面">
      <Tool id="pdf-prev" name="上一页" turn onClick={() => p.onTurn(-1)}>
        ‹
      </Tool>
      <span className="pdf-page-label" data-testid="pdf-page-label" aria-live="polite">
        第 {p.label} 页
        <span className="pdf-page-count">
          {' '}
          · {p.at}/{p.count}
        </span>
      </span>
      <Tool id="pdf-next" name="下一页" turn onClick={() => p.onTurn(1)}>
        ›
      </Tool>
      <span className="pdf-tools-gap" />
      <Tool id="pdf-zoom-out" name="缩小" onClick={() => p.onZoom(-1)}>
        −
      </Tool>
      <span className="pdf-zoom" data-testid="pdf-zoom">
        {p.percent}%
      </span>
      <Tool id="pdf-zoom-in" name="放大" onClick={() => p.onZoom(1)}>
        +
      </Tool>
      <Tool id="pdf-fit-width" pressed={p.fit === 'width'} onClick={() => p.onFit('width')}>
        适合宽度
      </Tool>
      <Tool id="pdf-fit-page" pressed={p.fit === 'page'} onClick={() => p.onFit('page')}>
        适合页面
      </Tool>
      {p.canSpread ? (
        <Tool id="pdf-spread" pressed={p.spread} onClick={() => p.onSpread(!p.spread)}>
          双页
        </Tool>
      ) : null}
    </div>
  );
}
