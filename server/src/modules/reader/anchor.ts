/**
 * Finding a quote again in a chapter's text: the quote with its prefix and suffix (a few words either side)
 * and the old offset as a tie-breaker. Whitespace is collapsed on both sides, so re-flowed or re-indented
 * markup of a new edition still matches. Returns null when the quote is gone (an "unplaced" note).
 */
export interface Quote {
  quote: string;
  prefix: string;
  suffix: string;
  startOffset: number;
}

export const collapse = (s: string): string => s.replace(/\s+/g, ' ');

function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n += 1;
  return n;
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

export function locate(text: string, q: Quote): { start: number; end: number } | null {
  const hay = collapse(text);
  const quote = collapse(q.quote).trim();
  if (!quote) return null;
  const prefix = collapse(q.prefix);
  const suffix = collapse(q.suffix);
  let best: { start: number; score: number } | null = null;
  for (let at = hay.indexOf(quote); at >= 0; at = hay.indexOf(quote, at + 1)) {
    const before = hay.slice(Math.max(0, at - prefix.length), at);
    const after = hay.slice(at + quote.length, at + quote.length + suffix.length);
    const context = commonSuffix(before, prefix) + commonPrefix(after, suffix);
    // Context decides; among equal contexts the occurrence nearest the old offset wins.
    const score = context * 1_000_000 - Math.abs(at - q.startOffset);
    if (!best || score > best.score) best = { start: at, score };
  }
  return best ? { start: best.start, end: best.start + quote.length } : null;
}
