import { isExternal, resolveInBook } from './paths.js';

export type AssetUrl = (path: string) => string | null;

/**
 * Book CSS keeps its layout (vertical writing, ruby, columns) but loses everything that loads or runs:
 * url() to the outside or to files not in the book, @import of anything but the book's own sheets,
 * IE expressions, behaviours and bindings.
 */
export function sanitizeCss(css: string, fromPath: string, assetUrl: AssetUrl): string {
  const url = (raw: string): string | null => {
    const ref = raw.trim().replace(/^['"]|['"]$/g, '');
    if (!ref || isExternal(ref)) return null;
    const resolved = resolveInBook(fromPath, ref);
    return resolved ? assetUrl(resolved) : null;
  };
  return css
    .replace(/<\/?style/gi, '')
    .replace(/@import\s+(?:url\()?\s*(['"]?)([^'")\s;]+)\1\s*\)?[^;]*;?/gi, (_m, _q, ref: string) => {
      const target = url(ref);
      return target ? `@import url("${target}");` : '';
    })
    .replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (_m, _q, ref: string) => {
      const target = url(ref);
      return target ? `url("${target}")` : 'none';
    })
    .replace(/expression\s*\(/gi, 'invalid(')
    .replace(/(-moz-binding|behavior)\s*:/gi, 'x-removed:')
    .replace(/javascript:/gi, '');
}
