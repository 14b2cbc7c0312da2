import { useCallback, useEffect, useRef } from 'react';

const SAVE_EVERY_MS = 30_000;
const IDLE_AFTER_MS = 60_000;

/**
 * Active reading time: a visible tab with input in the last minute. `report` sends the position with the seconds
 * read since the last report (every 30 s, when the tab is hidden, on leaving); it answers false when there is
 * nothing to report yet, and the seconds are kept for the next time. Answers `save` for other moments (a chapter
 * change).
 */
export function useReadingClock(report: (seconds: number, keepalive: boolean) => boolean) {
  const seconds = useRef(0);
  const lastInput = useRef(0);
  const reportRef = useRef(report);
  useEffect(() => {
    reportRef.current = report;
  }, [report]);

  const save = useCallback((keepalive = false) => {
    const spent = Math.round(seconds.current);
    if (reportRef.current(spent, keepalive)) seconds.current = 0;
  }, []);

  useEffect(() => {
    const input = () => (lastInput.current = Date.now());
    const events = ['keydown', 'pointerdown', 'wheel', 'touchstart', 'scroll'];
    for (const e of events) window.addEventListener(e, input, { passive: true, capture: true });
    const tick = setInterval(() => {
      if (document.visibilityState === 'visible' && Date.now() - lastInput.current < IDLE_AFTER_MS)
        seconds.current += 5;
    }, 5000);
    const periodic = setInterval(() => save(), SAVE_EVERY_MS);
    const hide = () => {
      if (document.visibilityState === 'hidden') save(true);
    };
    const pagehide = () => save(true);
    document.addEventListener('visibilitychange', hide);
    window.addEventListener('pagehide', pagehide);
    return () => {
      for (const e of events) window.removeEventListener(e, input, { capture: true });
      clearInterval(tick);
      clearInterval(periodic);
      document.removeEventListener('visibilitychange', hide);
      window.removeEventListener('pagehide', pagehide);
      save(true);
    };
  }, [save]);

  return save;
}
