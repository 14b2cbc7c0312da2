// Keeps the sentence being read on screen in a reflowable chapter's viewport: its page (in pages), or the lines
// scrolled into the upper part of the view (scrolled, continuous), or along the lines (vertical writing). Never
// touches the reader's selection.

/** Room kept under the sentence (the mini player sits below the text, the last line stays clear of the edge). */
const BELOW = 48;

export function revealIn(viewport: HTMLElement, range: Range, clip: HTMLElement | null): void {
  const rects = [...range.getClientRects()].filter((r) => r.width > 0 || r.height > 0);
  const first = rects[0] ?? range.getBoundingClientRect();
  const last = rects.at(-1) ?? first;
  const box = viewport.getBoundingClientRect();
  if (viewport.classList.contains('paged')) {
    // The page the sentence starts on.
    const page = Math.floor((first.left - box.left + viewport.scrollLeft) / viewport.clientWidth);
    const left = page * viewport.clientWidth;
    if (Math.abs(viewport.scrollLeft - left) > 1) viewport.scrollLeft = left;
    return;
  }
  if (viewport.classList.contains('vertical')) {
    if (first.right > box.right || last.left < box.left) viewport.scrollLeft += first.right - box.right + 32;
    if (!clip) return;
  }
  const scroller = clip ?? viewport;
  const view = scroller.getBoundingClientRect();
  const top = Math.max(view.top, 0);
  const bottom = Math.min(view.bottom, window.innerHeight);
  if (first.top < top + 8 || last.bottom > bottom - BELOW) {
    scroller.scrollTop += first.top - top - Math.min(96, (bottom - top) / 4);
  }
}
