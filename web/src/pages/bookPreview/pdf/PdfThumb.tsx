import { useEffect, useRef } from 'react';
import type { PdfDoc } from './usePdfDocument';

/** The thumbnail's height in CSS pixels (the strip's, pageStrip.css). */
const HEIGHT = 72;

/**
 * A page of the open section painted small by pdf.js for the page strip, once it scrolls into the strip's view
 * (a section of a hundred pages paints only the thumbnails looked at). The section's document is the one the
 * reader may read: no other page is fetched for it.
 */
export function PdfThumb({ doc, page }: { doc: PdfDoc; page: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    let cancel: (() => void) | null = null;
    let gone = false;
    const paint = async () => {
      const proxy = await doc.doc.getPage(page + 1);
      if (gone) return;
      const natural = proxy.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = proxy.getViewport({ scale: (HEIGHT * ratio) / natural.height });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      const task = proxy.render({ canvas: el, viewport });
      cancel = () => task.cancel();
      await task.promise;
      el.dataset.painted = 'true';
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        paint().catch(() => undefined);
      },
      { root: el.closest('.page-strip'), rootMargin: '0px 200px' },
    );
    observer.observe(el);
    return () => {
      gone = true;
      observer.disconnect();
      cancel?.();
    };
  }, [doc, page]);
  return <canvas ref={canvas} aria-hidden="true" data-testid="pdf-thumb" />;
}
