/**
 * Text positions inside a rendered chapter: offsets into the concatenated text of its text nodes, a quote with
 * prefix and suffix to find a place again (after a font change, a re-flow or a new edition), and the first
 * visible text of the viewport (the reading position is text, never pixels).
 */
export interface TextIndex {
  nodes: Text[];
  starts: number[];
  text: string;
}

export function indexText(root: Node): TextIndex {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  const starts: number[] = [];
  let text = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n as Text;
    nodes.push(t);
    starts.push(text.length);
    text += t.data;
  }
  return { nodes, starts, text };
}

/** The position in `index.nodes` of the text node holding `offset` (0 when none is). */
function nodeAt(index: TextIndex, offset: number): number {
  let lo = 0;
  let hi = index.nodes.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (index.starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

/** The text node and offset in it at a text offset. */
export function pointAt(index: TextIndex, offset: number): { node: Text; offset: number } | null {
  if (!index.nodes.length) return null;
  const lo = nodeAt(index, offset);
  const node = index.nodes[lo]!;
  return { node, offset: Math.min(node.data.length, Math.max(0, offset - index.starts[lo]!)) };
}

export function offsetOf(index: TextIndex, node: Node, offset: number): number {
  if (node.nodeType === Node.TEXT_NODE) {
    const i = index.nodes.indexOf(node as Text);
    return i < 0 ? 0 : index.starts[i]! + offset;
  }
  // An element boundary: the text before its offset-th child.
  const child = node.childNodes[offset];
  const walker = document.createTreeWalker(child ?? node, NodeFilter.SHOW_TEXT);
  const first = child ? (child.nodeType === Node.TEXT_NODE ? child : walker.nextNode()) : null;
  if (first) {
    const i = index.nodes.indexOf(first as Text);
    if (i >= 0) return index.starts[i]!;
  }
  return index.text.length;
}

export function rangeFor(index: TextIndex, start: number, end: number): Range | null {
  const a = pointAt(index, start);
  const b = pointAt(index, end);
  if (!a || !b) return null;
  const range = document.createRange();
  range.setStart(a.node, a.offset);
  range.setEnd(b.node, b.offset);
  return range;
}

export interface Quote {
  quote: string;
  prefix: string;
  suffix: string;
  startOffset: number;
}

const CONTEXT = 32;

interface Collapsed {
  text: string;
  /** Collapsed offsets after which the raw text runs ahead (a run of more than one whitespace character)… */
  at: number[];
  /** …and by how many characters from there on. */
  ahead: number[];
}
/** The last text collapsed: a chapter's notes are all found in the same text. */
let lastCollapsed: { raw: string; result: Collapsed } | null = null;

/** Whitespace collapsed (a run of it is one space), with where the raw text runs ahead of the collapsed one. */
function collapsed(raw: string): Collapsed {
  if (lastCollapsed?.raw === raw) return lastCollapsed.result;
  const at: number[] = [];
  const ahead: number[] = [];
  let by = 0;
  const runs = /\s{2,}/g;
  for (let run = runs.exec(raw); run; run = runs.exec(raw)) {
    // The run's space is at its first character; what follows is the run's length less one further on.
    by += run[0].length - 1;
    at.push(run.index + run[0].length - by);
    ahead.push(by);
  }
  lastCollapsed = { raw, result: { text: raw.replace(/\s+/g, ' '), at, ahead } };
  return lastCollapsed.result;
}

/** The raw offset of a collapsed one. */
function rawOffset(c: Collapsed, offset: number): number {
  let lo = 0;
  let hi = c.at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c.at[mid]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  return offset + (lo ? c.ahead[lo - 1]! : 0);
}

const squash = (s: string) => s.replace(/\s+/g, ' ');

function common(a: string, b: string, fromEnd: boolean): number {
  let n = 0;
  while (n < a.length && n < b.length) {
    const x = fromEnd ? a[a.length - 1 - n] : a[n];
    const y = fromEnd ? b[b.length - 1 - n] : b[n];
    if (x !== y) break;
    n += 1;
  }
  return n;
}

/** Where a quote is in the raw text: context decides between occurrences, then nearness to the old offset. */
export function locate(raw: string, q: Quote): { start: number; end: number } | null {
  const flat = collapsed(raw);
  const { text } = flat;
  const quote = squash(q.quote).trim();
  if (!quote) return null;
  const prefix = squash(q.prefix);
  const suffix = squash(q.suffix);
  let best: { at: number; score: number } | null = null;
  for (let at = text.indexOf(quote); at >= 0; at = text.indexOf(quote, at + 1)) {
    const context =
      common(text.slice(Math.max(0, at - prefix.length), at), prefix, true) +
      common(text.slice(at + quote.length, at + quote.length + suffix.length), suffix, false);
    const score = context * 1_000_000 - Math.abs(rawOffset(flat, at) - q.startOffset);
    if (!best || score > best.score) best = { at, score };
  }
  if (!best) return null;
  return { start: rawOffset(flat, best.at), end: rawOffset(flat, best.at + quote.length - 1) + 1 };
}

/**
 * The `n`-th place (from 0) of some words in the raw text, case and runs of whitespace aside (as the server's
 * in-book search counts them); the last one when there are fewer. Null when the words are not there.
 */
export function nthOccurrence(raw: string, words: string, n: number): { start: number; end: number } | null {
  const flat = collapsed(raw);
  const text = flat.text.toLowerCase();
  const needle = squash(words).trim().toLowerCase();
  if (!needle) return null;
  let found = -1;
  for (let at = text.indexOf(needle), i = 0; at >= 0; at = text.indexOf(needle, at + needle.length), i += 1) {
    found = at;
    if (i >= n) break;
  }
  if (found < 0) return null;
  return { start: rawOffset(flat, found), end: rawOffset(flat, found + needle.length - 1) + 1 };
}

/** The quote of a selection with its context, ready to be stored. */
export function quoteOf(index: TextIndex, start: number, end: number): Quote & { endOffset: number } {
  return {
    quote: index.text.slice(start, end),
    prefix: index.text.slice(Math.max(0, start - CONTEXT), start),
    suffix: index.text.slice(end, end + CONTEXT),
    startOffset: start,
    endOffset: end,
  };
}

function intersects(r: DOMRect, v: DOMRect): boolean {
  return r.width + r.height > 0 && r.top < v.bottom && r.bottom > v.top && r.left < v.right && r.right > v.left;
}

/**
 * How far into a chapter's text the reader has seen, 0 to 1, when the text shown ends at `end`: whitespace after
 * the last words (the markup's indentation around a closing image, often more than a short chapter's words) is
 * not text to read, so a chapter shown to its last words is read to its end.
 */
export function readFraction(text: string, end: number): number {
  const length = text.trimEnd().length;
  return length ? Math.min(1, Math.max(0, end) / length) : 1;
}

/**
 * Whether a text node stays on screen whatever the scrolling: inside an element the book's CSS fixes in place
 * (position: fixed or sticky, e.g. SICP's "jump to top / bottom" arrows). Such text is always "visible" and says
 * nothing about where the reader is. `known` keeps each element's answer for one look.
 */
function pinned(node: Text, viewport: Element, known: Map<Element, boolean>): boolean {
  const path: Element[] = [];
  let answer = false;
  for (let el = node.parentElement; el && el !== viewport; el = el.parentElement) {
    const seen = known.get(el);
    if (seen !== undefined) {
      answer = seen;
      break;
    }
    path.push(el);
    const position = getComputedStyle(el).position;
    if (position === 'fixed' || position === 'sticky') {
      answer = true;
      break;
    }
  }
  for (const el of path) known.set(el, answer);
  return answer;
}

/** The text offset of the first character visible in the viewport (text pinned in place aside). */
export function firstVisibleOffset(index: TextIndex, viewport: Element): number {
  const v = viewport.getBoundingClientRect();
  const range = document.createRange();
  const known = new Map<Element, boolean>();
  for (let i = 0; i < index.nodes.length; i += 1) {
    const node = index.nodes[i]!;
    if (!node.data.trim()) continue;
    range.selectNodeContents(node);
    if (![...range.getClientRects()].some((r) => intersects(r, v))) continue;
    if (pinned(node, viewport, known)) continue;
    for (let c = 0; c < node.data.length; c += 1) {
      range.setStart(node, c);
      range.setEnd(node, c + 1);
      const rect = range.getBoundingClientRect();
      if (intersects(rect, v) && node.data[c]!.trim()) return index.starts[i]! + c;
    }
    return index.starts[i]!;
  }
  return 0;
}

/**
 * The text offset just after the last text painted inside `viewport` (a paragraph's end: text nodes are the
 * unit; text pinned in place aside), or -1 when none is. What the reader has had on screen, in text, whatever
 * the screen's size. Only the first `displayed` text nodes are looked at (the others are known to be undisplayed).
 */
export function lastVisibleEnd(index: TextIndex, viewport: Element, displayed = index.nodes.length): number {
  const v = viewport.getBoundingClientRect();
  const range = document.createRange();
  const known = new Map<Element, boolean>();
  for (let i = displayed - 1; i >= 0; i -= 1) {
    const node = index.nodes[i]!;
    if (!node.data.trim()) continue;
    range.selectNodeContents(node);
    if (![...range.getClientRects()].some((r) => intersects(r, v))) continue;
    // Text pinned in place (a fixed "to the bottom" arrow after the chapter's last words) is on every screen.
    if (!pinned(node, viewport, known)) return index.starts[i]! + node.data.length;
  }
  return -1;
}

/**
 * Wraps [start, end) in <mark> elements (one per text node crossed). The index stays the chapter's: the text nodes
 * the wrapping splits off take their places in it (the text itself does not change).
 */
export function wrapRange(index: TextIndex, start: number, end: number, make: () => HTMLElement): HTMLElement[] {
  const marks: HTMLElement[] = [];
  for (let i = nodeAt(index, start); i < index.nodes.length; i += 1) {
    const nodeStart = index.starts[i]!;
    if (nodeStart >= end) break;
    let node = index.nodes[i]!;
    const nodeEnd = nodeStart + node.data.length;
    if (nodeEnd <= start) continue;
    const from = Math.max(start, nodeStart) - nodeStart;
    const to = Math.min(end, nodeEnd) - nodeStart;
    if (!node.parentNode || !node.data.slice(from, to).trim()) continue;
    if (from > 0) {
      node = node.splitText(from);
      i += 1;
      index.nodes.splice(i, 0, node);
      index.starts.splice(i, 0, nodeStart + from);
    }
    if (to - from < node.data.length) {
      index.nodes.splice(i + 1, 0, node.splitText(to - from));
      index.starts.splice(i + 1, 0, nodeStart + to);
    }
    const mark = make();
    node.parentNode!.replaceChild(mark, node);
    mark.appendChild(node);
    marks.push(mark);
  }
  return marks;
}

/** Unwraps the elements `selector` finds, joining the text split around them; answers how many there were. */
export function unwrapAll(root: ParentNode, selector: string): number {
  const parents = new Set<Node>();
  const marks = root.querySelectorAll(selector);
  for (const mark of marks) {
    const parent = mark.parentNode;
    if (!parent) continue;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
    parents.add(parent);
  }
  for (const p of parents) p.normalize();
  return marks.length;
}

/** A note's highlight: its colour, marked when it has words of its own, its id for a click. */
export function noteMark(note: { id: number; color: string; content: string; quote: string }): HTMLElement {
  const mark = document.createElement('mark');
  mark.className = `rd-hl rd-${note.color}${note.content ? ' has-note' : ''}`;
  mark.dataset.note = String(note.id);
  mark.title = note.content || note.quote;
  return mark;
}

/** Wraps each note's text in its highlight where the note's quote is found (a note not found is left out). */
export function drawNotes<N extends Quote & { id: number; color: string; content: string }>(
  index: TextIndex,
  notes: readonly N[],
): void {
  for (const note of notes) {
    const at = locate(index.text, note);
    if (at) wrapRange(index, at.start, at.end, () => noteMark(note));
  }
}

/**
 * Whether text is selected in a shadow root (or the document): a click that ends a drag over a highlight is the
 * selection's (to cite, look up or note it), not a click on the highlight.
 */
export function selecting(root: Node | null): boolean {
  const own = (root as unknown as { getSelection?: () => Selection | null } | null)?.getSelection;
  const selection = own ? own.call(root) : document.getSelection();
  return Boolean(selection && !selection.isCollapsed);
}
