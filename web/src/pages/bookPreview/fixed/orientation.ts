/** The side of a phone's screen it is narrower than: below it, a page is read on a phone. */
const PHONE_SHORT_SIDE = 600;

/**
 * The turn a reader is asked for (rendition:orientation, issue 32): the page wants to be read in landscape or
 * portrait and the phone is held the other way. Only a touch screen whose short side is a phone's: a tablet or a
 * desktop shows the page fitted as it is, and a page that wants neither asks nothing.
 */
export function rotateHint(
  wanted: 'landscape' | 'portrait' | '',
  screen: { width: number; height: number },
  touch: boolean,
): 'landscape' | 'portrait' | null {
  if (!wanted || !touch || !screen.width || !screen.height) return null;
  if (Math.min(screen.width, screen.height) >= PHONE_SHORT_SIDE) return null;
  const landscape = screen.width > screen.height;
  if (wanted === 'landscape' && !landscape) return 'landscape';
  if (wanted === 'portrait' && landscape) return 'portrait';
  return null;
}
