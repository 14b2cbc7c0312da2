import { useEffect, useState } from 'react';
import { Limits } from '@textbook/contracts';

/** True once the page is scrolled; the scroll handler is throttled to 100 ms (spec §9). */
export function useScrolled(threshold = 8): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    let last = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const check = () => setScrolled(window.scrollY > threshold);
    const onScroll = () => {
      const now = Date.now();
      if (now - last >= Limits.SCROLL_THROTTLE_MS) {
        last = now;
        check();
      } else {
        clearTimeout(pending);
        pending = setTimeout(check, Limits.SCROLL_THROTTLE_MS);
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(pending);
    };
  }, [threshold]);
  return scrolled;
}
