import { scopeCss } from '@textbook/contracts';
import { takePrefetched } from '../../api/prefetched';

/**
 * A book's CSS in the reader (decision 0021): its sheets fetched once per address, and scoped into a chapter's or a
 * page's shadow root.
 */

const cssCache = new Map<string, Promise<string>>();
/** The sheets that have arrived, by address. */
const cssText = new Map<string, string>();
/** A book sheet's text (empty when it cannot be had), fetched once. */
export function fetchCss(url: string): Promise<string> {
  const found = cssCache.get(url);
  if (found) return found;
  // The server's page for a visitor's free chapter carries its stylesheets' text: kept like a fetched sheet, so
  // the next chapter with it neither fetches it again nor waits for it.
  const inHand = takePrefetched(url);
  const text =
    typeof inHand === 'string'
      ? Promise.resolve(inHand)
      : fetch(url, { credentials: 'same-origin' })
          .then((r) => (r.ok ? r.text() : ''))
          .catch(() => '');
  const kept = text.then((sheet) => {
    cssText.set(url, sheet);
    return sheet;
  });
  cssCache.set(url, kept);
  return kept;
}

/** The sheet's text when it has arrived already (a chapter with every sheet here is put on the page at once). */
export const sheetInHand = (url: string): string | undefined => cssText.get(url);

/**
 * Puts the book's sheets and the chapter's own CSS, scoped (`html`/`body` → `.epub-body`), into the root's
 * `style.book-css`, and their @font-face rules into the document's head (a shadow root's are not used). Answers the
 * fonts' element: `fonts` itself when the faces are the same (not declared again: a new declaration loads its font
 * anew), else a new one (`fonts` removed), null when there are none.
 */
export function putBookCss(
  root: ShadowRoot,
  sheets: string[],
  chapter: { css: string; bookId: number },
  fonts: HTMLStyleElement | null,
): HTMLStyleElement | null {
  const scoped = scopeCss([...sheets, chapter.css].join('\n'));
  const bookCss = root.querySelector('style.book-css')!;
  if (bookCss.textContent !== scoped.css) bookCss.textContent = scoped.css;
  const faces = scoped.fontFaces.join('\n');
  if (fonts && fonts.textContent === faces) return fonts;
  fonts?.remove();
  if (!faces) return null;
  const made = document.createElement('style');
  made.dataset.bookFonts = String(chapter.bookId);
  made.textContent = faces;
  document.head.append(made);
  return made;
}
