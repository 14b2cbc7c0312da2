/**
 * The book's CSS, made to apply inside the reader's shadow root: `html`, `body` and `:root` selectors point at
 * the chapter's wrapper (`.epub-body`, which carries the html and body classes), and @font-face rules are
 * lifted out (Chromium ignores them inside a shadow root) to be declared on the document.
 */
export function scopeCss(css: string): { css: string; fontFaces: string[] } {
  const fontFaces: string[] = [];
  const withoutFonts = unprefix(css).replace(/@font-face\s*\{[^}]*\}/gi, (rule) => {
    fontFaces.push(rule);
    return '';
  });
  const scoped = withoutFonts.replace(/(^|[{};])([^{}@;]+)\{/g, (_m, open: string, prelude: string) => {
    const selectors = prelude
      .split(',')
      .map((sel) =>
        sel
          .replace(/(^|[\s>+~(])(html|body|:root)(?=$|[\s.#:[>+~),])/gi, '$1.epub-body')
          .replace(/\.epub-body(\s*>?\s*)\.epub-body/g, '.epub-body'),
      )
      .join(',');
    return `${open}${selectors}{`;
  });
  return { css: scoped, fontFaces };
}

/** EPUB 3's -epub- properties (vertical writing, emphasis, combining digits) in the names browsers know. */
function unprefix(css: string): string {
  return css
    .replace(/-(?:epub|webkit)-text-combine(?:-upright)?\s*:\s*horizontal/gi, 'text-combine-upright: all')
    .replace(/-epub-text-combine\s*:\s*none/gi, 'text-combine-upright: none')
    .replace(
      /(^|[;{\s])-(?:epub|webkit)-(writing-mode|text-orientation|text-emphasis[\w-]*|hyphens|word-break|line-break)\s*:/gi,
      '$1$2:',
    );
}
