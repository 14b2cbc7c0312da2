import type { SpineChapter } from '../../../api/reader';

/**
 * How pre-paginated pages are put on screen (EPUB 3.3 §8.2.2): one page at a time, or two side by side in a
 * synthetic spread where the book's rendition:spread and the screen allow it, each page on its page-spread side,
 * in the book's page progression. Pure, so it can be tested without a browser.
 */

export type Side = 'left' | 'right' | 'center';

/** What is on screen: a lone page (`center`), or a spread's left and right pages (one may be empty). */
export interface Spread {
  left: number | null;
  right: number | null;
  center: number | null;
  /** Its pages in reading order. */
  ids: number[];
}

/**
 * Whether two pages make a spread on a reading area of this size: never for rendition:spread none; in either
 * orientation for both (and portrait) when the area is wide enough for two readable pages; otherwise (auto, landscape,
 * unsaid) on a landscape area.
 */
export function spreadsOn(bookSpread: string, width: number, height: number): boolean {
  if (bookSpread === 'none') return false;
  if (bookSpread === 'both' || bookSpread === 'portrait') return width >= 600;
  return width > height && width >= 700;
}

interface PageItem {
  id: number;
  spread: '' | 'left' | 'right' | 'center';
}

/** The run of consecutive pre-paginated chapters around `id` in the spine (empty when `id` is not one). */
export function runAround(spine: SpineChapter[], id: number): PageItem[] {
  const at = spine.findIndex((c) => c.id === id);
  if (at < 0 || !spine[at]!.page) return [];
  let start = at;
  while (start > 0 && spine[start - 1]!.page) start -= 1;
  let end = at;
  while (end + 1 < spine.length && spine[end + 1]!.page) end += 1;
  return spine.slice(start, end + 1).map((c) => ({ id: c.id, spread: c.page!.spread }));
}

/**
 * The spreads of a run of pages. A page waits on the side a spread starts on (left in a left-to-right book, right in
 * a right-to-left one) for the next page; a page that must go on the side a spread starts on closes the spread
 * before alone; a page that must go on the other side with nobody waiting is alone on its side; a centred page is
 * alone in the middle.
 */
export function spreadsOf(run: PageItem[], rtl: boolean, paired: boolean): Spread[] {
  if (!paired) return run.map((p) => ({ left: null, right: null, center: p.id, ids: [p.id] }));
  const first: Side = rtl ? 'right' : 'left';
  const out: Spread[] = [];
  let waiting: number | null = null;
  const place = (a: number | null, b: number | null) => {
    // a: the page on the first side, b: on the other (reading order a, b).
    const [left, right] = rtl ? [b, a] : [a, b];
    out.push({ left, right, center: null, ids: [a, b].filter((x): x is number => x !== null) });
  };
  const flush = () => {
    if (waiting !== null) place(waiting, null);
    waiting = null;
  };
  for (const p of run) {
    if (p.spread === 'center') {
      flush();
      out.push({ left: null, right: null, center: p.id, ids: [p.id] });
    } else if (p.spread === first || (p.spread === '' && waiting === null)) {
      flush();
      waiting = p.id;
    } else if (waiting !== null) {
      place(waiting, p.id);
      waiting = null;
    } else {
      place(null, p.id);
    }
  }
  flush();
  return out;
}

/** The spread holding a page, and the pages to open to go a spread forward or back (null at the book's ends). */
export function spreadAt(
  spine: SpineChapter[],
  id: number,
  rtl: boolean,
  paired: boolean,
): { spread: Spread; next: number | null; prev: number | null } | null {
  const spreads = spreadsOf(runAround(spine, id), rtl, paired);
  const at = spreads.findIndex((s) => s.ids.includes(id));
  if (at < 0) return null;
  const spread = spreads[at]!;
  const index = (x: number) => spine.findIndex((c) => c.id === x);
  const after = spine[index(spread.ids.at(-1)!) + 1]?.id ?? null;
  const before = spreads[at - 1]?.ids[0] ?? spine[index(spread.ids[0]!) - 1]?.id ?? null;
  return { spread, next: after, prev: before };
}
