import { useEffect, useRef, type RefObject } from 'react';

interface Options {
  viewport: RefObject<HTMLDivElement | null>;
  /** The pages' box, scaled while the fingers pinch (the pages are painted anew at the new zoom when they lift). */
  pages: RefObject<HTMLDivElement | null>;
  scale(): number;
  zoomTo(scale: number): void;
}

const distance = (t: TouchList) => Math.hypot(t[0]!.clientX - t[1]!.clientX, t[0]!.clientY - t[1]!.clientY);

/**
 * Zoom by ctrl + wheel (and a trackpad's pinch, which the browser sends as one) and by a two-finger pinch on a
 * touch screen. A pinch's touches do not reach the reader's swipe (it would turn the page); neither does a swipe
 * over pages wider than the screen (it pans them).
 */
export function usePdfGestures({ viewport, pages, scale, zoomTo }: Options) {
  const latest = useRef({ scale, zoomTo });
  useEffect(() => {
    latest.current = { scale, zoomTo };
  });

  useEffect(() => {
    const vp = viewport.current;
    if (!vp) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      const { scale, zoomTo } = latest.current;
      zoomTo(scale() * Math.exp(-e.deltaY / 300));
    };
    let pinch: { from: number; ratio: number } | null = null;
    const onStart = (e: TouchEvent) => {
      if (e.touches.length === 2) pinch = { from: distance(e.touches), ratio: 1 };
    };
    const onMove = (e: TouchEvent) => {
      if (!pinch || e.touches.length !== 2) return;
      e.preventDefault();
      pinch.ratio = distance(e.touches) / pinch.from;
      const box = pages.current;
      if (box) {
        box.style.transformOrigin = `${vp.scrollLeft + vp.clientWidth / 2}px ${vp.scrollTop + vp.clientHeight / 2}px`;
        box.style.transform = `scale(${pinch.ratio})`;
      }
    };
    const onEnd = (e: TouchEvent) => {
      if (!pinch) {
        if (vp.scrollWidth > vp.clientWidth + 2) e.stopPropagation();
        return;
      }
      e.stopPropagation();
      if (e.touches.length) return;
      const { ratio } = pinch;
      pinch = null;
      if (pages.current) pages.current.style.transform = '';
      if (Math.abs(ratio - 1) > 0.05) latest.current.zoomTo(latest.current.scale() * ratio);
    };
    vp.addEventListener('wheel', onWheel, { passive: false });
    vp.addEventListener('touchstart', onStart, { passive: true });
    vp.addEventListener('touchmove', onMove, { passive: false });
    vp.addEventListener('touchend', onEnd);
    return () => {
      vp.removeEventListener('wheel', onWheel);
      vp.removeEventListener('touchstart', onStart);
      vp.removeEventListener('touchmove', onMove);
      vp.removeEventListener('touchend', onEnd);
    };
  }, [viewport, pages]);
}
