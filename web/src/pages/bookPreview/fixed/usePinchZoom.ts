import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

const MAX = 5;
const DOUBLE_TAP = 2.5;

/**
 * Zoom of a fixed-layout page on a touch screen: pinch with two fingers, double-tap to zoom in at the finger and
 * out again; a zoomed page pans by scrolling its stage (the browser's own scrolling), and a swipe there pans
 * instead of turning the page (its touches stop at the stage).
 */
export function usePinchZoom(stage: RefObject<HTMLDivElement | null>) {
  const [level, setLevel] = useState(1);
  const levelRef = useRef(1);
  useLayoutEffect(() => {
    levelRef.current = level;
  }, [level]);
  const pinch = useRef<{ distance: number; level: number } | null>(null);
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null);
  /** The point (in the stage's box) that stays under the finger while the zoom changes. */
  const focus = useRef<{ x: number; y: number; from: number } | null>(null);

  const zoomTo = (next: number, x: number, y: number) => {
    const clamped = Math.min(MAX, Math.max(1, next));
    focus.current = { x, y, from: levelRef.current };
    setLevel(clamped);
  };

  useLayoutEffect(() => {
    const el = stage.current;
    const f = focus.current;
    if (!el || !f) return;
    focus.current = null;
    const ratio = level / f.from;
    el.scrollTo({ left: (el.scrollLeft + f.x) * ratio - f.x, top: (el.scrollTop + f.y) * ratio - f.y });
  }, [level, stage]);

  const zoomLater = useRef(zoomTo);
  useLayoutEffect(() => {
    zoomLater.current = zoomTo;
  });

  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onMove = (e: TouchEvent) => {
      const p = pinch.current;
      if (!p || e.touches.length !== 2) return;
      e.preventDefault();
      const [a, b] = [e.touches[0]!, e.touches[1]!];
      const box = el.getBoundingClientRect();
      const distance = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
      zoomLater.current(
        (p.level * distance) / p.distance,
        (a.clientX + b.clientX) / 2 - box.left,
        (a.clientY + b.clientY) / 2 - box.top,
      );
    };
    el.addEventListener('touchmove', onMove, { passive: false });
    return () => el.removeEventListener('touchmove', onMove);
  }, [stage]);

  const onTouchStart = (e: React.TouchEvent) => {
    if (e.touches.length === 2) {
      const [a, b] = [e.touches[0]!, e.touches[1]!];
      pinch.current = { distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) || 1, level };
      e.stopPropagation();
    }
    if (level > 1) e.stopPropagation();
  };
  const onTouchEnd = (e: React.TouchEvent) => {
    const wasPinch = pinch.current !== null;
    if (e.touches.length < 2) pinch.current = null;
    if (level > 1 || wasPinch) e.stopPropagation();
    const t = e.changedTouches[0];
    if (!t || wasPinch || e.touches.length) return;
    const now = Date.now();
    const last = lastTap.current;
    if (last && now - last.at < 300 && Math.hypot(t.clientX - last.x, t.clientY - last.y) < 30) {
      lastTap.current = null;
      const box = stage.current?.getBoundingClientRect();
      if (box) zoomTo(level > 1 ? 1 : DOUBLE_TAP, t.clientX - box.left, t.clientY - box.top);
      e.stopPropagation();
      return;
    }
    lastTap.current = { at: now, x: t.clientX, y: t.clientY };
  };
  return { level, onTouchStart, onTouchEnd, reset: () => setLevel(1) };
}
