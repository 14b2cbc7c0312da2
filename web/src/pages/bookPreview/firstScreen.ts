/**
 * A long chapter's first screen first: the whole chapter is in the DOM at once (text index, notes, footnotes and
 * fragment ids see all of it), but the blocks past the first screen wait undisplayed (`LATER`, `display: none`:
 * neither styled, laid out nor painted) until that screen has been painted, then come in a slice a frame. Anything
 * that measures beyond the first screen (turning a page, restoring a position, going to a fragment or a note)
 * shows them all first.
 */

import type { TextIndex } from './text';

/** The attribute of a block not shown yet (contracts' READER_CSS gives it `display: none !important`). */
const LATER = 'data-rd-later';

/** Elements that only group blocks: a chapter's blocks are found inside them. */
const WRAPPERS = new Set(['section', 'article', 'main', 'div', 'blockquote', 'ol', 'ul', 'dl', 'header', 'footer']);
/** Below this much text a chapter is shown at once. */
const SMALL_TEXT = 12_000;
/** Text of the first try at a screen, and of each slice after the paint (about 8 ms of style and layout). */
const FIRST_TEXT = 1_500;
const SLICE_TEXT = 6_000;

const ownText = (el: Element) =>
  [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n as Text).data.trim() !== '');

/**
 * The chapter's blocks in reading order: the children of `root`, and inside a wrapper of blocks (a section, a
 * div of paragraphs, a list) its children instead. A wrapper with text of its own is one block.
 */
function blocksOf(root: Element): Element[] {
  const out: Element[] = [];
  const visit = (parent: Element) => {
    for (const child of parent.children) {
      if (WRAPPERS.has(child.localName) && child.childElementCount > 1 && !ownText(child)) visit(child);
      else out.push(child);
    }
  };
  visit(root);
  return out;
}

/** The direction the chapter's text runs on to the next screen. */
export type Flow = 'down' | 'right' | 'left';

/** The block reaches the viewport's far edge (the first screen is full up to it). */
function reachesEdge(block: Element, box: DOMRect, flow: Flow): boolean {
  const r = block.getBoundingClientRect();
  if (r.width + r.height === 0) return false;
  if (flow === 'down') return r.bottom >= box.bottom;
  if (flow === 'right') return r.right > box.right;
  return r.left < box.left;
}

export interface Later {
  /**
   * Displays blocks up to the first one that reaches the far edge of `viewport` (each try lays out only the blocks
   * it adds), then the rest a slice a frame once that screen has been painted.
   */
  firstScreen(viewport: Element, flow: Flow): void;
  /** Displays every block now (synchronously: what is measured next sees the whole chapter). */
  all(): void;
  /** Stops displaying the rest (another chapter replaces this one). */
  cancel(): void;
  /** The first block not displayed yet (null: all are); everything after it waits too. */
  firstHeld(): Element | null;
}

const NOTHING_LATER: Later = { firstScreen() {}, all() {}, cancel() {}, firstHeld: () => null };

/**
 * How many of the index's text nodes may be on screen: those before the first block held back (the others have no
 * box to measure).
 */
export function displayedNodes(index: TextIndex, later: Later | null): number {
  const held = later?.firstHeld();
  if (!held) return index.nodes.length;
  let lo = 0;
  let hi = index.nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (held.compareDocumentPosition(index.nodes[mid]!) & Node.DOCUMENT_POSITION_FOLLOWING) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Holds every block of a long chapter back (undisplayed). Called right after the chapter's markup is put in,
 * before anything has styled it; `firstScreen` then displays the first screen.
 */
export function holdBack(body: Element): Later {
  // Text of the chapter's own beside its blocks would stay displayed, out of place: such a chapter is not split.
  if ((body.textContent?.length ?? 0) < SMALL_TEXT || ownText(body)) return NOTHING_LATER;
  const blocks = blocksOf(body);
  if (blocks.length < 8) return NOTHING_LATER;
  for (const b of blocks) b.setAttribute(LATER, '');
  /** The text length of each block, counted when a run reaches it. */
  const lengths: number[] = [];
  const lengthOf = (i: number) => (lengths[i] ??= blocks[i]!.textContent?.length ?? 0);

  /** Blocks [0, shown) are displayed. */
  let shown = 0;
  const showUpTo = (end: number) => {
    for (; shown < end; shown += 1) blocks[shown]!.removeAttribute(LATER);
  };
  /** The end of a run of blocks holding at least `text` characters from `from` (one block at least). */
  const runEnd = (from: number, text: number) => {
    let end = from;
    for (let sum = 0; end < blocks.length && sum < text; end += 1) sum += lengthOf(end);
    return Math.max(end, Math.min(from + 1, blocks.length));
  };

  let timer = 0;
  let frame = 0;
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
  // After a frame has been painted (a task after its animation frame), the next slice.
  const next = () => {
    frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        showUpTo(runEnd(shown, SLICE_TEXT));
        if (shown < blocks.length) next();
      });
    });
  };

  return {
    firstScreen(viewport, flow) {
      const box = viewport.getBoundingClientRect();
      for (let text = FIRST_TEXT; shown < blocks.length; text *= 2) {
        const from = shown;
        showUpTo(runEnd(from, text));
        let full = false;
        for (let i = shown - 1; i >= from && !full; i -= 1) full = reachesEdge(blocks[i]!, box, flow);
        if (full) break;
      }
      if (shown < blocks.length) next();
    },
    all() {
      cancel();
      showUpTo(blocks.length);
    },
    cancel,
    firstHeld: () => blocks[shown] ?? null,
  };
}
