import path from 'node:path';

/** True for URLs that leave the book: a scheme (http:, file:, data:…) or a network path (//host). */
export function isExternal(href: string): boolean {
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(href) || href.startsWith('//');
}

export function splitFragment(href: string): { path: string; fragment: string } {
  const hash = href.indexOf('#');
  const withoutQuery = (hash < 0 ? href : href.slice(0, hash)).replace(/\?.*$/, '');
  return { path: withoutQuery, fragment: hash < 0 ? '' : safeDecode(href.slice(hash + 1)) };
}

export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Resolves a relative reference against the document that holds it, to a path inside the container.
 * Null when it is external, absolute, or climbs out of the container (such resources are never served).
 */
export function resolveInBook(fromFile: string, href: string): string | null {
  const { path: rel } = splitFragment(href.trim());
  if (!rel) return fromFile;
  if (isExternal(rel) || rel.startsWith('/')) return null;
  const baseDir = path.posix.dirname(fromFile);
  const joined = path.posix.normalize(path.posix.join(baseDir === '.' ? '' : baseDir, safeDecode(rel)));
  if (joined.startsWith('../') || joined === '..' || joined.startsWith('/')) return null;
  return joined.normalize('NFC');
}
