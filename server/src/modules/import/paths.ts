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

/** The base every container path is resolved against (a special scheme: "/" and ".." behave as in a URL). */
const CONTAINER = 'epub://container/';

/**
 * Resolves a reference against the document that holds it, to a path inside the container, as URL parsing
 * does with the container root as the origin's root: a path-absolute `/media/a.jpg` starts at the root, and
 * `../` beyond the top stays at the root. Null when it is external (a scheme or a network path): such
 * resources are never served.
 */
export function resolveInBook(fromFile: string, href: string): string | null {
  const { path: rel } = splitFragment(href.trim());
  if (!rel) return fromFile;
  if (isExternal(rel) || rel.startsWith('\\')) return null;
  let url: URL;
  try {
    url = new URL(rel.replace(/\\/g, '/'), CONTAINER + fromFile.split('/').map(encodeURIComponent).join('/'));
  } catch {
    return null;
  }
  if (url.protocol !== 'epub:' || url.host !== 'container') return null;
  const joined = url.pathname
    .slice(1)
    .split('/')
    .map((segment) => safeDecode(segment))
    .join('/');
  if (!joined || joined.split('/').includes('..')) return null;
  return joined.normalize('NFC');
}
