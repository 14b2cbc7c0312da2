// A chapter's text as sentences to read aloud: Intl.Segmenter (granularity 'sentence') over each block's text,
// in the block's own language, each sentence a DOM Range over the chapter's text nodes (what is highlighted and
// kept on screen). Hidden text, scripts, ruby annotations, footnotes and page-break numbers are not read; a MathML
// formula is read from its alttext (or aria-label, or its text) and highlighted whole.
import type { NarrationItem } from './narration';

/** Never read: not text, or text a reader does not see as part of the sentence. */
const SKIP = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'rt',
  'rp',
  'svg',
  'audio',
  'video',
  'iframe',
  'object',
  'canvas',
  'button',
  'select',
  'textarea',
  'input',
  'head',
]);

/** Elements that end a sentence where they start and end (blocks; a line break). */
const BLOCK = new Set(
  (
    'address article aside blockquote body br caption dd details dialog div dl dt fieldset figcaption figure footer ' +
    'form h1 h2 h3 h4 h5 h6 header hgroup hr html li main nav ol p pre section summary table tbody td tfoot th ' +
    'thead tr ul'
  ).split(' '),
);

/** A stretch of a run's text: a text node's characters, or a formula read as one (its spoken form). */
type Piece = { start: number; length: number } & ({ text: Text } | { math: Element });

/** Text of one language inside one block. */
interface Run {
  lang: string;
  text: string;
  pieces: Piece[];
}

const isText = (n: Node): n is Text => n.nodeType === 3;
const isElement = (n: Node): n is Element => n.nodeType === 1;

function hiddenElement(el: Element): boolean {
  if (SKIP.has(el.localName.toLowerCase())) return true;
  if (el.getAttribute('hidden') !== null || el.getAttribute('aria-hidden') === 'true') return true;
  // A page-break marker's text is the page number: not part of what is read.
  if (el.getAttribute('role') === 'doc-pagebreak') return true;
  const type = el.getAttribute('epub:type') ?? '';
  if (/(^|\s)pagebreak(\s|$)/.test(type)) return true;
  // Footnotes are not shown in the text (a note reference opens them): not read in it either.
  return el.localName.toLowerCase() === 'aside' && /(^|\s)(footnote|endnote|rearnote|note)(\s|$)/.test(type);
}

/** How a MathML formula is read: its alttext, its aria-label, else its characters with spaces between tokens. */
export function spokenMath(math: Element): string {
  const said = math.getAttribute('alttext') ?? math.getAttribute('aria-label');
  if (said?.trim()) return said.trim();
  const tokens: string[] = [];
  const walk = (n: Node) => {
    if (isText(n)) {
      if (n.data.trim()) tokens.push(n.data.trim());
    } else if (isElement(n) && n.localName.toLowerCase() !== 'annotation' && n.localName !== 'annotation-xml') {
      n.childNodes.forEach(walk);
    }
  };
  walk(math);
  return tokens.join(' ');
}

const langOf = (el: Element) => el.getAttribute('lang') || el.getAttribute('xml:lang') || '';

/** The runs of text under `root`, in document order. */
function runsOf(root: Node, bookLang: string): Run[] {
  const runs: Run[] = [];
  let run: Run | null = null;
  const flush = () => {
    if (run && run.text.trim()) runs.push(run);
    run = null;
  };
  const add = (lang: string, text: string, piece: Omit<Piece, 'start' | 'length'>) => {
    if (run && run.lang !== lang) flush();
    run ??= { lang, text: '', pieces: [] };
    run.pieces.push({ ...piece, start: run.text.length, length: text.length } as Piece);
    // Whitespace of any kind (the source's line ends) is a space: the same length, so offsets stay the node's.
    run.text += text.replace(/\s/g, ' ');
  };
  const walk = (node: Node, lang: string) => {
    if (isText(node)) {
      if (node.data) add(lang, node.data, { text: node });
      return;
    }
    if (!isElement(node) || hiddenElement(node)) return;
    const name = node.localName.toLowerCase();
    const own = langOf(node) || lang;
    if (name === 'math') {
      const said = spokenMath(node);
      if (said) add(own, ` ${said} `, { math: node });
      return;
    }
    const block = BLOCK.has(name);
    if (block) flush();
    node.childNodes.forEach((child) => walk(child, own));
    if (block) flush();
  };
  // The root's own language, else its nearest ancestor's, else the book's.
  let lang = bookLang;
  for (let n: Node | null = root; n; n = n.parentNode) {
    if (isElement(n) && langOf(n)) {
      lang = langOf(n);
      break;
    }
  }
  if (isElement(root) && hiddenElement(root)) return [];
  root.childNodes.forEach((child) => walk(child, lang));
  flush();
  return runs;
}

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(lang: string): Intl.Segmenter {
  let found = segmenters.get(lang);
  if (!found) {
    try {
      found = new Intl.Segmenter(lang || undefined, { granularity: 'sentence' });
    } catch {
      // A language tag the browser does not take: its own default rules.
      found = new Intl.Segmenter(undefined, { granularity: 'sentence' });
    }
    segmenters.set(lang, found);
  }
  return found;
}

/** Something to say: a letter or a digit (a lone dash or bullet is not a sentence). */
const SAYABLE = /[\p{L}\p{N}]/u;

/**
 * The sentences of a chapter's text root, in reading order, as narration items `s0`, `s1`…; `bookLang` is the
 * language of text with no lang of its own.
 */
export function sentenceItems(root: ParentNode, bookLang = 'zh-CN'): NarrationItem[] {
  const node = root as unknown as Node;
  const doc = node.ownerDocument ?? (node as unknown as Document);
  const items: NarrationItem[] = [];
  for (const run of runsOf(node, bookLang)) {
    for (const seg of segmenter(run.lang).segment(run.text)) {
      const lead = seg.segment.length - seg.segment.trimStart().length;
      const start = seg.index + lead;
      const end = seg.index + seg.segment.trimEnd().length;
      if (end <= start) continue;
      const text = run.text.slice(start, end).replace(/ {2,}/g, ' ');
      if (!SAYABLE.test(text)) continue;
      const range = doc.createRange();
      const first = run.pieces.find((p) => p.start <= start && start < p.start + p.length)!;
      const last = run.pieces.findLast((p) => p.start < end && end <= p.start + p.length)!;
      if ('text' in first) range.setStart(first.text, start - first.start);
      else range.setStartBefore(first.math);
      if ('text' in last) range.setEnd(last.text, end - last.start);
      else range.setEndAfter(last.math);
      items.push({ id: `s${items.length}`, range, text, lang: run.lang });
    }
  }
  return items;
}

/**
 * The first item shown in `box` (the reading area on screen): the first whose text has a line box inside it;
 * -1 when none is.
 */
export function firstShown(items: readonly NarrationItem[], box: DOMRect): number {
  return items.findIndex((item) =>
    [...item.range.getClientRects()].some(
      (r) =>
        r.width > 0 && r.bottom > box.top + 1 && r.top < box.bottom - 1 && r.right > box.left && r.left < box.right,
    ),
  );
}

/** The item at a point on screen (a selection's start): the one with a line box there, else the first below it. */
export function itemAt(items: readonly NarrationItem[], x: number, y: number): number {
  const at = items.findIndex((item) =>
    [...item.range.getClientRects()].some((r) => r.left <= x && x <= r.right && r.top <= y && y <= r.bottom),
  );
  if (at >= 0) return at;
  return items.findIndex((item) => item.range.getBoundingClientRect().bottom > y);
}

/** The item holding a place in the text (a selection's start), else the first after it; -1 when none. */
export function itemFrom(items: readonly NarrationItem[], node: Node, offset: number): number {
  return items.findIndex((item) => {
    try {
      return item.range.comparePoint(node, offset) <= 0;
    } catch {
      // A place in another chapter's text.
      return false;
    }
  });
}
