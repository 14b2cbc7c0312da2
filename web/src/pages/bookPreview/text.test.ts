import { describe, expect, test } from 'vitest';
import { locate, nthOccurrence, readFraction, type Quote } from './text';

const quote = (q: string, prefix = '', suffix = '', startOffset = 0): Quote => ({
  quote: q,
  prefix,
  suffix,
  startOffset,
});

/** Where a quote is, found character by character: the whitespace-collapsed text and its map to the raw text. */
function slowLocate(raw: string, q: Quote): { start: number; end: number } | null {
  let text = '';
  const map: number[] = [];
  let space = false;
  for (let i = 0; i < raw.length; i += 1) {
    const c = raw[i]!;
    if (/\s/.test(c)) {
      if (space) continue;
      space = true;
      text += ' ';
    } else {
      space = false;
      text += c;
    }
    map.push(i);
  }
  map.push(raw.length);
  const squash = (s: string) => s.replace(/\s+/g, ' ');
  const wanted = squash(q.quote).trim();
  if (!wanted) return null;
  const before = squash(q.prefix);
  const after = squash(q.suffix);
  const common = (a: string, b: string, fromEnd: boolean) => {
    let n = 0;
    while (n < a.length && n < b.length && (fromEnd ? a.at(-1 - n) === b.at(-1 - n) : a[n] === b[n])) n += 1;
    return n;
  };
  let best: { at: number; score: number } | null = null;
  for (let at = text.indexOf(wanted); at >= 0; at = text.indexOf(wanted, at + 1)) {
    const context =
      common(text.slice(Math.max(0, at - before.length), at), before, true) +
      common(text.slice(at + wanted.length, at + wanted.length + after.length), after, false);
    const score = context * 1_000_000 - Math.abs(map[at]! - q.startOffset);
    if (!best || score > best.score) best = { at, score };
  }
  return best && { start: map[best.at]!, end: map[best.at + wanted.length - 1]! + 1 };
}

describe('locate', () => {
  test('finds a quote whatever the whitespace, at its raw offsets', () => {
    const raw = 'The  evaluator\n    is just\tanother   program.';
    const at = locate(raw, quote('evaluator is just another'));
    expect(at).toEqual({ start: 5, end: raw.indexOf('another') + 'another'.length });
    expect(raw.slice(at!.start, at!.end)).toBe('evaluator\n    is just\tanother');
  });

  test('context decides between occurrences, then nearness to the old offset', () => {
    const raw = 'a cat sat.\n\n  A dog and a cat ran.   And a cat slept.';
    const ran = locate(raw, quote('cat', 'and a ', ' ran'));
    expect(raw.slice(ran!.start, ran!.end + 4)).toBe('cat ran');
    const near = locate(raw, quote('cat', '', '', raw.lastIndexOf('cat') - 3));
    expect(near!.start).toBe(raw.lastIndexOf('cat'));
    expect(locate(raw, quote('horse'))).toBeNull();
    expect(locate(raw, quote('  \n '))).toBeNull();
  });

  test('agrees with a character-by-character search on mixed whitespace', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = ['ab', 'c', ' ', '  ', '\n', '\n   ', '\t', 'de f', '\u00a0', 'gh'];
    for (let round = 0; round < 200; round += 1) {
      let raw = '';
      while (raw.length < 200) raw += pieces[Math.floor(random() * pieces.length)];
      const start = Math.floor(random() * 150);
      const q = quote(
        raw.slice(start, start + 1 + Math.floor(random() * 30)),
        raw.slice(Math.max(0, start - 10), start),
        raw.slice(start + 30, start + 40),
        Math.floor(random() * 200),
      );
      expect(locate(raw, q)).toEqual(slowLocate(raw, q));
    }
  });
});

describe('readFraction', () => {
  test('a short chapter shown to its last words is read to its end, whatever whitespace follows them', () => {
    // A caption, then the indentation around the closing image (the book showed 29–39% here).
    const text = `\n  Le lapin.\n    ${' '.repeat(30)}\n\n      \n    `;
    const end = text.indexOf('.') + 1;
    expect(readFraction(text, end)).toBe(1);
    expect(readFraction('abcdef', 3)).toBe(0.5);
    expect(readFraction('   ', 0)).toBe(1);
  });
});

describe('nthOccurrence', () => {
  test('finds the n-th place of the words, case and runs of whitespace aside, in raw offsets', () => {
    const raw = 'A Procedure,\n   a  procedure and the PROCEDURE.';
    expect(nthOccurrence(raw, 'procedure', 0)).toEqual({ start: 2, end: 11 });
    const second = nthOccurrence(raw, 'procedure', 1)!;
    expect(raw.slice(second.start, second.end)).toBe('procedure');
    const third = nthOccurrence(raw, 'procedure', 2)!;
    expect(raw.slice(third.start, third.end)).toBe('PROCEDURE');
    expect(nthOccurrence(raw, 'a procedure', 1)).toEqual({ start: 16, end: 28 });
    expect(nthOccurrence(raw, 'lambda', 0)).toBeNull();
  });
});
