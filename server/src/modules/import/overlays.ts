import type { MediaOverlay } from '@textbook/contracts';
import type { ParsedBook } from './epub.js';
import { chapterOverlay, parseSmil, type SmilPar } from './smil.js';

/**
 * Each spine document's media overlay (issue 33), in spine order (null for a document without one). A SMIL
 * shared by several documents is parsed once; each keeps the pars that read it. `audioUrl` gives a stored audio
 * file's URL by its container path, null when the package lacks it.
 */
export function chapterOverlays(book: ParsedBook, audioUrl: (path: string) => string | null): (MediaOverlay | null)[] {
  const parsed = new Map<string, SmilPar[] | null>();
  const smilOf = (path: string) => {
    if (!parsed.has(path)) {
      const bytes = book.resources.find((r) => r.path === path)?.bytes;
      parsed.set(path, bytes ? parseSmil(bytes, path) : null);
    }
    return parsed.get(path) ?? null;
  };
  return book.documents.map((doc) => {
    if (!doc.overlay) return null;
    const pars = smilOf(doc.overlay.path);
    return pars ? chapterOverlay(pars, doc.path, doc.overlay.id, book.pkg.media, audioUrl) : null;
  });
}
