/** CJK ideographs, kana, CJK punctuation and full-width forms: scripts written without spaces. */
const CJK = '[\\u2e80-\\u2fdf\\u3000-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef]';
const HARD_WRAP = new RegExp(`(${CJK})[ \\t]*\\r?\\n[ \\t\\r\\n]*(?=${CJK})`, 'g');

/**
 * Hard-wrapped Chinese (a line break between two CJK characters) renders as a stray space in a
 * browser; the break is removed. Breaks next to Latin text stay, since there the space is meant.
 */
export function joinHardWrappedCjk(text: string): string {
  return text.includes('\n') ? text.replace(HARD_WRAP, '$1') : text;
}
