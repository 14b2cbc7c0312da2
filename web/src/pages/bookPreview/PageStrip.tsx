import { useEffect, useRef } from 'react';
import type { SpineChapter } from '../../../api/reader';

interface Props {
  /** The book's pre-paginated pages in reading order. */
  pages: SpineChapter[];
  /** The pages on screen. */
  currentIds: number[];
  rtl: boolean;
  onOpen(chapterId: number): void;
}

/** A strip of the book's pages: each page's first image (else its number), the pages on screen marked. */
export function PageStrip({ pages, currentIds, rtl, onOpen }: Props) {
  const strip = useRef<HTMLDivElement>(null);
  const first = currentIds[0];
  useEffect(() => {
    strip.current?.querySelector('[aria-current=page]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [first]);
  return (
    <nav className="fx-strip" aria-label="页面缩略图" dir={rtl ? 'rtl' : 'ltr'} ref={strip} data-testid="page-strip">
      {pages.map((p, i) => {
        const page = p.page!;
        const here = currentIds.includes(p.id);
        return (
          <button
            key={p.id}
            type="button"
            className="fx-thumb"
            aria-current={here ? 'page' : undefined}
            aria-label={`第 ${i + 1} 页`}
            onClick={() => onOpen(p.id)}
            style={{ aspectRatio: `${page.width} / ${page.height}` }}
          >
            {page.thumb ? <img src={page.thumb} alt="" loading="lazy" /> : null}
            <span>{i + 1}</span>
          </button>
        );
      })}
    </nav>
  );
}
