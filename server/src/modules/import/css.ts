import { isExternal, resolveInBook } from './paths.js';

export type AssetUrl = (path: string) => string | null;

/**
 * Book CSS keeps its layout (vertical writing, ruby, columns) but loses everything that loads or runs:
 * url() to the outside or to files not in the book, @import of anything but the book's own sheets,
 * IE expressions, behaviours and bindings. A reference to an element of the same document (`fill: url(#star)`,
 * an SVG pattern or gradient) loads nothing and stays. EPUB's `-epub-` properties become the standard ones.
 */
export function sanitizeCss(css: string, fromPath: string, assetUrl: AssetUrl): string {
  const url = (raw: string): string | null => {
    const ref = raw.trim().replace(/^['"]|['"]$/g, '');
    if (!ref || isExternal(ref)) return null;
    const resolved = resolveInBook(fromPath, ref);
    return resolved ? assetUrl(resolved) : null;
  };
  return (
    unprefixEpub(unescapeCss(css))
      .replace(/<\/?style/gi, '')
      .replace(/@import\s+(?:url\()?\s*(['"]?)([^'")\s;]+)\1\s*\)?[^;]*;?/gi, (_m, _q, ref: string) => {
        const target = url(ref);
        return target ? `@import url("${target}");` : '';
      })
      .replace(/url\(\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^)]*)\s*\)/gi, (_m, quoted: string) => {
        const ref = quoted.trim().replace(/^(['"])([\s\S]*)\1$/, '$2');
        if (ref.includes('\\')) return 'none';
        if (/^#[\w.:-]+$/.test(ref)) return `url("${ref}")`;
        const target = url(ref);
        return target ? `url("${target}")` : 'none';
      })
      // Functions that load a bare string as an image: nothing of the book needs them.
      .replace(/\b(-webkit-)?image-set\s*\(|\bsrc\s*\(/gi, 'invalid(')
      .replace(/expression\s*\(/gi, 'invalid(')
      .replace(/(-moz-binding|behavior)\s*:/gi, 'x-removed:')
      .replace(/javascript:/gi, '')
  );
}

/**
 * CSS escapes of letters, digits and URL punctuation written out (`\\75 rl(` is `url(`), so that the rules
 * above see every url() however it is spelt. Other escapes (quotes, braces) stay as they are.
 */
function unescapeCss(css: string): string {
  return css.replace(
    /\\([0-9a-fA-F]{1,6})\s?|\\([g-zG-Z():/.@-])/g,
    (whole, hex: string | undefined, char?: string) => {
      const c = hex ? String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd) : char!;
      return /^[A-Za-z0-9():/.@-]$/.test(c) ? c : whole;
    },
  );
}

/** EPUB 3's `-epub-` values that differ from the standard property's. */
const EPUB_VALUES: Record<string, Record<string, string>> = {
  'text-orientation': { 'vertical-right': 'mixed', 'rotate-right': 'sideways', 'rotate-normal': 'sideways' },
  'text-underline-position': { alphabetic: 'auto' },
};

/** EPUB 3's prefixed properties (EPUB Content Documents 3.0.1, CSS) in the names and values browsers know. */
export function unprefixEpub(css: string): string {
  return css
    .replace(/\btext-transform\s*:\s*-epub-fullwidth/gi, 'text-transform: full-width')
    .replace(/(^|[;{\s])-epub-([a-z-]+)\s*:\s*([^;}!]*)/gi, (whole, open: string, name: string, rawValue: string) => {
      const prop = name.toLowerCase();
      const value = rawValue.trim();
      if (prop === 'text-combine' || prop === 'text-combine-horizontal') {
        const all = /^(horizontal|all)\b/i.test(value);
        return `${open}text-combine-upright: ${all ? 'all' : 'none'}`;
      }
      if (!KNOWN.has(prop)) return whole;
      const words = value.split(/\s+/).map((w) => EPUB_VALUES[prop]?.[w.toLowerCase()] ?? w);
      return `${open}${prop}: ${words.join(' ')}`;
    });
}

const KNOWN = new Set([
  'writing-mode',
  'text-orientation',
  'text-emphasis',
  'text-emphasis-color',
  'text-emphasis-position',
  'text-emphasis-style',
  'hyphens',
  'line-break',
  'word-break',
  'text-align-last',
  'text-underline-position',
]);
