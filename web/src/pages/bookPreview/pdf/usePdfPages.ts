import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import type { ReaderNote } from '@textbook/contracts';
import { locate, noteMark, unwrapAll, wrapRange, type TextIndex } from '../text';
import { clearPage, joinIndexes, pageIndex, renderPage, type RenderedPage } from './pageRenderer';
import type { PdfDoc, PdfSection } from './usePdfDocument';

interface Options {
  /** The document (pages are painted), and the section's whole text (highlights are drawn) once it is read. */
  doc: PdfDoc | null;
  section: PdfSection | null;
  viewport: RefObject<HTMLDivElement | null>;
  scale: number;
  notes: ReaderNote[];
}

type Span = { start: number; end: number };

/** Pages this far from the screen (in screens) are painted ahead; further ones are cleared. */
const NEAR = '150% 0px';
/** A zoom in steps (the wheel, the buttons pressed quickly) paints the pages once, at its end. */
const SETTLE_MS = 120;

/**
 * The painted pages of a section: pages near the screen are painted (and those that leave it cleared), at the
 * current scale; the chapter's highlights and the search hit are drawn on each page's text layer as it is painted.
 * `index()` is the text of the painted pages, for the selection and the place on screen.
 */
export function usePdfPages({ doc, section, viewport, scale, notes }: Options) {
  const rendered = useRef(new Map<number, RenderedPage>());
  const indexes = useRef(new Map<number, TextIndex>());
  const near = useRef(new Set<number>());
  const waiters = useRef(new Map<number, ((index: TextIndex | null) => void)[]>());
  const search = useRef<Span | null>(null);
  const scaleRef = useRef(scale);

  const located = useMemo(() => {
    if (!section) return [];
    return notes.flatMap((note) => {
      const at = locate(section.section.text, note);
      return at ? [{ note, at }] : [];
    });
  }, [notes, section]);
  const locatedRef = useRef(located);
  // The observer's callbacks outlive the render that made them: they read the section as it is now.
  const sectionRef = useRef(section);
  useLayoutEffect(() => {
    scaleRef.current = scale;
    locatedRef.current = located;
    sectionRef.current = section;
  });

  const boxOf = (page: number) => viewport.current?.querySelector<HTMLElement>(`[data-page="${page}"]`) ?? null;

  /** Draws the highlights and the search hit on a painted page (what was drawn before is taken away first). */
  const paint = (page: number) => {
    const section = sectionRef.current;
    const r = rendered.current.get(page);
    const layer = boxOf(page)?.querySelector(':scope > .textLayer');
    if (!section || !r?.textLayer || !layer) return;
    unwrapAll(layer, 'mark.rd-hl, mark.rd-search');
    const index = pageIndex(section, r);
    for (const { note, at } of locatedRef.current) {
      wrapRange(index, at.start, at.end, () => noteMark(note));
    }
    const hit = search.current;
    if (hit) {
      wrapRange(index, hit.start, hit.end, () => {
        const mark = document.createElement('mark');
        mark.className = 'rd-search';
        mark.dataset.testid = 'search-mark';
        return mark;
      });
    }
    indexes.current.set(page, index);
    for (const wake of waiters.current.get(page) ?? []) wake(index);
    waiters.current.delete(page);
  };

  const ensure = (page: number) => {
    const box = boxOf(page);
    const had = rendered.current.get(page);
    if (!doc || !box || (had && had.scale === scaleRef.current)) return;
    had?.cancel();
    const next = renderPage(doc, page, box, scaleRef.current);
    rendered.current.set(page, next);
    void next.done.then(() => {
      if (rendered.current.get(page) === next && next.textLayer) paint(page);
    });
  };

  const drop = (page: number) => {
    rendered.current.get(page)?.cancel();
    rendered.current.delete(page);
    indexes.current.delete(page);
    const box = boxOf(page);
    if (box) clearPage(box);
  };

  // Pages are painted as they come near the screen, cleared as they go far from it.
  useEffect(() => {
    const vp = viewport.current;
    if (!doc || !vp) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const page = Number((entry.target as HTMLElement).dataset.page);
          if (entry.isIntersecting) {
            near.current.add(page);
            ensure(page);
          } else if (near.current.delete(page)) drop(page);
        }
      },
      { root: vp, rootMargin: NEAR },
    );
    vp.querySelectorAll('.pdf-page').forEach((p) => observer.observe(p));
    const pages = rendered.current;
    const nearPages = near.current;
    return () => {
      observer.disconnect();
      for (const page of [...pages.keys()]) drop(page);
      nearPages.clear();
      search.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc]);

  // A new zoom: the pages near the screen are painted again once it settles.
  useEffect(() => {
    const timer = setTimeout(() => near.current.forEach(ensure), SETTLE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scale]);

  // The notes changed, or the section's text is read: every painted page is drawn on again.
  useEffect(() => {
    for (const [page, r] of rendered.current) if (r.textLayer) paint(page);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [located]);

  return {
    /** The painted pages' text, as one index over the section's text. */
    index(): TextIndex {
      const pages = [...indexes.current.keys()].sort((a, b) => a - b);
      return joinIndexes(
        section?.section.text ?? '',
        pages.map((p) => indexes.current.get(p)!),
      );
    },
    /** The page's text once it is painted (null when it is not within a few seconds). */
    whenPainted(page: number): Promise<TextIndex | null> {
      const r = rendered.current.get(page);
      const index = indexes.current.get(page);
      if (index && r?.scale === scaleRef.current) return Promise.resolve(index);
      return new Promise((resolve) => {
        const list = waiters.current.get(page) ?? [];
        list.push(resolve);
        waiters.current.set(page, list);
        setTimeout(() => resolve(null), 4000);
      });
    },
    /** Marks a search hit (the one before is unmarked). */
    markSearch(at: Span) {
      search.current = at;
      for (const page of indexes.current.keys()) paint(page);
    },
  };
}
