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

/** A PDF section's tools: the page being read (its print number), zoom, fit and two pages side by side. */
export function PdfToolbar(p: Props) {
  return (
    <div className="pdf-toolbar" role="toolbar" aria-label="页面">
      <button
        type="button"
        className="pdf-tool pdf-turn"
        aria-label="上一页"
        data-testid="pdf-prev"
        onClick={() => p.onTurn(-1)}
      >
        ‹
      </button>
      <span className="pdf-page-label" data-testid="pdf-page-label" aria-live="polite">
        第 {p.label} 页
        <span className="pdf-page-count">
          {' '}
          · {p.at}/{p.count}
        </span>
      </span>
      <button
        type="button"
        className="pdf-tool pdf-turn"
        aria-label="下一页"
        data-testid="pdf-next"
        onClick={() => p.onTurn(1)}
      >
        ›
      </button>
      <span className="pdf-tools-gap" />
      <button
        type="button"
        className="pdf-tool"
        aria-label="缩小"
        data-testid="pdf-zoom-out"
        onClick={() => p.onZoom(-1)}
      >
        −
      </button>
      <span className="pdf-zoom" data-testid="pdf-zoom">
        {p.percent}%
      </span>
      <button
        type="button"
        className="pdf-tool"
        aria-label="放大"
        data-testid="pdf-zoom-in"
        onClick={() => p.onZoom(1)}
      >
        +
      </button>
      <button
        type="button"
        className="pdf-tool"
        aria-pressed={p.fit === 'width'}
        data-testid="pdf-fit-width"
        onClick={() => p.onFit('width')}
      >
        适合宽度
      </button>
      <button
        type="button"
        className="pdf-tool"
        aria-pressed={p.fit === 'page'}
        data-testid="pdf-fit-page"
        onClick={() => p.onFit('page')}
      >
        适合页面
      </button>
      {p.canSpread ? (
        <button
          type="button"
          className="pdf-tool"
          aria-pressed={p.spread}
          data-testid="pdf-spread"
          onClick={() => p.onSpread(!p.spread)}
        >
          双页
        </button>
      ) : null}
    </div>
  );
}
