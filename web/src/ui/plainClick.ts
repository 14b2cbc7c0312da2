import type { MouseEvent } from 'react';

/**
 * A link's click that the app handles itself (a plain left click); a click with a modifier or another button
 * is left to the browser (new tab, new window), which follows the link's address.
 */
export function plainClick(e: MouseEvent<HTMLAnchorElement>): boolean {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return false;
  e.preventDefault();
  return true;
}
