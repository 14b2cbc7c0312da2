import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { pinyin } from 'pinyin-pro';
import type { AppContext } from '../../http/context.js';

/**
 * The word segmenter (jieba) with its dictionary, built on first use: it takes a second or two, so an app keeps
 * one (`wordsOf(ctx)`, in `ctx.local`) and a command-line run (import, seed) makes one for its whole run.
 */
export class Words {
  private jieba: Jieba | null = null;

  private segmenter(): Jieba {
    this.jieba ??= Jieba.withDict(dict);
    return this.jieba;
  }

  /** Words for the index: jieba's search mode (whole words and their parts, 高等数学 → 高等 数学 高等数学). */
  indexWords(text: string): string {
    return clean(this.segmenter().cutForSearch(text, true)).join(' ');
  }

  /** Words of a query: precise mode, each one must be found. */
  queryWords(text: string): string[] {
    return [...new Set(clean(this.segmenter().cut(text, true)))];
  }

  /** Words to highlight: search mode, so a part of a compound is marked too. */
  highlightWords(text: string): string[] {
    return [...new Set(clean(this.segmenter().cutForSearch(text, true)))].sort((a, b) => b.length - a.length);
  }
}

/** The app's segmenter. */
export const wordsOf = (ctx: Pick<AppContext, 'local'>): Words => ctx.local('catalog:words', () => new Words());

const WORD = /[\p{L}\p{N}]/u;

function clean(tokens: string[]): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    const w = t.trim().toLowerCase();
    // Only letters and digits reach the index or a query: no operator of FTS5 or tsquery can slip in.
    if (w && WORD.test(w)) out.push(w.replace(/[^\p{L}\p{N}]/gu, ''));
  }
  return out.filter(Boolean);
}

/** Full pinyin (gaodengshuxue) and initials (gdsx) of a title; other characters pass through lower-cased. */
export function titlePinyin(title: string): { full: string; initials: string } {
  const syllables = pinyin(title, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
  const words = syllables.map((s) => s.toLowerCase().replace(/[^a-z0-9]/g, '')).filter(Boolean);
  const han = [...title].filter((c) => /\p{Script=Han}/u.test(c));
  const initials = han.length
    ? pinyin(han.join(''), { pattern: 'first', toneType: 'none', type: 'array' }).join('').toLowerCase()
    : '';
  return { full: words.join(''), initials };
}

export function isPinyinQuery(q: string): boolean {
  return /^[a-zA-Z]{2,40}$/.test(q.trim());
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The text with each found word wrapped in <em>; everything else escaped. */
export function highlight(text: string, words: string[]): string {
  const found = words.filter((w) => w && text.toLowerCase().includes(w));
  if (!found.length) return escapeHtml(text);
  const pattern = new RegExp(`(${found.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return text
    .split(pattern)
    .map((part, i) => (i % 2 === 1 ? `<em>${escapeHtml(part)}</em>` : escapeHtml(part)))
    .join('')
    .replaceAll('</em><em>', ''); // adjacent words read as one highlight (微观 + 经济学)
}

/** Highlights the Han characters whose initials the query spells (gdsx in 高等数学教程 marks 高等数学). */
export function highlightInitials(title: string, query: string): string | null {
  const q = query.toLowerCase();
  const chars = [...title];
  const initials = chars.map((c) =>
    /\p{Script=Han}/u.test(c) ? pinyin(c, { pattern: 'first', toneType: 'none' }).toLowerCase() : '',
  );
  for (let start = 0; start < chars.length; start++) {
    let k = 0;
    let end = start;
    while (end < chars.length && k < q.length && initials[end] === q[k]) {
      k += 1;
      end += 1;
    }
    if (k === q.length) {
      return `${escapeHtml(chars.slice(0, start).join(''))}<em>${escapeHtml(chars.slice(start, end).join(''))}</em>${escapeHtml(chars.slice(end).join(''))}`;
    }
  }
  return null;
}
